/**
 * One verification as a Kubernetes component performs it, on the product's certificate records:
 * each certificate read by `parse-certificate.ts` (once, cached per record), a presented leaf or
 * intermediate Go cannot parse failing the handshake with Go's words, a bundle certificate Go
 * cannot parse left out of the pool (AppendCertsFromPEM skips it; certutil, reading a CA file,
 * refuses the whole file at start-up — the finding says so), then `goVerify`.
 *
 * `GoRules` pins what changed between the Go releases Kubernetes is built with: negative serials
 * (refused from Go 1.23, Kubernetes 1.32) and RSA keys under 1,024 bits (refused from Go 1.24,
 * Kubernetes 1.33). Without a known version, the newest rules apply and the finding says so.
 */
import type { CertificateRecord } from "../../inventory";
import type { SignatureVerifier } from "../signature-verifier";
import { parseGoCertificate, type GoCertificate, type GoParse } from "./parse-certificate";
import { goVerify, type GoError, type GoNode, type GoVerdict } from "./verify-chain";

export interface GoRules {
  /** The Go release judged as, e.g. "1.24". */
  go: string;
  /** Why this release: "Kubernetes 1.33 is built with Go 1.24", or "the newest rules". */
  because: string;
  refuseNegativeSerial: boolean;
  rsaMinBits: number;
}

/** Kubernetes minor → the Go minor its releases are built with (kubernetes/kubernetes .go-version). */
const GO_FOR_KUBERNETES: [number, string][] = [
  [35, "1.25"],
  [33, "1.24"],
  [32, "1.23"],
  [30, "1.22"],
  [29, "1.21"],
  [27, "1.20"],
  [26, "1.19"],
  [0, "1.19"],
];

function goMinor(go: string): number {
  return Number(go.split(".")[1] ?? 0);
}

/** The rules for a cluster's Kubernetes version (`v1.31.2`, `1.33`), or the newest without one. */
export function goRulesFor(kubernetesVersion?: string): GoRules {
  const minor = /^v?1\.(\d+)/.exec(kubernetesVersion ?? "")?.[1];
  if (minor === undefined) {
    return {
      go: "1.24",
      because: "the Kubernetes version is not in the files; judged as Go 1.24 (Kubernetes 1.33 and later)",
      refuseNegativeSerial: true,
      rsaMinBits: 1024,
    };
  }
  const go = GO_FOR_KUBERNETES.find(([from]) => Number(minor) >= from)?.[1] ?? "1.19";
  return {
    go,
    because: `Kubernetes 1.${minor} is built with Go ${go}`,
    refuseNegativeSerial: goMinor(go) >= 23,
    rsaMinBits: goMinor(go) >= 24 ? 1024 : 0,
  };
}

/** Go 1.23's rules, which the differential test's Go oracle runs. */
export const GO_1_23: GoRules = { go: "1.23", because: "Go 1.23", refuseNegativeSerial: true, rsaMinBits: 0 };

const parsed = new WeakMap<Uint8Array, Map<boolean, GoParse>>();

/** Go's reading of a certificate, cached per DER buffer and rule set. */
export function goParse(
  cert: Pick<CertificateRecord, "der">,
  rules: Pick<GoRules, "refuseNegativeSerial">,
): GoParse {
  let byRule = parsed.get(cert.der);
  if (!byRule) {
    byRule = new Map();
    parsed.set(cert.der, byRule);
  }
  const known = byRule.get(rules.refuseNegativeSerial);
  if (known) return known;
  const result = parseGoCertificate(cert.der, rules);
  byRule.set(rules.refuseNegativeSerial, result);
  return result;
}

export type JudgeAsGo =
  | { ok: true; chain: CertificateRecord[]; unparsedRoots: UnparsedCertificate[] }
  | { ok: false; error: GoError<CertificateRecord>; unparsedRoots: UnparsedCertificate[] }
  | {
      ok: false;
      unparsable: UnparsedCertificate;
      role: "leaf" | "intermediate";
      unparsedRoots: UnparsedCertificate[];
    };

export interface UnparsedCertificate {
  cert: CertificateRecord;
  error: string;
}

export interface JudgeOptions {
  now: Date;
  keyUsages: string[];
  rules: GoRules;
  /** Leave validity dates out of the search (see verify-chain.ts). */
  ignoreValidity?: boolean;
}

/** Verify `leaf` (+ what was presented after it) against `bundle`, exactly as Go would. */
export async function judgeAsGo(
  leaf: CertificateRecord,
  presented: readonly CertificateRecord[],
  bundle: readonly CertificateRecord[],
  options: JudgeOptions,
  verifier: SignatureVerifier,
): Promise<JudgeAsGo> {
  const unparsedRoots: UnparsedCertificate[] = [];
  const roots: GoNode<CertificateRecord>[] = [];
  for (const cert of bundle) {
    const result = goParse(cert, options.rules);
    if (result.ok) roots.push({ item: cert, go: result.cert });
    else unparsedRoots.push({ cert, error: result.error });
  }
  const node = (
    cert: CertificateRecord,
    role: "leaf" | "intermediate",
  ): GoNode<CertificateRecord> | JudgeAsGo => {
    const result = goParse(cert, options.rules);
    return result.ok
      ? { item: cert, go: result.cert }
      : { ok: false, unparsable: { cert, error: result.error }, role, unparsedRoots };
  };
  const leafNode = node(leaf, "leaf");
  if ("ok" in leafNode) return leafNode;
  const intermediates: GoNode<CertificateRecord>[] = [];
  for (const cert of presented) {
    const next = node(cert, "intermediate");
    if ("ok" in next) return next;
    intermediates.push(next);
  }
  const verdict: GoVerdict<CertificateRecord> = await goVerify(
    leafNode,
    intermediates,
    roots,
    {
      now: options.now.getTime(),
      keyUsages: options.keyUsages,
      rules: { rsaMinBits: options.rules.rsaMinBits },
      ...(options.ignoreValidity ? { ignoreValidity: true } : {}),
    },
    { verifySignature: (child, parent) => verifier.verify(child, parent) },
  );
  if (!verdict.ok) return { ok: false, error: verdict.error, unparsedRoots };
  return { ok: true, chain: verdict.chains[0] ?? [leaf], unparsedRoots };
}

export type { GoCertificate };
