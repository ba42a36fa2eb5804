/**
 * A cluster whose names try to fool the reader: the healthy kubeadm node rendered by the fixture
 * generator (on its committed keys) with a cluster CA, a client certificate and a kubeconfig user
 * named with a right-to-left override, zero-width spaces, an escape sequence and a newline; copies
 * of the apiserver certificate named `admin\u202Egnp.exe.crt` (which reads as "adminexe.png") and
 * `apiserver\u200B.crt` (which looks like the real one); and an unreadable file with an override in its
 * name, so a finding quotes it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { InputFile } from "../../lib/inventory";
import { addFile, certSpec, kubeconfigSpec, pkiPath, type NodeModel } from "../../lib/generate/node-model";
import { renderOnCommitted } from "../../scripts/fixtures/render-on-committed";

export const RLO = "\u202e";
export const ZWSP = "\u200b";
export const ESC = "\u001b";

/** The names the cluster carries, for the assertions. */
export const HOSTILE = {
  clusterCa: `kuber${ZWSP}netes${RLO}ac-tsil${ESC}[2J`,
  controllerManager: `system:kube-controller-manager${RLO}${ZWSP}${ESC}]0;pwned\u0007\nroot`,
  adminUser: `kubernetes-admin${RLO}nimda${ZWSP}${ESC}[31m`,
  /** Same bytes as pki/apiserver.crt. */
  spoofedFile: pkiPath(`admin${RLO}gnp.exe.crt`),
  /** Same bytes as pki/apiserver.crt, and looks just like it. */
  lookalikeFile: pkiPath(`apiserver${ZWSP}.crt`),
  unreadableFile: pkiPath(`backup${RLO}gnp.exe.crt`),
  /** A person's kubeconfig: the graph names its box after the home folder (`kubectl (~mal\u202Elory)`). */
  userKubeconfig: `home/mal${RLO}lory/.kube/config`,
  userCn: `mallory${RLO}yrollam${ZWSP}`,
} as const;

function makeHostile(model: NodeModel): void {
  const ca = certSpec(model, "ca");
  ca.subject.cn = HOSTILE.clusterCa;
  // A DNS SAN is ASCII only (IA5String); the name stays on the subject.
  ca.dns = ["kubernetes"];
  certSpec(model, "controller-manager").subject.cn = HOSTILE.controllerManager;
  kubeconfigSpec(model, "etc/kubernetes/admin.conf").userName = HOSTILE.adminUser;
  for (const path of [HOSTILE.spoofedFile, HOSTILE.lookalikeFile])
    addFile(model, path, { kind: "pem", blocks: [{ type: "certificate", cert: "apiserver" }] });
  // Her own key (fresh: no committed file holds it) and a client certificate from the cluster CA.
  model.keys.mallory = { algorithm: "ECDSA-P256" };
  model.certs.mallory = {
    ...certSpec(model, "admin"),
    subject: { cn: HOSTILE.userCn, o: ["developers"] },
    key: "mallory",
  };
  addFile(model, HOSTILE.userKubeconfig, {
    kind: "kubeconfig",
    kubeconfig: {
      ...kubeconfigSpec(model, "etc/kubernetes/admin.conf"),
      userName: HOSTILE.userCn,
      credential: { kind: "embedded", cert: "mallory", key: "mallory", keyEncoding: "sec1" },
    },
  });
  addFile(model, HOSTILE.unreadableFile, {
    kind: "text",
    text: "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n",
  });
}

/** The hostile cluster's files, paths relative to its root, as a drop or `k8s-pki audit` reads them. */
export async function hostileClusterFiles(): Promise<InputFile[]> {
  const rendered = await renderOnCommitted(
    [
      {
        name: "hostile-names",
        description: "names that try to fool the reader",
        expect: [],
        mutate: makeHostile,
      },
    ],
    resolve("e2e/fixtures/healthy"),
    globalThis.crypto,
  );
  const files = rendered.get("hostile-names")?.files;
  if (!files) throw new Error("the hostile cluster was not rendered");
  return [...files].map(([path, bytes]) => ({ path, bytes }));
}

/** Writes the hostile cluster to a fresh folder and returns it. */
export async function writeHostileCluster(): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), "k8s-pki-hostile-")), "hostile");
  for (const { path, bytes } of await hostileClusterFiles()) {
    const target = join(dir, ...path.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return dir;
}
