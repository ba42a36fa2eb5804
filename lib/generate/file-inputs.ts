/**
 * Everything a file's bytes are rendered from, as one comparable string, and the keys they need.
 * Rendering is deterministic (serials derive from the spec, every issuer signs with PKCS#1 v1.5), so
 * two models give a file the same bytes whenever its inputs are equal and its key ids map to the
 * same key material: a regeneration can keep the bytes of every file a change did not touch.
 */
import { certSpec, keySpec, type NodeModel } from "./node-model";

/** A file's rendering inputs: `fingerprint` is equal for equal inputs; `keys` are the key ids used. */
export interface FileInputs {
  fingerprint: string;
  keys: string[];
}

/**
 * The inputs of the file at `path` in `model`: its spec, the facts a manifest is rendered with, and
 * for every certificate it embeds that certificate's spec and its issuer's subject and key id, with
 * the spec of every key involved. A path the model does not have is a bug, so it throws.
 */
export function fileInputs(model: NodeModel, path: string): FileInputs {
  const spec = model.files[path];
  if (!spec) throw new Error(`no file "${path}" in the node model`);
  const certs: Record<string, unknown> = {};
  const keys = new Set<string>();
  const addCert = (id: string) => {
    const cert = certSpec(model, id);
    const issuer = certSpec(model, cert.issuer ?? id);
    certs[id] = { cert, issuerSubject: issuer.subject, issuerKey: issuer.key };
    keys.add(cert.key).add(issuer.key);
  };
  if (spec.kind === "pem") {
    for (const block of spec.blocks) {
      if (block.type === "certificate") addCert(block.cert);
      else keys.add(block.key);
    }
  } else if (spec.kind === "kubeconfig") {
    const { caCert, credential } = spec.kubeconfig;
    addCert(caCert);
    if (credential.kind === "embedded") {
      addCert(credential.cert);
      keys.add(credential.key);
    }
  }
  const sortedKeys = [...keys].sort();
  const fingerprint = JSON.stringify({
    spec,
    facts: spec.kind === "manifest" ? model.facts : undefined,
    certs,
    keys: sortedKeys.map((id) => [id, keySpec(model, id)]),
  });
  return { fingerprint, keys: sortedKeys };
}
