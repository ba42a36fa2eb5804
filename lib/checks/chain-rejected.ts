// Go's crypto/x509 refuses the chain for a rule other than trust or dates: path length, critical extensions, name constraints, an issuer's EKU, an algorithm, a certificate it cannot parse (k8s-pki-spec §7 rows 18, 21–25).
import type { CertificateRecord } from "../inventory";
import type { Finding } from "../report";
import type { ChainRejection, RejectionReason } from "../engine/evaluate-chain";
import { verifierName } from "../engine/chain-wording";
import { certLabel, credentialFile, wiringRef } from "../engine/describe";
import type { CheckContext, Rule, Verification } from "../engine/rule";
import { goParse } from "../pki/go/judge-as-go";

interface Words {
  /** The fault, in a few words, about `cert`. */
  title: (r: ChainRejection) => string;
  /** Why Go refuses it, about this chain. */
  why: (r: ChainRejection, ctx: CheckContext) => string;
  fix: (r: ChainRejection) => string;
}

const name = (cert: CertificateRecord) => `"${cert.subjectCN ?? cert.subject}"`;

const REISSUE =
  "Reissue it with a standard tool (`kubeadm certs renew`, openssl, cfssl), which writes none of this";

const WORDS: Partial<Record<RejectionReason, Words>> = {
  unparsable: {
    title: (r) => `Go cannot parse ${name(r.cert)}`,
    why: (r) =>
      r.role === "bundle-file"
        ? `it is in the CA file the verifier loads at start-up, and Go cannot parse it: that loader reads every certificate and stops at the first it cannot, so the component does not start ("unable to load client CA file")`
        : r.role === "bundle"
          ? `it is the issuer in the verifier's CA bundle, and Go cannot parse it: a component that reads a CA file at start-up stops ("unable to load client CA file"), and a kubeconfig's certificate-authority-data loses it without a word (AppendCertsFromPEM skips it), so the presented certificate has no trusted issuer`
          : r.role === "leaf"
            ? 'Go\'s x509.ParseCertificate refuses it: the component that holds it cannot load it (tls.X509KeyPair fails), and a peer it is shown to ends the handshake ("tls: failed to parse certificate")'
            : 'it is sent with the leaf, and the peer\'s Go parses every certificate it is sent: the handshake ends ("tls: failed to parse certificate from server")',
    fix: (r) =>
      `${REISSUE}; ${certLabel(r.cert)} must parse with Go's crypto/x509 (RSA or ECDSA P-256/P-384 keys, each extension once, well-formed SANs, a positive serial).`,
  },
  "path-length": {
    title: (r) => `the path is longer than ${name(r.cert)} allows`,
    why: (r) =>
      `${certLabel(r.cert)} has pathlen:${r.cert.pathLength ?? 0}, and Go counts every certificate between the leaf and it — self-issued ones too — against that limit`,
    fix: (r) =>
      `Sign the leaf with a CA nearer ${name(r.cert)}, or reissue ${name(r.cert)} (a CA rotation for a root) without a path length or with a larger one.`,
  },
  "unhandled-critical-extension": {
    title: (r) => `${name(r.cert)} has a critical extension Go does not handle`,
    why: (r) => {
      const parsed = goParse(r.cert, r.rules);
      const oids = parsed.ok ? parsed.cert.unhandledCriticalExtensions.join(", ") : "";
      return `${certLabel(r.cert)} marks an extension critical${oids ? ` (${oids})` : ""} that Go's crypto/x509 does not process (anything but key usage, basic constraints, SAN, name constraints, EKU, policies, key identifiers and CRL points), and Go refuses any certificate with such an extension`;
    },
    fix: (r) => `Reissue ${name(r.cert)} without that extension, or with it not critical.`,
  },
  "name-constraints": {
    title: (r) => `${name(r.cert)}'s name constraints do not allow the names below it`,
    why: (r) =>
      `${certLabel(r.cert)} carries name constraints, and a name of a certificate below it falls outside them`,
    fix: (r) =>
      `Issue the certificate with names inside ${name(r.cert)}'s permitted subtrees (and outside its excluded ones), or sign it with a CA whose constraints include them.`,
  },
  "too-many-constraints": {
    title: (r) => `${name(r.cert)} has more name constraints than Go compares`,
    why: () => "Go stops after 250,000 comparisons of names against constraints",
    fix: (r) => `Reissue ${name(r.cert)} with fewer name constraints.`,
  },
  "incompatible-usage": {
    title: (r) => `${name(r.cert)}'s extended key usage leaves out this use`,
    why: (r) =>
      `${certLabel(r.cert)} lists extended key usages (${r.cert.eku.join(", ")}), and Go holds every certificate on the path to its EKU: the usage this connection needs is not among them`,
    fix: (r) =>
      `Reissue ${name(r.cert)} without an extended key usage, or with the usage this connection needs.`,
  },
  "insecure-algorithm": {
    title: (r) => `${r.child ? name(r.child) : "the certificate"} is signed with an algorithm Go refuses`,
    why: (r) =>
      `${r.child ? certLabel(r.child) : "the certificate"} is signed with ${r.child?.signatureAlgorithm ?? "SHA-1 or MD5"}; Go refuses SHA-1 signatures since 1.18 (Kubernetes 1.24) and MD5 always`,
    fix: (r) =>
      `Reissue ${r.child ? name(r.child) : "it"} with a SHA-256 signature (\`kubeadm certs renew\` does).`,
  },
  "unsupported-algorithm": {
    title: (r) => `${name(r.cert)}'s key or signature algorithm is not one Go verifies`,
    why: (r) =>
      `Go cannot verify a signature of ${certLabel(r.cert)}'s key type or algorithm (DSA, X25519, or an unknown algorithm)`,
    fix: (r) => `Reissue the chain under ${name(r.cert)} with RSA or ECDSA keys and SHA-256.`,
  },
  "rsa-key-too-small": {
    title: (r) => `${name(r.cert)}'s RSA key is under 1,024 bits`,
    why: (r) => `Go 1.24 and later refuse RSA keys under 1,024 bits (${r.rules.because})`,
    fix: (r) => `Rotate ${name(r.cert)} to an RSA key of 2,048 bits or more.`,
  },
  "not-authorized-to-sign": {
    title: (r) => `${name(r.cert)} is used as an intermediate but is not a CA`,
    why: (r) =>
      `${certLabel(r.cert)} sits between the leaf and the root, but its basic constraints do not say CA:TRUE`,
    fix: (r) => `Reissue ${name(r.cert)} with basicConstraints CA:TRUE, or leave it out of the chain.`,
  },
  "parent-not-ca": {
    title: (r) => `${name(r.cert)} signed the certificate below it but may not sign`,
    why: (r) =>
      `${certLabel(r.cert)} is not a CA, or its key usage lacks keyCertSign, so Go does not accept its signature on a certificate`,
    fix: (r) => `Reissue ${name(r.cert)} with CA:TRUE and keyCertSign (or no key usage).`,
  },
  "signature-limit": {
    title: () => "too many candidate issuers for Go to try",
    why: () =>
      "Go gives up after 100 signature checks while building a chain: the bundles hold too many certificates of the same name",
    fix: () => "Remove old certificates of the same name from the bundle and from the presented chain.",
  },
  "name-mismatch": {
    title: (r) => `${name(r.cert)}'s subject is not the issuer named below it`,
    why: () => "the issuer name written in the certificate is not byte for byte its issuer's subject",
    fix: (r) => `Reissue the certificate below ${name(r.cert)} from it with the same tool.`,
  },
};

const GENERIC: Words = {
  title: (r) => `Go refuses the chain at ${name(r.cert)}`,
  why: (r) => `Go's verification fails at ${certLabel(r.cert)}`,
  fix: (r) => `Reissue ${name(r.cert)} so that Go's crypto/x509 accepts it.`,
};

function detail(v: Verification, r: ChainRejection, words: Words, ctx: CheckContext): string {
  const cert = v.credential.cert;
  const presented = cert
    ? `${v.credential.source} presents ${name(cert)}`
    : `${v.credential.source} is presented`;
  return `${presented}; ${verifierName(v)} verifies it with Go's crypto/x509, as ${r.rules.because}. Go refuses the chain: ${words.why(r, ctx)}. It prints "${r.message}".`;
}

export const chainRejected: Rule = {
  codes: ["CHAIN_REJECTED"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const v of ctx.verifications) {
      const r = v.outcome.rejection;
      if (v.outcome.verdict !== "rejected" || !r || !v.credential.cert) continue;
      const words = WORDS[r.reason] ?? GENERIC;
      const dedupe = `${v.wiring.key}|${v.credential.cert.id}|${v.bundle.source}|${r.reason}|${r.cert.id}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      const ids = [...new Set([v.credential.cert.id, r.cert.id, ...(r.child ? [r.child.id] : [])])];
      findings.push({
        code: "CHAIN_REJECTED",
        severity: "error",
        title: `${v.wiring.id}: ${words.title(r)}`,
        detail: detail(v, r, words, ctx),
        ...wiringRef(v.wiring),
        files: [...new Set([credentialFile(v.credential), v.bundle.source])],
        certificateIds: ids,
        fix: words.fix(r),
      });
    }
    return findings;
  },
};
