// "tls: private key does not match public key": every cert/key pair — flag pairs, *.crt/*.key siblings, combined PEMs, kubeconfig data (k8s-pki-spec §7 row 19).
import { sourceName, type CertificateRecord, type PrivateKeyRecord } from "../ingest/types";
import { sameKey } from "../pki/key-match";
import type { Finding } from "../report";
import { attribution, certPath } from "./describe";
import type { CheckContext, Rule } from "./types";

interface Pair {
  cert: CertificateRecord;
  certSource: string;
  key: PrivateKeyRecord;
  keySource: string;
}

function collectPairs(ctx: CheckContext): Pair[] {
  const pairs: Pair[] = [];
  for (const plan of ctx.model.plans) {
    for (const credential of [plan.clientCredential, plan.serverCredential]) {
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
        detail: `${pair.certSource} holds "${pair.cert.subject}" with a ${pair.cert.publicKey.label} public key, but the ${pair.key.publicOnly ? "public key standing in for the private key" : "private key"} in ${pair.keySource} (${pair.key.publicKey.label}) is a different key. The component fails to start with "tls: private key does not match public key".`,
        ...attribution(ctx, pair.cert),
        files: [pair.keySource, pair.certSource],
        certificateIds: [pair.cert.id],
        fix: "Put back the key the certificate was issued for, or reissue the certificate for this key (kubeadm: `kubeadm certs renew <name>` reuses the key on disk).",
      });
    }
    return findings;
  },
};
