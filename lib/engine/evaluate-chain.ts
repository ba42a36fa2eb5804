/**
 * Chain verdicts as the cluster's Go code reaches them: `judgeAsGo` (lib/pki/go) runs
 * crypto/x509's own path search from the presented leaf, through what was presented with it, to
 * the verifier's bundle — every candidate issuer tried, any valid path accepted — and this turns
 * its answer into the verdicts the rules speak of. Validity dates and the leaf's own extended key
 * usage have rules of their own (CERT_EXPIRED, CERT_NOT_YET_VALID, EKU_MISSING): a path that Go
 * refuses only for them is judged again without them, so one fault gives one finding. What else Go
 * refuses — path length, name constraints, an unhandled critical extension, an issuer's EKU, an
 * algorithm, a certificate it cannot parse — is `rejected`, with Go's reason and words.
 */
import type { CertificateRecord } from "../inventory";
import { judgeAsGo, type GoRules, type JudgeAsGo, type JudgeOptions } from "../pki/go/judge-as-go";
import type { GoReason } from "../pki/go/verify-chain";
import type { SignatureVerifier } from "../pki/signature-verifier";
import type { ChainStep } from "../report";

export type ChainVerdict = "trusted" | "untrusted" | "bad-signature" | "anchor-not-ca" | "rejected";

/** Why Go refused a chain: one of its verification reasons, or a certificate it cannot parse. */
export type RejectionReason = GoReason | "unparsable";

export interface ChainRejection {
  reason: RejectionReason;
  /** The certificate the reason is about. */
  cert: CertificateRecord;
  /** The certificate below it in the path, when the reason is about their link (its signature). */
  child?: CertificateRecord;
  /**
   * For unparsable: the presented leaf, one presented with it, the issuer in a bundle read
   * leniently (AppendCertsFromPEM skips it), or any certificate of a CA file its component loads
   * strictly at start-up (it does not start).
   */
  role?: "leaf" | "intermediate" | "bundle" | "bundle-file";
  /** What Go prints. */
  message: string;
  /** The Go release the chain was judged as, and why that one. */
  rules: GoRules;
}

export interface ChainOutcome {
  verdict: ChainVerdict;
  steps: ChainStep[];
  reason: string;
  /** The bundle certificate the chain ended at, when trusted (or when the anchor is not a CA). */
  anchor?: CertificateRecord;
  /** A bundle certificate with the right name whose signature failed (bad-signature). */
  impostor?: CertificateRecord;
  /** The path Go verified, leaf first, when trusted. */
  path?: CertificateRecord[];
  /** What Go refused, when rejected. */
  rejection?: ChainRejection;
  /** Go's words for a failed verification ("x509: certificate signed by unknown authority (…)"). */
  message?: string;
}

export interface ChainOptions {
  now: Date;
  /** The extended key usage the verifier asks for (serverAuth, clientAuth, or any). */
  keyUsages: string[];
  rules: GoRules;
  /**
   * The verifier loads the bundle from a CA file with a strict reader (client-go's certutil, etcd's
   * tlsutil): one certificate Go cannot parse and the component does not start, whatever the others.
   */
  strictBundle?: boolean;
}

function describe(cert: CertificateRecord): string {
  return cert.subjectCN ? `"${cert.subjectCN}"` : cert.subject;
}

/** Whether the leaf's own EKU allows one of `usages` (absent or empty EKU allows any). */
function leafAllows(leaf: CertificateRecord, usages: string[]): boolean {
  if (usages.includes("any") || !leaf.ekuPresent || leaf.eku.length === 0) return true;
  if (leaf.eku.includes("anyExtendedKeyUsage")) return true;
  return usages.some((usage) => leaf.eku.includes(usage));
}

/** The signed links of a path, leaf first; intermediates the peer sent are marked as such. */
function pathSteps(path: readonly CertificateRecord[], bundleIds: ReadonlySet<string>): ChainStep[] {
  const steps: ChainStep[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const child = path[i];
    const parent = path[i + 1];
    if (!child || !parent) continue;
    steps.push({
      certificateId: child.id,
      issuerId: parent.id,
      signatureValid: true,
      ...(bundleIds.has(parent.id) ? {} : { note: "presented intermediate" }),
    });
  }
  return steps;
}

function trusted(path: CertificateRecord[], bundleIds: ReadonlySet<string>): ChainOutcome {
  const [leaf] = path;
  const anchor = path[path.length - 1];
  if (!leaf || !anchor) throw new Error("a trusted chain without certificates");
  if (path.length === 1)
    return {
      verdict: "trusted",
      steps: [{ certificateId: leaf.id, note: "the presented certificate is itself in the trusted bundle" }],
      reason: "the certificate itself is trusted",
      anchor: leaf,
      path,
    };
  return {
    verdict: "trusted",
    steps: pathSteps(path, bundleIds),
    reason: `verified by ${describe(anchor)}`,
    anchor,
    path,
  };
}

function rejected(
  rejection: ChainRejection,
  path: readonly CertificateRecord[],
  bundleIds: ReadonlySet<string>,
): ChainOutcome {
  return {
    verdict: "rejected",
    steps: [...pathSteps(path, bundleIds), { certificateId: rejection.cert.id, note: rejection.message }],
    reason: rejection.message,
    rejection,
    message: rejection.message,
  };
}

/** Go's unknown-authority answer in the verdicts the rules know, hint by hint. */
async function unknownAuthority(
  result: Extract<JudgeAsGo, { error: unknown }>,
  bundle: readonly CertificateRecord[],
  bundleIds: ReadonlySet<string>,
  verifier: SignatureVerifier,
  rules: GoRules,
): Promise<ChainOutcome> {
  const { error } = result;
  const current = error.cert;
  const path = error.path ?? [current];
  const steps = pathSteps(path, bundleIds);
  const hint = error.hint;
  // Same name, another key: the signature fails, or the key is not even of the signature's type.
  if (hint?.reason === "bad-signature" || hint?.reason === "key-type-mismatch") {
    steps.push({
      certificateId: current.id,
      issuerId: hint.cert.id,
      signatureValid: false,
      note: "same issuer name, different key",
    });
    return {
      verdict: "bad-signature",
      steps,
      impostor: hint.cert,
      reason: `the trusted CA ${describe(hint.cert)} has the issuer's name but not its key: the signature does not verify ("${hint.message}")`,
      message: error.message,
    };
  }
  if (
    hint?.reason === "parent-not-ca" &&
    bundleIds.has(hint.cert.id) &&
    (await verifier.verify(current, hint.cert))
  ) {
    steps.push({ certificateId: current.id, issuerId: hint.cert.id, signatureValid: true });
    return {
      verdict: "anchor-not-ca",
      steps,
      anchor: hint.cert,
      reason: `the trusted certificate ${describe(hint.cert)} signed it, but is not a CA (${hint.cert.isCA ? "no keyCertSign key usage" : "basicConstraints CA:FALSE or absent"})`,
      message: error.message,
    };
  }
  // The issuer is in the bundle, but Go cannot parse it: AppendCertsFromPEM left it out.
  const unparsed = result.unparsedRoots.find((u) => u.cert.subject === current.issuer);
  if (!hint && unparsed)
    return rejected(
      {
        reason: "unparsable",
        cert: unparsed.cert,
        role: "bundle",
        child: current,
        message: unparsed.error,
        rules,
      },
      path,
      bundleIds,
    );
  if (hint && hint.reason !== "parent-not-ca")
    return rejected(
      { reason: hint.reason, cert: hint.cert, child: current, message: error.message, rules },
      path,
      bundleIds,
    );
  steps.push({
    certificateId: current.id,
    note: `no trusted CA named ${current.issuerCN ? `"${current.issuerCN}"` : current.issuer}`,
  });
  const names = bundle.map(describe).join(", ") || "no certificates";
  return {
    verdict: "untrusted",
    steps,
    reason: `it is issued by ${current.issuerCN ? `"${current.issuerCN}"` : current.issuer}, but the trusted bundle holds ${names}`,
    message: error.message,
  };
}

/** Verify `leaf` (+ presented intermediates) against a CA bundle, as Go does. Never throws. */
export async function evaluateChain(
  leaf: CertificateRecord,
  presented: CertificateRecord[],
  bundle: CertificateRecord[],
  verifier: SignatureVerifier,
  options: ChainOptions,
): Promise<ChainOutcome> {
  const bundleIds = new Set(bundle.map((c) => c.id));
  const judge = (overrides: Partial<JudgeOptions>) =>
    judgeAsGo(leaf, presented, bundle, { ...options, ...overrides }, verifier);
  let result = await judge({});
  // Dates have their own rules: a path that fails only on them is the path Go would use.
  if (!result.ok && !("unparsable" in result)) result = await judge({ ignoreValidity: true });
  // So has the leaf's own EKU (EKU_MISSING); an issuer's EKU that narrows it stays a rejection.
  if (
    !result.ok &&
    "error" in result &&
    result.error.reason === "incompatible-usage" &&
    !leafAllows(leaf, options.keyUsages)
  )
    result = await judge({ ignoreValidity: true, keyUsages: ["any"] });
  const unloadable = options.strictBundle ? result.unparsedRoots[0] : undefined;
  if (unloadable)
    return rejected(
      {
        reason: "unparsable",
        cert: unloadable.cert,
        role: "bundle-file",
        message: unloadable.error,
        rules: options.rules,
      },
      [],
      bundleIds,
    );
  if (result.ok) return trusted(result.chain, bundleIds);
  if ("unparsable" in result)
    return rejected(
      {
        reason: "unparsable",
        cert: result.unparsable.cert,
        role: result.role,
        message: result.unparsable.error,
        rules: options.rules,
      },
      [],
      bundleIds,
    );
  if (result.error.reason === "unknown-authority")
    return unknownAuthority(result, bundle, bundleIds, verifier, options.rules);
  if (result.error.reason === "incompatible-usage") {
    // Name the issuer whose EKU narrows the leaf's: Go's error is about the leaf only.
    const any = await judge({ ignoreValidity: true, keyUsages: ["any"] });
    const path = any.ok ? any.chain : [leaf];
    const narrowing = path
      .slice(1)
      .find(
        (cert) =>
          cert.ekuPresent &&
          cert.eku.length > 0 &&
          !cert.eku.includes("anyExtendedKeyUsage") &&
          !options.keyUsages.some((u) => cert.eku.includes(u)),
      );
    return rejected(
      {
        reason: "incompatible-usage",
        cert: narrowing ?? leaf,
        message: result.error.message,
        rules: options.rules,
      },
      path,
      bundleIds,
    );
  }
  return rejected(
    {
      reason: result.error.reason,
      cert: result.error.cert,
      message: result.error.message,
      rules: options.rules,
    },
    [],
    bundleIds,
  );
}
