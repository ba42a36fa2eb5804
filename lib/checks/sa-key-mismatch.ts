// Tokens signed with sa.key must verify with a key of --service-account-key-file: "invalid bearer token, square/go-jose: error in cryptographic primitive" (k8s-pki-spec §5.5, §7 row 12).
import { sourceName } from "../inventory";
import type { PublicKeyInfo } from "../inventory";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";

export const saKeyMismatch: Rule = {
  codes: ["SA_KEY_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    const sa = ctx.model.serviceAccount;
    const verifyKeys = sa.verifyKeys
      .map((entry) => ({ source: entry.source, key: entry.key.publicKey as PublicKeyInfo | undefined }))
      .filter((entry): entry is { source: string; key: PublicKeyInfo } => !!entry.key);
    if (verifyKeys.length === 0) return [];
    const findings: Finding[] = [];
    const signers = [
      { who: "kube-apiserver --service-account-signing-key-file", key: sa.signingKey },
      { who: "kube-controller-manager --service-account-private-key-file", key: sa.controllerManagerKey },
    ];
    const seen = new Set<string>();
    for (const { who, key } of signers) {
      if (!key?.publicKey || seen.has(key.id)) continue;
      seen.add(key.id);
      if (verifyKeys.some((v) => v.key.canonical === key.publicKey?.canonical)) continue;
      const verifySources = [...new Set(verifyKeys.map((v) => v.source))];
      findings.push({
        code: "SA_KEY_MISMATCH",
        severity: "error",
        title: `${verifySources.join(", ")} does not hold the public half of ${sourceName(key.source)}`,
        detail: `${who} signs service-account tokens with ${sourceName(key.source)} (${key.publicKey.label}${key.publicOnly ? "; the public key standing in for the private key was compared" : ""}), but kube-apiserver verifies them with ${verifySources.join(", ")} (${verifyKeys.map((v) => v.key.label).join(", ")}), which holds no matching public key. Every pod's token is rejected: "Unable to authenticate the request" err="[invalid bearer token, square/go-jose: error in cryptographic primitive]".`,
        relationship: "service-account-signing",
        files: [...verifySources, sourceName(key.source)],
        fix: `Regenerate the public half from the signing key: \`openssl rsa -in ${sourceName(key.source)} -pubout -out ${verifySources[0] ?? "sa.pub"}\` (for EC keys \`openssl ec … -pubout\`), then restart kube-apiserver. On HA control planes copy the same sa.key/sa.pub to every node.`,
      });
    }
    return findings;
  },
};
