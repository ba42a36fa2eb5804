/**
 * Fault mutations shared by the test fixtures' variants (one node at the model's root) and the
 * demo's break-it scenarios (nodes under `control-1/` and `worker-1/`), so a fault is made the same
 * way wherever it is taught or tested. `dir` is the node's folder with its trailing slash, or "".
 * Each changes the model in place; rendering then issues whatever the change touches.
 */
import { caCert } from "./healthy-node";
import { K8S_DIR, addFile, certSpec, fileSpec, pkiPath, type KeySpec, type NodeModel } from "./node-model";

/** Key id of the stale cluster CA that `addStaleClusterCA` adds. */
export const STALE_CA = "stale-ca";

/**
 * A second CA that also calls itself `kubernetes` but has its own key: what a node keeps after a
 * `kubeadm reset` and re-init, or after a CA rotation that missed a file. Returns its certificate id.
 */
export function addStaleClusterCA(model: NodeModel, key: KeySpec): string {
  model.keys[STALE_CA] = key;
  model.certs[STALE_CA] = caCert("kubernetes", STALE_CA);
  return STALE_CA;
}

/** Points a PEM file at other key material (a file holding exactly one private key block). */
export function replaceKeyFile(model: NodeModel, path: string, key: string): void {
  const spec = fileSpec(model, path);
  if (spec.kind !== "pem" || spec.blocks[0]?.type !== "private-key") {
    throw new Error(`"${path}" is not a private key file`);
  }
  spec.blocks = [{ type: "private-key", key, encoding: spec.blocks[0].encoding }];
}

/** Writes a new, unrelated key into a certificate's key file: the pair no longer matches. */
export function replaceWithUnrelatedKey(model: NodeModel, path: string, keyId: string, key: KeySpec): void {
  model.keys[keyId] = key;
  replaceKeyFile(model, path, keyId);
}

/** Drops the node's advertise address from a serving certificate's IP SANs. */
export function dropAdvertiseAddress(model: NodeModel, certId: string): void {
  const cert = certSpec(model, certId);
  cert.ips = cert.ips.filter((ip) => ip !== model.facts.advertiseAddress);
}

/** front-proxy-ca.crt/.key become copies of ca.crt/.key, and front-proxy-client is signed by it. */
export function shareClusterCAWithFrontProxy(model: NodeModel, dir: string): void {
  model.files[`${dir}${pkiPath("front-proxy-ca.crt")}`] = {
    kind: "pem",
    blocks: [{ type: "certificate", cert: "ca" }],
  };
  replaceKeyFile(model, `${dir}${pkiPath("front-proxy-ca.key")}`, "ca");
  certSpec(model, "front-proxy-client").issuer = "ca";
}

/** The bootstrap token kubeadm's docs use as their example: `[a-z0-9]{6}.[a-z0-9]{16}`. */
export const BOOTSTRAP_TOKEN = "abcdef.0123456789abcdef";

/** Leaves `bootstrap-kubelet.conf` with a bootstrap token under the node's folder, as after a join. */
export function addBootstrapKubeconfig(model: NodeModel, dir: string): void {
  const { advertiseAddress, bindPort, clusterName } = model.facts;
  addFile(model, `${dir}${K8S_DIR}/bootstrap-kubelet.conf`, {
    kind: "kubeconfig",
    kubeconfig: {
      clusterName,
      server: `https://${advertiseAddress}:${bindPort}`,
      caCert: "ca",
      userName: "tls-bootstrap-token-user",
      credential: { kind: "token", token: BOOTSTRAP_TOKEN },
    },
  });
}

/** Key id of the key whose public half `mismatchServiceAccountKey` writes into sa.pub. */
export const OTHER_SA_KEY = "other-sa";

/** sa.pub becomes the public half of another key, so tokens signed with sa.key no longer verify. */
export function mismatchServiceAccountKey(model: NodeModel, dir: string, key: KeySpec): void {
  model.keys[OTHER_SA_KEY] = key;
  model.files[`${dir}${pkiPath("sa.pub")}`] = {
    kind: "pem",
    blocks: [{ type: "public-key", key: OTHER_SA_KEY }],
  };
}
