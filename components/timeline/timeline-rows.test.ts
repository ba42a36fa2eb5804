import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { reportWithDumps } from "@/lib/test-support/kubectl-dumps";
import type { Report } from "@/lib/report";
import type { TimelineBar } from "./timeline-model";
import { buildTimeline } from "./timeline-rows";

/** "name (detail)" per row, indented by depth, group rows as "# title": the rows as a person reads them. */
function outline(report: Report): string[] {
  return buildTimeline(report).rows.map((row) =>
    row.kind === "group"
      ? `# ${row.title} (${row.count})`
      : `${"  ".repeat(row.bar.depth)}${row.bar.name} — ${row.bar.detail}`,
  );
}

describe("buildTimeline", () => {
  it("kubeadm v1.20: three trust domains, each CA above what it issued, grouped by component", async () => {
    expect(outline(await reportFor("kubeadm-v1.20"))).toEqual([
      "Cluster CA — ca.crt · kubernetes",
      "  apiserver-kubelet-client.crt — kube-apiserver",
      "  apiserver.crt — kube-apiserver",
      "  controller-manager.conf — kube-controller-manager",
      "  scheduler.conf — kube-scheduler",
      "  kubelet.conf — kubelet (cp-1)",
      "  admin.conf — kubectl (admin)",
      "etcd CA — ca.crt · etcd-ca",
      "  apiserver-etcd-client.crt — kube-apiserver",
      "  peer.crt — etcd",
      "  server.crt — etcd",
      "  healthcheck-client.crt — etcd healthcheck client",
      "Front-proxy CA — front-proxy-ca.crt · front-proxy-ca",
      "  front-proxy-client.crt — kube-apiserver",
    ]);
  });

  it("healthy: the kubelet's self-signed serving CA heads its own domain, after the anchors", async () => {
    const rows = outline(await reportFor("healthy"));
    expect(rows.slice(-2)).toEqual([
      "control-1-ca@1767225600 — kubelet.crt · self-signed CA",
      "  kubelet.crt — kubelet (control-1)",
    ]);
    expect(rows).toContain("  super-admin.conf — kubectl (super-admin)");
  });

  it("a node with its cluster's Secrets: the node's domains as before, then one group per namespace, bars named after Secret and key", async () => {
    const alone = outline(await reportFor("healthy"));
    const rows = outline(await reportWithDumps("healthy", ["secrets.yaml", "csr.yaml"]));
    // The CSR's certificate is the kubelet's own, and the service-account tokens' CA the cluster's:
    // both keep their place on the node.
    expect(rows.slice(0, alone.length)).toEqual(alone);
    expect(rows.slice(alone.length)).toEqual([
      "# Secrets in apps (4)",
      "  api-tls · tls.crt — certificate, not used by any component",
      "  web-tls · tls.crt — certificate, not used by any component",
      "  legacy-ca — legacy-tls · ca.crt · self-signed CA",
      "    legacy-tls · tls.crt — certificate, not used by any component",
      "# Secrets in cert-manager (3)",
      "  internal-ca — internal-ca · tls.crt · self-signed CA",
      "  cert-manager-webhook-ca — cert-manager-webhook-ca · ca.crt · self-signed CA",
      "    cert-manager-webhook-ca · tls.crt — certificate, not used by any component",
      "# Secrets in ingress-nginx (2)",
      "  Example Public CA R1 — shop-example-tls · tls.crt · intermediate CA",
      "    shop-example-tls · tls.crt — certificate, not used by any component",
    ]);
  });

  it.each(["healthy", "kubeadm-v1.20", "hand-made-pki", "front-proxy-ca-not-ca", "wrong-ca-etcd-client"])(
    "%s: exactly one bar per certificate, with its lowercase fingerprint and expiry state",
    async (name) => {
      const report = await reportFor(name);
      const { bars } = buildTimeline(report);
      expect(bars.map((bar) => bar.sha256).sort()).toEqual(
        report.certificates.map((c) => c.sha256.toLowerCase()).sort(),
      );
      for (const bar of bars) {
        const certificate = report.certificates.find((c) => c.id === bar.id);
        expect(bar.state).toBe(certificate?.expiryState);
        expect(bar.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
    },
  );

  it("a certificate sits under the CA that signed it, whatever its name says (wrong-ca-etcd-client)", async () => {
    const report = await reportFor("wrong-ca-etcd-client");
    const rows = outline(report);
    const cluster = rows.indexOf("Cluster CA — ca.crt · kubernetes");
    const etcd = rows.findIndex((row) => row.startsWith("etcd CA"));
    const client = rows.indexOf("  apiserver-etcd-client.crt — kube-apiserver");
    expect(cluster).toBeGreaterThanOrEqual(0);
    expect(client).toBeGreaterThan(cluster);
    expect(client).toBeLessThan(etcd);
  });

  it("an issuer without CA:TRUE still heads what it signed (front-proxy-ca-not-ca)", async () => {
    const rows = outline(await reportFor("front-proxy-ca-not-ca"));
    const head = rows.findIndex((row) => row.startsWith("Front-proxy CA"));
    expect(rows[head + 1]).toBe("  front-proxy-client.crt — kube-apiserver");
  });

  it("children carry their issuer's end; CA rows do not", async () => {
    const report = await reportFor("kubeadm-v1.20");
    const { bars } = buildTimeline(report);
    const ca = report.certificates.find((c) => c.role === "cluster-ca");
    const apiserver = bars.find((bar) => bar.name === "apiserver.crt");
    expect(apiserver?.issuerEnd).toBe(Date.parse(ca?.notAfter ?? ""));
    for (const bar of bars.filter((b) => b.depth === 0)) expect(bar.issuerEnd).toBeUndefined();
  });

  it("a component's run starts a group once", async () => {
    const { bars } = buildTimeline(await reportFor("kubeadm-v1.20"));
    const apiserverRun = bars.filter(
      (bar: TimelineBar) => bar.detail === "kube-apiserver" && bar.depth === 1,
    );
    expect(apiserverRun.map((bar) => bar.startsGroup)).toEqual([true, false, true, true]);
  });

  it("the rotation window comes from the report, for the kubelet's rotated client certificate only", async () => {
    const report = await reportFor("healthy");
    const { bars } = buildTimeline(report);
    const rotating = bars.filter((bar) => bar.rotation);
    expect(rotating.map((bar) => bar.name)).toEqual(["kubelet-client-current.pem"]);
    const source = report.certificates.find((c) => c.rotation);
    expect(rotating[0]?.rotation).toEqual({
      start: Date.parse(source?.rotation?.start ?? ""),
      end: Date.parse(source?.rotation?.end ?? ""),
    });
  });

  it("the horizon ends caHorizonDays after the judge date", async () => {
    const report = await reportFor("kubeadm-v1.20");
    const model = buildTimeline(report);
    expect(model.now).toBe(Date.parse("2026-12-01T00:00:00Z"));
    expect(new Date(model.horizonEnd).toISOString()).toBe("2027-12-01T00:00:00.000Z");
  });
});
