// "tls: private key does not match public key": every cert/key pair — flag pairs, *.crt/*.key siblings, combined PEMs, kubeconfig data, a Secret's tls.key and its tls.crt leaf (k8s-pki-spec §7 row 19; crypto/tls X509KeyPair).
import { sourceName, type CertificateRecord, type PrivateKeyRecord } from "../inventory";
import { sameKey } from "../pki/key-match";
import type { Finding } from "../report";
import { attribution, certPath } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";
import { pushAll } from "../shared/collections";

interface Pair {
  cert: CertificateRecord;
  certSource: string;
  key: PrivateKeyRecord;
  keySource: string;
}

function collectPairs(ctx: CheckContext): Pair[] {
  const pairs: Pair[] = [];
  for (const wiring of ctx.model.wirings) {
    for (const credential of [wiring.clientCredential, wiring.serverCredential]) {
      if (credential?.cert && credential.key) {
        pairs.push({
          cert: credential.cert,
          certSource: credential.source,
          key: credential.key,
          keySource: credential.keySource ?? sourceName(credential.key.source),
        });
      }
    }
  }
  const certsByStem = new Map<string, CertificateRecord>();
  for (const cert of ctx.inventory.certificates) {
    for (const source of cert.sources) {
      if (source.locator && !/^block 1$/.test(source.locator)) continue;
      const stem = source.path.replace(/\.(crt|pem|cer)$/, "");
      if (!certsByStem.has(stem) && stem !== source.path) certsByStem.set(stem, cert);
      if (!certsByStem.has(`${source.path}#same-file`)) certsByStem.set(`${source.path}#same-file`, cert);
    }
  }
  pushAll(pairs, secretPairs(ctx));
  for (const key of ctx.inventory.privateKeys) {
    if (key.source.locator) continue;
    const stem = key.source.path.replace(/\.(key|pem)$/, "");
    const cert =
      certsByStem.get(`${key.source.path}#same-file`) ??
      (stem !== key.source.path ? certsByStem.get(stem) : undefined);
    if (cert) pairs.push({ cert, certSource: certPath(cert), key, keySource: key.source.path });
  }
  return pairs;
}

/**
 * Each Secret's `tls.key` with the first certificate of its `tls.crt` — the leaf, which crypto/tls
 * pairs with the key (`tls.X509KeyPair`); the intermediates after it have keys of their own.
 */
function secretPairs(ctx: CheckContext): Pair[] {
  const certs = new Map(ctx.inventory.certificates.map((cert) => [cert.id, cert]));
  const keys = new Map(ctx.inventory.privateKeys.map((key) => [key.id, key]));
  const pairs: Pair[] = [];
  for (const secret of ctx.inventory.kubeSecrets ?? []) {
    const entry = (name: string) => secret.entries.find((e) => e.key === name);
    const cert = certs.get(entry("tls.crt")?.certificateIds[0] ?? "");
    const key = keys.get(entry("tls.key")?.keyIds[0] ?? "");
    if (!cert || !key) continue;
    const { path, locator } = secret.source;
    const at = (name: string) =>
      sourceName({ path, locator: locator ? `${locator}/data/${name}` : `data/${name}` });
    pairs.push({ cert, certSource: at("tls.crt"), key, keySource: at("tls.key") });
  }
  return pairs;
}

/** What a component that loads the pair says; for a Secret, whoever serves it (an ingress controller, a webhook). */
function consequence(pair: Pair): string {
  return pair.key.source.object?.kind === "Secret"
    ? `Whatever serves this Secret (an ingress controller, a webhook) cannot load the pair: Go's crypto/tls refuses it with "tls: private key does not match public key".`
    : `The component fails to start with "tls: private key does not match public key".`;
}

export const keyMismatch: Rule = {
  codes: ["KEY_MISMATCH"],
  scope: "certificate",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const pair of collectPairs(ctx)) {
      if (!pair.key.publicKey || sameKey(pair.cert.publicKey, pair.key.publicKey)) continue;
      const dedupe = `${pair.cert.id}|${pair.key.id}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      findings.push({
        code: "KEY_MISMATCH",
        severity: "error",
        title: `${pair.keySource} is not the key of ${pair.certSource}`,
        detail: `${pair.certSource} holds "${pair.cert.subject}" with a ${pair.cert.publicKey.label} public key, but the ${pair.key.publicOnly ? "public key standing in for the private key" : "private key"} in ${pair.keySource} (${pair.key.publicKey.label}) is a different key. ${consequence(pair)}`,
        ...attribution(ctx, pair.cert),
        files: [pair.keySource, pair.certSource],
        certificateIds: [pair.cert.id],
        fix:
          pair.key.source.object?.kind === "Secret"
            ? "Put the key the certificate was issued for back into the Secret with its certificate (`kubectl create secret tls <name> --cert=… --key=… --dry-run=client -o yaml | kubectl apply -f -`), or have the certificate re-issued for this key (cert-manager: delete the Secret and it issues a new pair)."
            : "Put back the key the certificate was issued for, or reissue the certificate for this key (kubeadm: `kubeadm certs renew <name>` reuses the key on disk).",
      });
    }
    return findings;
  },
};
