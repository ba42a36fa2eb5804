/**
 * The renewal plan on real analyses: grouping by day (expired first), the step per kind, what to
 * restart, what breaks, and the command list. kubeadm's own `certs check-expiration` output for the
 * v1.20 sample is the oracle for which certificates kubeadm renews and under which names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { fixtureDir, readTree, reportFor } from "../test-support/fixtures";
import { reportWithDumps } from "../test-support/kubectl-dumps";
import { KUBEADM_RENEW_ALL, renewalPlan } from "./renewal-plan";
import { DOCS } from "./renewal-kind";
import { staticPodRestartCommand } from "./restart";
import type { RenewalItem, RenewalPlan } from "./types";

async function planFor(fixture: string, now?: string): Promise<RenewalPlan> {
  return renewalPlan(await reportFor(fixture, now));
}

function items(plan: RenewalPlan): RenewalItem[] {
  return plan.days.flatMap((day) => day.items);
}

function item(plan: RenewalPlan, label: string): RenewalItem {
  const found = items(plan).find((candidate) => candidate.label === label);
  if (!found)
    throw new Error(
      `no item ${label} in ${items(plan)
        .map((i) => i.label)
        .join(", ")}`,
    );
  return found;
}

/** The rows of kubeadm's `certs check-expiration` table: certificate names, then CA names. */
function checkExpiration(): { certificates: string[]; authorities: string[] } {
  const text = readFileSync(join(fixtureDir("kubeadm-v1.20"), "check-expiration.txt"), "utf8");
  const [leaves = "", cas = ""] = text.split(/\n\s*\n/);
  const names = (table: string) =>
    table
      .split("\n")
      .slice(1)
      .map((line) => line.split(/\s+/)[0] ?? "")
      .filter((name) => name !== "");
  return { certificates: names(leaves), authorities: names(cas) };
}

const STATIC_POD = {
  apiserver: staticPodRestartCommand("kube-apiserver.yaml"),
  etcd: staticPodRestartCommand("etcd.yaml"),
  controllerManager: staticPodRestartCommand("kube-controller-manager.yaml"),
  scheduler: staticPodRestartCommand("kube-scheduler.yaml"),
};

describe("renewalPlan on kubeadm v1.20's own output", () => {
  it("renews exactly what kubeadm certs check-expiration lists, under kubeadm's names", async () => {
    const plan = await planFor("kubeadm-v1.20");
    const kubeadm = items(plan).filter((candidate) => candidate.kind === "kubeadm");
    const { certificates, authorities } = checkExpiration();
    expect(kubeadm.map((candidate) => candidate.command).sort()).toEqual(
      certificates.map((name) => `kubeadm certs renew ${name}`).sort(),
    );
    expect(items(plan).filter((candidate) => candidate.kind === "ca-rotation")).toHaveLength(
      authorities.length,
    );
  });

  it("groups the leaves on the day they expire and the CAs on theirs, earliest first", async () => {
    const plan = await planFor("kubeadm-v1.20");
    expect(plan.days.map((day) => [day.date, day.daysLeft, day.state, day.items.length])).toEqual([
      ["2027-11-22", 356, "ok", 11],
      ["2036-11-19", 3641, "ok", 3],
    ]);
    expect(plan.days[1]?.items.map((candidate) => candidate.label)).toEqual([
      "ca.crt",
      "etcd/ca.crt",
      "front-proxy-ca.crt",
    ]);
  });

  it("hands the embedded kubelet.conf certificate to kubelet rotation with the v1.20 phase name", async () => {
    const kubelet = item(await planFor("kubeadm-v1.20"), "kubelet.conf");
    expect(kubelet).toMatchObject({
      kind: "kubelet-rotation",
      command: "kubeadm init phase kubelet-finalize experimental-cert-rotation",
      runnable: true,
      restart: ["restart the kubelet on cp-1"],
      followUp: ["systemctl restart kubelet"],
      docUrl: DOCS.kubeletClient,
    });
    expect(kubelet.note).toContain("/var/lib/kubelet/pki/kubelet-client-current.pem");
  });

  it("with the rotated certificate in the drop, points kubelet.conf at it: nothing is issued", async () => {
    const plan = await planFor("layouts-faults/kubelet-conf-embedded-expired", "2026-12-01T00:00:00Z");
    const kubelet = item(plan, "kubelet.conf");
    expect(kubelet.command).toBe(
      "sed -i -e 's#client-certificate-data: .*#client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem#' -e 's#client-key-data: .*#client-key: /var/lib/kubelet/pki/kubelet-client-current.pem#' /etc/kubernetes/kubelet.conf",
    );
    expect(kubelet.note).toContain("nothing needs issuing");
    expect(kubelet.followUp).toEqual(["systemctl restart kubelet"]);
  });

  it("says what stops on the day the leaves expire", async () => {
    const [leaves] = (await planFor("kubeadm-v1.20")).days;
    expect(leaves?.impact).toBe(
      "the API goes down (kube-apiserver loses etcd); etcd members lose each other; every client rejects " +
        "kube-apiserver; kubectl (admin), kube-controller-manager, kube-scheduler and the kubelet on cp-1 stop " +
        "authenticating; kubectl logs, exec and port-forward fail; aggregated APIs fail; etcd health checks fail",
    );
  });

  it("lists what to do after the day's renewals once each, in run order", async () => {
    const [leaves, cas] = (await planFor("kubeadm-v1.20")).days;
    expect(leaves?.afterwards).toEqual([
      "restart etcd (static pod)",
      "restart kube-apiserver (static pod)",
      "restart kube-controller-manager (static pod)",
      "restart kube-scheduler (static pod)",
      "restart the kubelet on cp-1",
      "copy admin.conf to ~/.kube/config for kubectl",
    ]);
    expect(cas?.afterwards).toEqual([]);
  });

  it("runs one renew all, then each restart once, etcd first, admin.conf copied last", async () => {
    expect((await planFor("kubeadm-v1.20")).commands).toEqual([
      KUBEADM_RENEW_ALL,
      "kubeadm init phase kubelet-finalize experimental-cert-rotation",
      STATIC_POD.etcd,
      STATIC_POD.apiserver,
      STATIC_POD.controllerManager,
      STATIC_POD.scheduler,
      "systemctl restart kubelet",
      "cp -i /etc/kubernetes/admin.conf $HOME/.kube/config",
    ]);
  });
});

describe("renewalPlan steps per certificate (healthy kubeadm 1.31 node)", () => {
  const cases: { label: string; want: Partial<RenewalItem> }[] = [
    {
      label: "apiserver.crt",
      want: {
        kind: "kubeadm",
        command: "kubeadm certs renew apiserver",
        restart: ["restart kube-apiserver (static pod)"],
        followUp: [STATIC_POD.apiserver],
      },
    },
    {
      label: "etcd/server.crt",
      want: { kind: "kubeadm", command: "kubeadm certs renew etcd-server", followUp: [STATIC_POD.etcd] },
    },
    {
      label: "etcd/healthcheck-client.crt",
      want: {
        kind: "kubeadm",
        command: "kubeadm certs renew etcd-healthcheck-client",
        restart: [],
        followUp: [],
      },
    },
    {
      label: "admin.conf",
      want: {
        kind: "kubeadm",
        command: "kubeadm certs renew admin.conf",
        restart: ["copy admin.conf to ~/.kube/config for kubectl"],
        followUp: ["cp -i /etc/kubernetes/admin.conf $HOME/.kube/config"],
      },
    },
    { label: "super-admin.conf", want: { kind: "kubeadm", restart: [], followUp: [] } },
    {
      label: "scheduler.conf",
      want: { restart: ["restart kube-scheduler (static pod)"], followUp: [STATIC_POD.scheduler] },
    },
    {
      label: "kubelet-client-current.pem",
      want: {
        kind: "kubelet-rotation",
        command: "openssl x509 -noout -enddate -in /var/lib/kubelet/pki/kubelet-client-current.pem",
        restart: [],
        followUp: [],
      },
    },
    {
      label: "kubelet.crt",
      want: {
        kind: "kubelet-self-signed",
        command: "rm /var/lib/kubelet/pki/kubelet.crt /var/lib/kubelet/pki/kubelet.key",
        restart: ["restart the kubelet on control-1"],
        followUp: ["systemctl restart kubelet"],
        // Its self-signed CA, the file's second block, rides along rather than being an item.
        bundledIds: ["c-27ede8d26cecf355"],
      },
    },
    {
      label: "ca.crt",
      want: { kind: "ca-rotation", command: "plan a CA rotation", runnable: false, docUrl: DOCS.caRotation },
    },
  ];
  it.each(cases)("$label", async ({ label, want }) => {
    expect(item(await planFor("healthy"), label)).toMatchObject(want);
  });

  it("puts every certificate in the plan exactly once, as an item or bundled with one", async () => {
    const report = await reportFor("healthy");
    const plan = renewalPlan(report);
    expect(
      items(plan)
        .flatMap((candidate) => [candidate.certificateId, ...(candidate.bundledIds ?? [])])
        .sort(),
    ).toEqual(report.certificates.map((certificate) => certificate.id).sort());
  });

  it("tells the kubelet's rotation window, and that it was missed once it closed", async () => {
    const before = item(await planFor("healthy"), "kubelet-client-current.pem");
    expect(before.note).toContain("between 2026-09-13 and 2026-11-25");
    expect(before.note).not.toContain("not working");
    const after = item(await planFor("healthy", "2026-12-10T00:00:00Z"), "kubelet-client-current.pem");
    expect(after.note).toContain("Its rotation window closed on 2026-11-25");
    expect(after.expiryState).toBe("soon");
  });

  it("asks to start a CA rotation inside the CA horizon", async () => {
    const far = item(await planFor("healthy"), "ca.crt");
    expect(far.note).not.toContain("start now");
    const near = item(await planFor("healthy", "2035-06-01T00:00:00Z"), "ca.crt");
    expect(near.note).toContain("within the 365-day CA horizon: start now");
  });
});

describe("renewalPlan on faults", () => {
  it("leads with the expired day and its outage", async () => {
    const plan = await planFor("expired-apiserver");
    const [first] = plan.days;
    expect(first).toMatchObject({ date: "2026-05-01", daysLeft: -31, state: "expired" });
    expect(first?.items.map((candidate) => candidate.command)).toEqual(["kubeadm certs renew apiserver"]);
    expect(first?.impact).toBe("every client rejects kube-apiserver");
    expect(first?.items[0]?.breaks).toEqual([
      "every client rejects kube-apiserver's serving certificate: kubectl, kubelets and controllers lose the API",
    ]);
    // Two kubeadm days in one sitting: renew all covers the expired one too.
    expect(plan.commands[0]).toBe(KUBEADM_RENEW_ALL);
    expect(plan.commands.filter((command) => command.startsWith("kubeadm certs renew"))).toEqual([
      KUBEADM_RENEW_ALL,
    ]);
  });

  it("marks the day of a certificate about to expire as soon", async () => {
    const [first] = (await planFor("expires-soon-etcd-client")).days;
    expect(first).toMatchObject({ date: "2026-06-20", daysLeft: 19, state: "soon" });
    expect(first?.items.map((candidate) => candidate.label)).toEqual(["apiserver-etcd-client.crt"]);
    expect(first?.impact).toBe("the API goes down (kube-apiserver loses etcd)");
    expect(first?.items[0]?.followUp).toEqual([STATIC_POD.apiserver]);
  });

  it("makes a day holding a not-yet-valid certificate not-yet-valid", async () => {
    const plan = await planFor("not-yet-valid-front-proxy-client");
    const day = plan.days.find((candidate) =>
      candidate.items.some((i) => i.label === "front-proxy-client.crt"),
    );
    expect(day?.state).toBe("not-yet-valid");
  });

  it("renews a hand-made PKI from its own CAs and restarts without static-pod commands", async () => {
    const plan = await planFor("hand-made-pki");
    expect(items(plan).some((candidate) => candidate.kind === "kubeadm")).toBe(false);
    expect(item(plan, "kubernetes.pem")).toMatchObject({
      kind: "manual",
      runnable: false,
      command:
        "renew from the same CA (ca.pem) with the same subject, SANs and key usages, and replace etc/kubernetes/pki/kubernetes.pem",
      restart: ["restart kube-apiserver"],
      followUp: [],
    });
    expect(item(plan, "admin.kubeconfig").command).toMatch(
      /, and put it into etc\/kubernetes\/admin\.kubeconfig \(user kubernetes-admin\)$/,
    );
    expect(item(plan, "etcd/member-control-1.pem").command).toContain("(etcd/etcd-ca.pem)");
    expect(plan.commands.some((command) => command.includes("kubeadm"))).toBe(false);
  });
});

describe("renewalPlan wording derived from the report", () => {
  it("notes a certificate whose CA expires first", async () => {
    const report = await reportFor("healthy");
    const ca = report.certificates.find((certificate) =>
      certificate.paths.includes("etc/kubernetes/pki/ca.crt"),
    );
    const shortened: Report = {
      ...report,
      certificates: report.certificates.map((certificate) =>
        certificate === ca ? { ...certificate, notAfter: "2026-12-01T00:00:00.000Z" } : certificate,
      ),
    };
    const plan = renewalPlan(shortened);
    expect(item(plan, "apiserver.crt").note).toBe(
      "Its CA ca.crt expires first, on 2026-12-01: from then on it no longer verifies, whatever its own date.",
    );
    expect(item(plan, "etcd/server.crt").note).toBeUndefined();
  });

  it("names certificates by path when two nodes' inputs share file names", async () => {
    // Two nodes whose apiserver.crt differ (identical files are one certificate with two paths).
    const files = [
      ["node-a", "healthy"],
      ["node-b", "expired-apiserver"],
    ].flatMap(([node, fixture]) =>
      readTree(fixtureDir(fixture ?? "")).map((file) => ({ ...file, path: `${node}/${file.path}` })),
    );
    const plan = renewalPlan(await analyze(files, { now: "2026-06-01T00:00:00Z" }));
    const labels = items(plan).map((candidate) => candidate.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain("node-a/etc/kubernetes/pki/apiserver.crt");
    expect(labels).toContain("node-b/etc/kubernetes/pki/apiserver.crt");
    expect(labels).toContain("etcd/server.crt");
  });
});

describe("certificates kept in Secrets", () => {
  it.each([
    {
      label: "apps/legacy-tls · tls.crt",
      kind: "manual",
      command:
        "kubectl create secret tls legacy-tls -n apps --cert=tls.crt --key=tls.key --dry-run=client -o yaml | kubectl apply -f -",
      note: /Renew it from the same CA \(apps\/legacy-tls · ca\.crt\).*write the pair into the Secret apps\/legacy-tls/,
    },
    {
      label: "apps/web-tls · tls.crt",
      kind: "manual",
      command: "cert-manager renews apps/web-tls",
      note: /kubectl describe certificate -n apps/,
    },
    {
      label: "cert-manager/cert-manager-webhook-ca · ca.crt",
      kind: "ca-rotation",
      command: "plan a CA rotation",
      // Inside the 365-day horizon, but the horizon is not for CAs kept in Secrets (CA_EXPIRES_SOON).
      note: /^A CA is not renewed in place: [^.]*\.$/,
    },
  ])("$label: $command", async ({ label, kind, command, note }) => {
    const plan = renewalPlan(await reportWithDumps("healthy", ["secrets.yaml"]));
    const found = item(plan, label);
    expect([found.kind, found.command, found.runnable]).toEqual([kind, command, false]);
    expect(found.note).toMatch(note);
  });
});
