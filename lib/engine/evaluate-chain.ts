/**
 * Chain verification the way Go's crypto/x509 does it for Kubernetes: from the presented leaf, follow
 * issuers whose subject equals the issuer name — in the verifier's bundle (roots) or among the
 * certificates presented with the leaf (intermediates) — and accept a link only when the signature
 * verifies. A same-name issuer whose key does not verify is the classic stale-CA outage and is told
 * apart from "no such CA at all". Validity dates are judged by other rules against the injected `now`.
 */
import type { CertificateRecord } from "../inventory";
import { narrowIssuers } from "../pki/find-issuers";
import type { SignatureVerifier } from "../pki/signature-verifier";
import type { ChainStep } from "../report";

export type ChainVerdict = "trusted" | "untrusted" | "bad-signature" | "anchor-not-ca";

export interface ChainOutcome {
  verdict: ChainVerdict;
  steps: ChainStep[];
  reason: string;
  /** The bundle certificate the chain ended at, when trusted (or when the anchor is not a CA). */
  anchor?: CertificateRecord;
  /** A bundle certificate with the right name whose signature failed (bad-signature). */
  impostor?: CertificateRecord;
}

const MAX_DEPTH = 8;

/** Whether a certificate may sign others: CA:TRUE, and keyCertSign when key usage is present. */
export function canSign(cert: CertificateRecord): boolean {
  return (
    cert.basicConstraintsPresent &&
    cert.isCA &&
    (!cert.keyUsagePresent || cert.keyUsage.includes("keyCertSign"))
  );
}

function describe(cert: CertificateRecord): string {
  return cert.subjectCN ? `"${cert.subjectCN}"` : cert.subject;
}

/** Verify `leaf` (+ presented intermediates) against a CA bundle. Never throws. */
export async function evaluateChain(
  leaf: CertificateRecord,
  presented: CertificateRecord[],
  bundle: CertificateRecord[],
  verifier: SignatureVerifier,
): Promise<ChainOutcome> {
  const steps: ChainStep[] = [];
  const bundleIds = new Set(bundle.map((c) => c.id));
  if (bundleIds.has(leaf.id)) {
    steps.push({ certificateId: leaf.id, note: "the presented certificate is itself in the trusted bundle" });
    return { verdict: "trusted", steps, reason: "the certificate itself is trusted", anchor: leaf };
  }
  let current = leaf;
  let impostor: CertificateRecord | undefined;
  const visited = new Set<string>([leaf.id]);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const roots = narrowIssuers(
      current,
      bundle.filter((c) => c.subject === current.issuer),
    );
    for (const root of roots) {
      if (await verifier.verify(current, root)) {
        steps.push({ certificateId: current.id, issuerId: root.id, signatureValid: true });
        if (!canSign(root)) {
          return {
            verdict: "anchor-not-ca",
            steps,
            anchor: root,
            reason: `the trusted certificate ${describe(root)} signed it, but is not a CA (${root.isCA ? "no keyCertSign key usage" : "basicConstraints CA:FALSE or absent"})`,
          };
        }
        return { verdict: "trusted", steps, anchor: root, reason: `verified by ${describe(root)}` };
      }
      impostor ??= root;
    }
    const intermediates = narrowIssuers(
      current,
      presented.filter((c) => c.subject === current.issuer && !visited.has(c.id)),
    );
    let next: CertificateRecord | undefined;
    for (const candidate of intermediates) {
      if (await verifier.verify(current, candidate)) {
        next = candidate;
        break;
      }
    }
    if (!next || !canSign(next)) {
      if (impostor) {
        steps.push({
          certificateId: current.id,
          issuerId: impostor.id,
          signatureValid: false,
          note: "same issuer name, different key",
        });
        return {
          verdict: "bad-signature",
          steps,
          impostor,
          reason: `the trusted CA ${describe(impostor)} has the issuer's name but not its key: the signature does not verify ("crypto/rsa: verification error" / "x509: certificate signed by unknown authority")`,
        };
      }
      steps.push({
        certificateId: current.id,
        note: `no trusted CA named ${current.issuerCN ? `"${current.issuerCN}"` : current.issuer}`,
      });
      const names = bundle.map(describe).join(", ") || "no certificates";
      return {
        verdict: "untrusted",
        steps,
        reason: `it is issued by ${current.issuerCN ? `"${current.issuerCN}"` : current.issuer}, but the trusted bundle holds ${names}`,
      };
    }
    steps.push({
      certificateId: current.id,
      issuerId: next.id,
      signatureValid: true,
      note: "presented intermediate",
    });
    visited.add(next.id);
    if (bundleIds.has(next.id))
      return { verdict: "trusted", steps, anchor: next, reason: `verified by ${describe(next)}` };
    current = next;
  }
  return { verdict: "untrusted", steps, reason: "the chain is longer than 8 certificates" };
}
