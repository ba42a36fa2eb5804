// "tls: private key does not match public key": every cert/key pair — flag pairs, *.crt/*.key siblings, combined PEMs, kubeconfig data, a Secret's tls.key and its tls.crt leaf (k8s-pki-spec §7 row 19; crypto/tls X509KeyPair).
import { sourceName, type CertificateRecord, type PrivateKeyRecord } from "../inventory";
import { sameKey } from "../pki/key-match";
import type { Evidence, Finding } from "../report";
import type { Credential } from "../cluster/model";
import { conventionsOf, modelEvidence } from "../cluster/provenance";
import { attribution, certPath } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";
import { pushAll } from "../shared/collections";

interface Pair {
  cert: CertificateRecord;
  certSource: string;
  key: PrivateKeyRecord;
  keySource: string;
  /** Why the two belong together: a flag pair, one file, one object, or a shared file stem. */
  evidence: Evidence;
}

/** How a credential's key was tied to its certificate. */
function credentialPairing(credential: Credential, ctx: CheckContext): Evidence {
  const fact = `${credential.keySource ?? "the key"} is the key of ${credential.source}`;
  if (credential.keyRef) return modelEvidence(ctx.model).ref(credential.keyRef, fact);
  if (credential.kubeconfig)
    return {
      fact,
      source: "configured",
      from: `users/${credential.user ?? "?"} in ${credential.kubeconfig.source.path}`,
    };
  return { fact, source: "configured", from: "both in one file" };
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
          evidence: credentialPairing(credential, ctx),
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
  const ids = byId(ctx);
  pushAll(pairs, secretPairs(ctx, ids));
  pushAll(pairs, configuredPairs(ctx, ids));
  // A shared file stem is an installer's convention (kubeadm's ca.crt/ca.key) only in a layout
  // recognised as that installer's; elsewhere it is a guess, and a mismatch on it is information.
  const stemSource = conventionsOf(ctx.model.layout).hold ? "convention" : "guess";
  for (const key of ctx.inventory.privateKeys) {
    if (key.source.locator) continue;
    const stem = key.source.path.replace(/\.(key|pem)$/, "");
    const same = certsByStem.get(`${key.source.path}#same-file`);
    const cert = same ?? (stem !== key.source.path ? certsByStem.get(stem) : undefined);
    if (!cert) continue;
    const fact = `${key.source.path} is the key of ${certPath(cert)}`;
    const evidence: Evidence = same
      ? { fact, source: "configured", from: "both in one file" }
      : { fact, source: stemSource, from: `the two files share the name ${stem.split("/").pop() ?? stem}` };
    pairs.push({ cert, certSource: certPath(cert), key, keySource: key.source.path, evidence });
  }
  return pairs;
}

/** The input's certificates and private keys by id, for the pairs that name them by id. */
function byId(ctx: CheckContext) {
  return {
    certs: new Map(ctx.inventory.certificates.map((cert) => [cert.id, cert])),
    keys: new Map(ctx.inventory.privateKeys.map((key) => [key.id, key])),
  };
}

/** Certificates and keys one configuration object names together (Talos's `{crt, key}`). */
function configuredPairs(ctx: CheckContext, { certs, keys }: ReturnType<typeof byId>): Pair[] {
  const pairs: Pair[] = [];
  for (const pair of ctx.inventory.configuredPairs ?? []) {
    const cert = certs.get(pair.certificateId);
    const key = keys.get(pair.keyId);
    if (!cert || !key) continue;
    const evidence: Evidence = {
      fact: `${pair.keySource} is the key of ${pair.certSource}`,
      source: "configured",
      from: `one {crt, key} object in ${pair.certSource.split("#")[0] ?? pair.certSource}`,
    };
    pairs.push({ cert, certSource: pair.certSource, key, keySource: pair.keySource, evidence });
  }
  return pairs;
}

/**
 * Each Secret's `tls.key` with the first certificate of its `tls.crt` — the leaf, which crypto/tls
 * pairs with the key (`tls.X509KeyPair`); the intermediates after it have keys of their own.
 */
function secretPairs(ctx: CheckContext, { certs, keys }: ReturnType<typeof byId>): Pair[] {
  const pairs: Pair[] = [];
  for (const secret of ctx.inventory.kubeSecrets ?? []) {
    const entry = (name: string) => secret.entries.find((e) => e.key === name);
    const cert = certs.get(entry("tls.crt")?.certificateIds[0] ?? "");
    const key = keys.get(entry("tls.key")?.keyIds[0] ?? "");
    if (!cert || !key) continue;
    const { path, locator } = secret.source;
    const at = (name: string) =>
      sourceName({ path, locator: locator ? `${locator}/data/${name}` : `data/${name}` });
    const evidence: Evidence = {
      fact: `${at("tls.key")} is the key of ${at("tls.crt")}`,
      source: "configured",
      from: "tls.crt and tls.key of one Secret",
    };
    pairs.push({ cert, certSource: at("tls.crt"), key, keySource: at("tls.key"), evidence });
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
        evidence: [pair.evidence],
        fix:
          pair.key.source.object?.kind === "Secret"
            ? "Put the key the certificate was issued for back into the Secret with its certificate (`kubectl create secret tls <name> --cert=… --key=… --dry-run=client -o yaml | kubectl apply -f -`), or have the certificate re-issued for this key (cert-manager: delete the Secret and it issues a new pair)."
            : "Put back the key the certificate was issued for, or reissue the certificate for this key (kubeadm: `kubeadm certs renew <name>` reuses the key on disk).",
      });
    }
    return findings;
  },
};
