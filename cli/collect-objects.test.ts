/**
 * The collector's opt-in --objects on a kubeadm node tree, with a stand-in `kubectl` on PATH that
 * answers from the committed cluster-objects dumps (and logs how it was called): the dumps land in
 * objects/*.yaml, are asked for with the node's admin.conf, and judge as the dumps do; with
 * --public-keys-only the TLS Secrets keep tls.crt and ca.crt and lose tls.key, and the last check
 * still holds; without kubectl, or when one request fails, the rest of the archive is written and
 * the miss is said.
 */
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { beforeAll, describe, expect, it } from "vitest";
import {
  archiveEntries,
  auditReport,
  collectorWorkspace,
  entryText,
  FIXTURE_NOW,
  FIXTURES,
  HOST,
  runCollector,
} from "./test-support/collector";

const workspace = collectorWorkspace("k8s-pki-collect-objects-");
const DUMPS = join(FIXTURES, "cluster-objects");

/** A stand-in kubectl: each resource list answered with its committed dump; `fail` names one that fails. */
function fakeKubectl(dir: string, log: string, fail = ""): string {
  mkdirSync(dir, { recursive: true });
  const script = `#!/bin/sh
printf '%s\\n' "$*" >>'${log}'
case " $* " in
  *" -o name "*) echo customresourcedefinition.apiextensions.k8s.io/certificates.cert-manager.io; exit 0 ;;
esac
case " $* " in
  *" ${fail || "never-fails"} "*) echo "error: the server doesn't have a resource type \\"${fail}\\"" >&2; exit 1 ;;
  *" validatingwebhookconfigurations,mutatingwebhookconfigurations "*) cat '${DUMPS}/webhooks.yaml' ;;
  *" apiservices "*) cat '${DUMPS}/apiservices.json' ;;
  *" customresourcedefinitions "*) cat '${DUMPS}/crds.yaml' ;;
  *" certificatesigningrequests "*) cat '${DUMPS}/csr.yaml' ;;
  *" certificates.cert-manager.io,"*) cat '${DUMPS}/cert-manager.yaml' ;;
  *" secrets "*) cat '${DUMPS}/secrets.yaml' ;;
  *) echo "unexpected: $*" >&2; exit 1 ;;
esac
`;
  writeFileSync(join(dir, "kubectl"), script);
  chmodSync(join(dir, "kubectl"), 0o755);
  return dir;
}

/** The healthy kubeadm node copied to a tree of its own, named HOST. */
function nodeTree(name: string): string {
  const root = workspace.file(name);
  cpSync(join(FIXTURES, "healthy"), root, { recursive: true });
  writeFileSync(join(root, "etc", "hostname"), `${HOST}\n`);
  return root;
}

async function collectWithObjects(
  name: string,
  options: { pko?: boolean; fail?: string; kubectl?: boolean } = {},
) {
  const root = nodeTree(name);
  const log = workspace.file(`${name}.kubectl.log`);
  writeFileSync(log, "");
  const bin =
    options.kubectl === false
      ? workspace.file(`${name}-empty-bin`)
      : fakeKubectl(workspace.file(`${name}-bin`), log, options.fail);
  mkdirSync(bin, { recursive: true });
  const out = workspace.file(`${name}.tgz`);
  const args = ["--root", root, "--out", out, "--objects", ...(options.pko ? ["--public-keys-only"] : [])];
  // Without kubectl: busybox's applets and openssl alone on PATH (this machine may have a kubectl).
  const result =
    options.kubectl === false
      ? await runCollector("busybox", args, workspace.path("busybox"))
      : await runCollector("dash", args, `${bin}:${process.env.PATH ?? ""}`);
  return {
    root,
    out,
    result,
    calls: readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .filter((line) => line !== ""),
  };
}

describe("k8s-pki-collect.sh --objects", () => {
  let run: Awaited<ReturnType<typeof collectWithObjects>>;
  beforeAll(async () => {
    run = await collectWithObjects("full");
  });

  it("asks kubectl with the node's admin.conf and writes objects/*.yaml", () => {
    expect(run.result.code).toBe(0);
    for (const call of run.calls)
      expect(call).toContain(`--kubeconfig ${run.root}/etc/kubernetes/admin.conf`);
    const paths = archiveEntries(run.out)
      .map((e) => e.path)
      .filter((p) => p.includes("/objects/") && p.endsWith(".yaml"))
      .sort();
    expect(paths).toEqual(
      ["apiservices", "cert-manager", "crds", "csrs", "tls-secrets", "webhooks"].map(
        (n) => `${HOST}/objects/${n}.yaml`,
      ),
    );
    expect(run.calls).toContainEqual(
      expect.stringContaining("get secrets -A --field-selector type=kubernetes.io/tls -o yaml"),
    );
    expect(run.result.stderr).toMatch(/objects +kubectl get \(--objects\) +6 files/);
  });

  it("judges the archive with the objects' findings", async () => {
    const report = await auditReport(run.out, FIXTURE_NOW);
    const found = report.findings
      .filter((f) => f.code === "WEBHOOK_CA_BUNDLE_MISMATCH")
      .map((f) => [f.severity, f.files[0]]);
    expect(found).toEqual([
      [
        "error",
        `${HOST}/objects/webhooks.yaml#ValidatingWebhookConfiguration/audit-guard/webhooks/audit.example.com/clientConfig/caBundle`,
      ],
      [
        "warning",
        `${HOST}/objects/webhooks.yaml#MutatingWebhookConfiguration/sidecar-injector/webhooks/inject.mesh.example.com/clientConfig/caBundle`,
      ],
    ]);
  });

  it("with --public-keys-only, keeps the Secrets' certificates and no private key", async () => {
    const pko = await collectWithObjects("pko", { pko: true });
    expect(pko.result.code).toBe(0);
    const entries = archiveEntries(pko.out);
    const secrets = entryText(entries, "/objects/tls-secrets.yaml");
    expect(secrets).toContain("tls.crt: ");
    expect(secrets).toContain("ca.crt: ");
    expect(secrets).not.toContain("tls.key");
    for (const entry of entries) {
      const text = Buffer.from(entry.bytes).toString("utf8");
      expect(text).not.toMatch(/PRIVATE KEY-----/);
      for (const run of text.match(/LS0tLS1CRUdJTi[A-Za-z0-9+/=]+/g) ?? [])
        expect(Buffer.from(run, "base64").toString("utf8")).not.toContain("PRIVATE KEY");
    }
    const report = await auditReport(pko.out, FIXTURE_NOW);
    expect(
      report.findings.filter((f) => f.code === "WEBHOOK_CA_BUNDLE_MISMATCH").map((f) => f.severity),
    ).toEqual(["error", "warning"]);
  });

  it("without kubectl, says so and writes the node's archive", async () => {
    const bare = await collectWithObjects("no-kubectl", { kubectl: false });
    expect(bare.result.code).toBe(0);
    expect(entryText(archiveEntries(bare.out), "/k8s-pki-collect.txt")).toContain(
      "--objects: no kubectl on this node",
    );
    expect(archiveEntries(bare.out).some((e) => e.path.includes("/objects/"))).toBe(false);
  });

  it("a request that fails is skipped with kubectl's words, the rest written", async () => {
    const partial = await collectWithObjects("partial", { fail: "apiservices" });
    expect(partial.result.code).toBe(0);
    const list = entryText(archiveEntries(partial.out), "/k8s-pki-collect.txt");
    expect(list).toContain(
      '/objects/apiservices.yaml: kubectl get apiservices failed: error: the server doesn\'t have a resource type "apiservices"',
    );
    expect(
      archiveEntries(partial.out).filter((e) => e.path.endsWith(".yaml") && e.path.includes("/objects/")),
    ).toHaveLength(5);
  });
});
