import { describe, expect, it } from "vitest";
import { hostileClusterFiles } from "@/e2e/support/hostile-cluster";
import { analyze } from "@/lib/analyze";
import { hasHiddenCharacters } from "@/lib/format/inert-text";
import { FIXTURE_NOW, reportFor } from "@/lib/test-support/fixtures";
import { reportWithDumps } from "@/lib/test-support/kubectl-dumps";
import type { Report } from "@/lib/report";
import { buildTimeline, type TimelineBar } from "./timeline-rows";

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

  it("flags follow the findings that name the certificate", async () => {
    // Judged in 2035, the healthy node's ten-year CAs are inside the 365-day horizon.
    const report = await reportFor("healthy", "2035-06-01T00:00:00Z");
    const { bars } = buildTimeline(report);
    const flagged = bars
      .filter((bar) => bar.flags.length > 0)
      .map((bar) => bar.id)
      .sort();
    const named = [
      ...new Set(
        report.findings
          .filter((f) => f.code === "CA_EXPIRES_SOON" || f.code === "CERT_OUTLIVES_ISSUER")
          .flatMap((f) => f.certificateIds ?? []),
      ),
    ].sort();
    expect(flagged).toEqual(named);
    for (const bar of bars.filter((b) => b.flags.length > 0))
      expect(bar.ariaLabel).toContain(bar.flags[0]?.text ?? "");
  });

  it("the horizon ends caHorizonDays after the judge date", async () => {
    const report = await reportFor("kubeadm-v1.20");
    const model = buildTimeline(report);
    expect(model.now).toBe(Date.parse("2026-12-01T00:00:00Z"));
    expect(new Date(model.horizonEnd).toISOString()).toBe("2027-12-01T00:00:00.000Z");
  });

  it("nodes are listed in the order people count them (node-9 before node-10)", async () => {
    const report = await reportFor("healthy");
    // Ten more kubelets in the same report, named as a cluster names them.
    const kubelet = report.components.find((c) => c.kind === "kubelet");
    const relationship = report.relationships.find((r) => r.id === "kubelet-client");
    const certificate = report.certificates.find(
      (c) => c.id === relationship?.clientEnd.presents?.certificateId,
    );
    if (!kubelet || !relationship || !certificate) throw new Error("healthy has a kubelet client");
    const nodes = [10, 9, 2, 1].map((n) => `node-${n}`);
    const copy: typeof report = {
      ...report,
      components: [
        ...report.components,
        ...nodes.map((node) => ({ ...kubelet, id: `kubelet:${node}`, name: `kubelet (${node})`, node })),
      ],
      certificates: [
        ...report.certificates,
        ...nodes.map((node, i) => ({
          ...certificate,
          id: `${certificate.id}-${i}`,
          sha256: `${i}`.repeat(64),
        })),
      ],
      relationships: [
        ...report.relationships,
        ...nodes.map((node, i) => ({
          ...relationship,
          key: `kubelet-client:${node}`,
          client: `kubelet:${node}`,
          clientEnd: {
            ...relationship.clientEnd,
            component: `kubelet:${node}`,
            presents: { kind: "certificate" as const, source: node, certificateId: `${certificate.id}-${i}` },
          },
        })),
      ],
    };
    const details = buildTimeline(copy)
      .bars.map((bar) => bar.detail)
      .filter((d) => d.startsWith("kubelet (node-"));
    expect(details).toEqual([
      "kubelet (node-1)",
      "kubelet (node-2)",
      "kubelet (node-9)",
      "kubelet (node-10)",
    ]);
  });

  it("leaf-outlives-issuer: the leaf says by how long it outlives its CA, and carries the CA's end", async () => {
    const report = await reportFor("leaf-outlives-issuer");
    const finding = report.findings.find((f) => f.code === "CERT_OUTLIVES_ISSUER");
    const { bars } = buildTimeline(report);
    const flagged = bars.filter((bar) => bar.flags.some((flag) => flag.tone === "error"));
    expect(flagged.map((bar) => bar.id)).toEqual(finding?.certificateIds);
    const [leaf] = flagged;
    expect(leaf?.issuerEnd).toBeLessThan(leaf?.notAfter ?? 0);
    expect(leaf?.flags[0]?.text).toMatch(/^outlives its CA by \d+ days$/);
    expect(finding?.title).toContain(leaf?.flags[0]?.text.replace("outlives its CA by ", "") ?? "-");
  });

  it("ca-expires-soon: the CA inside the horizon is flagged, its leaves are not", async () => {
    const report = await reportFor("ca-expires-soon");
    const named = report.findings
      .filter((f) => f.code === "CA_EXPIRES_SOON")
      .flatMap((f) => f.certificateIds ?? []);
    expect(named.length).toBeGreaterThan(0);
    const { bars } = buildTimeline(report);
    const flagged = bars.filter((bar) => bar.flags.length > 0);
    expect(flagged.map((bar) => bar.id).sort()).toEqual([...named].sort());
    for (const bar of flagged) {
      expect(bar.heading).toBe(true);
      expect(bar.flags).toEqual([
        { text: `inside the ${report.caHorizonDays}-day CA horizon`, tone: "warning" },
      ]);
      expect(bar.notAfter).toBeLessThanOrEqual(buildTimeline(report).horizonEnd);
    }
  });
});

describe("buildTimeline on names that try to fool the reader", () => {
  it("draws and speaks every name of the input with its hidden characters as escapes", async () => {
    const report = await analyze(await hostileClusterFiles(), { now: FIXTURE_NOW });
    const { bars } = buildTimeline(report);
    for (const bar of bars)
      for (const text of [bar.name, bar.detail, bar.ariaLabel])
        expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    const clusterCa = bars.find((bar) => bar.heading && bar.name === "Cluster CA");
    expect(clusterCa?.detail).toBe("ca.crt · kuber\\u200Bnetes\\u202Eac-tsil\\x1B[2J");
    // The copies keep their names apart: the look-alike is not "apiserver.crt".
    expect(bars.filter((bar) => bar.name === "admin\\u202Egnp.exe.crt")).toHaveLength(1);
  });
});
