/**
 * `x509.Certificate.Verify` as Go's crypto/x509 (1.23) runs it for every Kubernetes component:
 * the leaf's own validity, then a depth-first search over every candidate issuer — roots before
 * intermediates, in the pool's order of key-id plausibility — where each candidate must sign the
 * child (CA bit, keyCertSign when key usage is set, an accepted algorithm), be valid at the judge
 * time, carry no unhandled critical extension, respect the path length and name constraints; then
 * the requested extended key usage along each chain found. Any valid path wins, as in Go; when none
 * is, the error is the one Go returns, word for word, with the reason and certificate it names.
 *
 * Signatures themselves are checked by the caller's `verifySignature` (WebCrypto in this product),
 * so the search stays pure; everything around them — which algorithms Go refuses, what it says
 * when a key type does not match — is decided here.
 */
import { pushAll } from "../../shared/collections";
import { goQuote } from "./go-text";
import type { GoCertificate } from "./parse-certificate";
import { checkNameConstraints, type ConstraintFailure } from "./name-constraints";

/** Why Go refused, one stable name per Go error (see `goReasonTitle` in the engine's wording). */
export type GoReason =
  | "expired"
  | "not-yet-valid"
  | "unhandled-critical-extension"
  | "name-mismatch"
  | "name-constraints"
  | "too-many-constraints"
  | "not-authorized-to-sign"
  | "path-length"
  | "incompatible-usage"
  | "unknown-authority"
  | "signature-limit"
  | "parent-not-ca"
  | "insecure-algorithm"
  | "unsupported-algorithm"
  | "key-type-mismatch"
  | "rsa-key-too-small"
  | "bad-signature";

export interface GoError<T> {
  reason: GoReason;
  /** The text Go's error prints. */
  message: string;
  /** The certificate the error is about (CertificateInvalidError.Cert, or the leaf). */
  cert: T;
  /** For unknown-authority: the candidate Go tried last-first and why it failed (the "possibly because of"). */
  hint?: GoError<T>;
  /** For unknown-authority: the chain built so far, leaf first, ending at `cert`. */
  path?: T[];
}

export type GoVerdict<T> = { ok: true; chains: T[][] } | { ok: false; error: GoError<T> };

/** What changed across the Go versions Kubernetes is built with. */
export interface GoVerifyRules {
  /** Go 1.24 refuses RSA keys under 1,024 bits (GODEBUG rsa1024min=0 allows them). */
  rsaMinBits: number;
}

export interface GoVerifyOptions {
  /** The judge time, in ms. */
  now: number;
  /** Requested extended key usages ("serverAuth", "clientAuth", "any"); Go's default is serverAuth. */
  keyUsages: string[];
  rules: GoVerifyRules;
  /** Leave validity dates out (the product judges them apart, certificate by certificate). */
  ignoreValidity?: boolean;
}

/** A certificate as the search sees it: the caller's item and Go's reading of it. */
export interface GoNode<T> {
  item: T;
  go: GoCertificate;
}

export interface GoVerifyHooks<T> {
  /** Whether `parent`'s public key verifies `child`'s signature (the cryptography only). */
  verifySignature(child: T, parent: T): Promise<boolean>;
}

const MAX_SIGNATURE_CHECKS = 100;
const MAX_CONSTRAINT_COMPARISONS = 250_000;
const KEY_USAGE_CERT_SIGN = 1 << 5;

const SIGNATURE_DETAILS: Record<string, { key: string; hash: string }> = {
  "MD5-RSA": { key: "RSA", hash: "MD5" },
  "SHA1-RSA": { key: "RSA", hash: "SHA1" },
  "SHA256-RSA": { key: "RSA", hash: "SHA256" },
  "SHA384-RSA": { key: "RSA", hash: "SHA384" },
  "SHA512-RSA": { key: "RSA", hash: "SHA512" },
  "SHA256-RSAPSS": { key: "RSA", hash: "SHA256" },
  "SHA384-RSAPSS": { key: "RSA", hash: "SHA384" },
  "SHA512-RSAPSS": { key: "RSA", hash: "SHA512" },
  "DSA-SHA1": { key: "DSA", hash: "SHA1" },
  "DSA-SHA256": { key: "DSA", hash: "SHA256" },
  "ECDSA-SHA1": { key: "ECDSA", hash: "SHA1" },
  "ECDSA-SHA256": { key: "ECDSA", hash: "SHA256" },
  "ECDSA-SHA384": { key: "ECDSA", hash: "SHA384" },
  "ECDSA-SHA512": { key: "ECDSA", hash: "SHA512" },
  Ed25519: { key: "Ed25519", hash: "" },
};

/** Go's %T of a parsed public key, for the key-type mismatch message. */
const KEY_TYPES: Record<string, string> = {
  RSA: "*rsa.PublicKey",
  ECDSA: "*ecdsa.PublicKey",
  Ed25519: "ed25519.PublicKey",
  X25519: "*ecdh.PublicKey",
  DSA: "*dsa.PublicKey",
};

type CertType = "leaf" | "intermediate" | "root";

function invalid<T>(node: GoNode<T>, reason: GoReason, message: string): GoError<T> {
  return { reason, message, cert: node.item };
}

/** `CheckSignatureFrom`: the parent may sign, the algorithm is one Go accepts, the signature holds. */
async function checkSignatureFrom<T>(
  child: GoNode<T>,
  parent: GoNode<T>,
  options: GoVerifyOptions,
  hooks: GoVerifyHooks<T>,
): Promise<GoError<T> | undefined> {
  const p = parent.go;
  if ((p.version === 3 && !p.basicConstraintsValid) || (p.basicConstraintsValid && !p.isCA))
    return invalid(
      parent,
      "parent-not-ca",
      "x509: invalid signature: parent certificate cannot sign this kind of certificate",
    );
  if (p.keyUsage !== 0 && (p.keyUsage & KEY_USAGE_CERT_SIGN) === 0)
    return invalid(
      parent,
      "parent-not-ca",
      "x509: invalid signature: parent certificate cannot sign this kind of certificate",
    );
  if (p.publicKeyAlgorithm === "unknown")
    return invalid(parent, "unsupported-algorithm", "x509: cannot verify signature: algorithm unimplemented");
  const algorithm = child.go.signatureAlgorithm;
  const details = SIGNATURE_DETAILS[algorithm];
  if (!details || (details.hash === "" && details.key !== "Ed25519"))
    return invalid(parent, "unsupported-algorithm", "x509: cannot verify signature: algorithm unimplemented");
  if (details.hash === "MD5")
    return invalid(
      parent,
      "insecure-algorithm",
      `x509: cannot verify signature: insecure algorithm ${algorithm}`,
    );
  if (details.hash === "SHA1") {
    const override =
      algorithm === "SHA1-RSA" || algorithm === "ECDSA-SHA1"
        ? " (temporarily override with GODEBUG=x509sha1=1)"
        : "";
    return invalid(
      parent,
      "insecure-algorithm",
      `x509: cannot verify signature: insecure algorithm ${algorithm}${override}`,
    );
  }
  const keyType = KEY_TYPES[p.publicKeyAlgorithm] ?? "<nil>";
  if (p.publicKeyAlgorithm === "DSA" || p.publicKeyAlgorithm === "X25519")
    return invalid(parent, "unsupported-algorithm", "x509: cannot verify signature: algorithm unimplemented");
  if (details.key !== p.publicKeyAlgorithm)
    return invalid(
      parent,
      "key-type-mismatch",
      `x509: signature algorithm specifies an ${details.key} public key, but have public key of type ${keyType}`,
    );
  if (p.publicKeyAlgorithm === "RSA" && (p.rsaBits ?? 0) < options.rules.rsaMinBits)
    return invalid(
      parent,
      "rsa-key-too-small",
      `crypto/rsa: ${p.rsaBits ?? 0}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)`,
    );
  if (await hooks.verifySignature(child.item, parent.item)) return undefined;
  const message =
    p.publicKeyAlgorithm === "RSA"
      ? "crypto/rsa: verification error"
      : p.publicKeyAlgorithm === "ECDSA"
        ? "x509: ECDSA verification failure"
        : "x509: Ed25519 verification failure";
  return invalid(parent, "bad-signature", message);
}

function constraintError<T>(node: GoNode<T>, failure: ConstraintFailure): GoError<T> {
  if (failure.tooMany) return invalid(node, "too-many-constraints", "x509: unknown error");
  if (failure.plain) return invalid(node, "name-constraints", failure.detail);
  return invalid(
    node,
    "name-constraints",
    `x509: a root or intermediate certificate is not authorized to sign for this name: ${failure.detail}`,
  );
}

function validityError<T>(node: GoNode<T>, now: number): GoError<T> | undefined {
  const c = node.go;
  if (now < c.notBefore)
    return invalid(
      node,
      "not-yet-valid",
      `x509: certificate has expired or is not yet valid: current time ${rfc3339(now)} is before ${c.notBeforeText}`,
    );
  if (now > c.notAfter)
    return invalid(
      node,
      "expired",
      `x509: certificate has expired or is not yet valid: current time ${rfc3339(now)} is after ${c.notAfterText}`,
    );
  return undefined;
}

/** `isValid`: what a certificate must be to stand at its place in the chain being built. */
function isValid<T>(
  node: GoNode<T>,
  certType: CertType,
  chain: GoNode<T>[],
  options: GoVerifyOptions,
): GoError<T> | undefined {
  const c = node.go;
  if (c.unhandledCriticalExtensions.length > 0)
    return invalid(node, "unhandled-critical-extension", "x509: unhandled critical extension");
  const child = chain[chain.length - 1];
  if (child && child.go.rawIssuer !== c.rawSubject)
    return invalid(
      node,
      "name-mismatch",
      "x509: issuer name does not match subject from issuing certificate",
    );
  const dates = options.ignoreValidity ? undefined : validityError(node, options.now);
  if (dates) return dates;
  if (certType !== "leaf") {
    const failure = checkNameConstraints(
      c,
      chain.map((n) => n.go),
      MAX_CONSTRAINT_COMPARISONS,
    );
    if (failure) return constraintError(node, failure);
  }
  if (certType === "intermediate" && (!c.basicConstraintsValid || !c.isCA))
    return invalid(
      node,
      "not-authorized-to-sign",
      "x509: certificate is not authorized to sign other certificates",
    );
  if (c.basicConstraintsValid && c.maxPathLen >= 0 && chain.length - 1 > c.maxPathLen)
    return invalid(node, "path-length", "x509: too many intermediates for path length constraint");
  return undefined;
}

function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `alreadyInChain`: same subject, same key, and the same SAN extension (or none on both). */
function alreadyInChain<T>(candidate: GoNode<T>, chain: GoNode<T>[]): boolean {
  return chain.some((node) => {
    const a = candidate.go;
    const b = node.go;
    if (a.rawSubject !== b.rawSubject || a.publicKeyId !== b.publicKeyId) return false;
    if (!a.san && !b.san) return true;
    if (!a.san || !b.san) return false;
    return a.san.length === b.san.length && a.san.every((v, i) => v === b.san?.[i]);
  });
}

/** A CertPool: certificates by raw subject, each once (by DER), in the order added. */
export class GoPool<T> {
  private readonly byName = new Map<string, GoNode<T>[]>();
  private readonly raws = new Set<string>();

  constructor(nodes: readonly GoNode<T>[]) {
    for (const node of nodes) {
      const key = rawKey(node.go.raw);
      if (this.raws.has(key)) continue;
      this.raws.add(key);
      const list = this.byName.get(node.go.rawSubject);
      if (list) list.push(node);
      else this.byName.set(node.go.rawSubject, [node]);
    }
  }

  contains(node: GoNode<T>): boolean {
    // A certificate whose name is not in the pool is not in it: no key to make for most leaves.
    return this.byName.has(node.go.rawSubject) && this.raws.has(rawKey(node.go.raw));
  }

  /** `findPotentialParents`: same-name certificates, matching key ids first, then one absent, then differing. */
  parents(child: GoNode<T>): GoNode<T>[] {
    const matching: GoNode<T>[] = [];
    const one: GoNode<T>[] = [];
    const mismatch: GoNode<T>[] = [];
    for (const candidate of this.byName.get(child.go.rawIssuer) ?? []) {
      const skid = candidate.go.subjectKeyId;
      const akid = child.go.authorityKeyId;
      if (skid === akid) matching.push(candidate);
      else if ((skid === "" && akid !== "") || (skid !== "" && akid === "")) one.push(candidate);
      else mismatch.push(candidate);
    }
    return [...matching, ...one, ...mismatch];
  }
}

/** Each DER's pool key, made once: one bundle is pooled again for every certificate it verifies. */
const rawKeys = new WeakMap<Uint8Array, string>();

/** A certificate's identity in a pool; Go keys it by SHA-224 of the DER, the DER itself will do. */
function rawKey(raw: Uint8Array): string {
  const known = rawKeys.get(raw);
  if (known !== undefined) return known;
  let key = "";
  for (let i = 0; i < raw.length; i += 4096) key += String.fromCharCode(...raw.subarray(i, i + 4096));
  rawKeys.set(raw, key);
  return key;
}

function unknownAuthority<T>(
  leaf: GoNode<T>,
  hint: GoError<T> | undefined,
  hintNode: GoNode<T> | undefined,
  chain: GoNode<T>[],
): GoError<T> {
  let message = "x509: certificate signed by unknown authority";
  if (hint && hintNode) {
    const h = hintNode.go;
    const name = h.subjectCN || h.subjectO[0] || `serial:${h.serial}`;
    message += ` (possibly because of ${goQuote(hint.message)} while trying to verify candidate authority certificate ${goQuote(name)})`;
  }
  return {
    reason: "unknown-authority",
    message,
    cert: leaf.item,
    path: chain.map((n) => n.item),
    ...(hint ? { hint } : {}),
  };
}

interface Search<T> {
  roots: GoPool<T>;
  intermediates: GoPool<T>;
  options: GoVerifyOptions;
  hooks: GoVerifyHooks<T>;
  signatureChecks: number;
}

/** `buildChains`, with Go's way of keeping the last error and the first hint. */
async function buildChains<T>(
  node: GoNode<T>,
  chain: GoNode<T>[],
  search: Search<T>,
): Promise<{ chains: GoNode<T>[][]; error?: GoError<T> }> {
  let hint: GoError<T> | undefined;
  let hintNode: GoNode<T> | undefined;
  let error: GoError<T> | undefined;
  const chains: GoNode<T>[][] = [];
  const consider = async (certType: CertType, candidate: GoNode<T>) => {
    if (!candidate.go.hasPublicKey || alreadyInChain(candidate, chain)) return;
    search.signatureChecks++;
    if (search.signatureChecks > MAX_SIGNATURE_CHECKS) {
      error = invalid(
        node,
        "signature-limit",
        "x509: signature check attempts limit reached while verifying certificate chain",
      );
      return;
    }
    const signatureError = await checkSignatureFrom(node, candidate, search.options, search.hooks);
    if (signatureError) {
      if (!hint) {
        hint = signatureError;
        hintNode = candidate;
      }
      return;
    }
    error = isValid(candidate, certType, chain, search.options);
    if (error) {
      if (!hint) {
        hint = error;
        hintNode = candidate;
      }
      return;
    }
    if (certType === "root") chains.push([...chain, candidate]);
    else {
      const deeper = await buildChains(candidate, [...chain, candidate], search);
      error = deeper.error;
      pushAll(chains, deeper.chains);
    }
  };
  for (const root of search.roots.parents(node)) await consider("root", root);
  for (const intermediate of search.intermediates.parents(node)) await consider("intermediate", intermediate);
  if (chains.length > 0) error = undefined;
  if (chains.length === 0 && !error) error = unknownAuthority(node, hint, hintNode, chain);
  return { chains, ...(error ? { error } : {}) };
}

/** `checkChainForKeyUsage`: each certificate with an EKU narrows what the chain may be used for. */
function chainAllows<T>(chain: GoNode<T>[], usages: string[]): boolean {
  const remaining = new Set(usages);
  for (let i = chain.length - 1; i >= 0; i--) {
    const cert = chain[i]?.go;
    if (!cert) continue;
    if (cert.extKeyUsage.length === 0 && cert.unknownExtKeyUsage.length === 0) continue;
    if (cert.extKeyUsage.includes("any")) continue;
    for (const usage of [...remaining]) if (!cert.extKeyUsage.includes(usage)) remaining.delete(usage);
    if (remaining.size === 0) return false;
  }
  return true;
}

/**
 * Verify `leaf` with `intermediates` (what the peer presented after it) against `roots` (the
 * verifier's bundle). Every node must already be parsed; certificates Go cannot parse are the
 * caller's to leave out of `roots` (as AppendCertsFromPEM does) or to report (a presented one).
 */
export async function goVerify<T>(
  leaf: GoNode<T>,
  intermediates: readonly GoNode<T>[],
  roots: readonly GoNode<T>[],
  options: GoVerifyOptions,
  hooks: GoVerifyHooks<T>,
): Promise<GoVerdict<T>> {
  const leafError = isValid(leaf, "leaf", [], options);
  if (leafError) return { ok: false, error: leafError };
  const search: Search<T> = {
    roots: new GoPool(roots),
    intermediates: new GoPool(intermediates),
    options,
    hooks,
    signatureChecks: 0,
  };
  let candidates: GoNode<T>[][];
  if (search.roots.contains(leaf)) candidates = [[leaf]];
  else {
    const built = await buildChains(leaf, [leaf], search);
    if (built.error) return { ok: false, error: built.error };
    candidates = built.chains;
  }
  const usages = options.keyUsages.length > 0 ? options.keyUsages : ["serverAuth"];
  if (usages.includes("any")) return { ok: true, chains: candidates.map((c) => c.map((n) => n.item)) };
  const chains = candidates.filter((chain) => chainAllows(chain, usages));
  if (chains.length === 0)
    return {
      ok: false,
      error: invalid(leaf, "incompatible-usage", "x509: certificate specifies an incompatible key usage"),
    };
  return { ok: true, chains: chains.map((c) => c.map((n) => n.item)) };
}
