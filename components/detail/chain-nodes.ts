/**
 * A chain check as the panel draws it: leaf → issuer → … → the certificate the verifier trusts,
 * with the verdict on each signature between them. The report lists steps (a certificate and the
 * issuer found for it); the issuer of the last step is the end of the path and gets its own node.
 */
import type { ChainCheck, Report, TrustAnchor } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { anchorForCertificate } from "./report-links";

export type SignatureVerdict = "valid" | "invalid" | "no-issuer";

export interface ChainNode {
  certificateId: string;
  /** The CN (or the id when the certificate is not in the report). */
  name: string;
  /** How this certificate's signature fared against the next node; absent on the last node. */
  signature?: SignatureVerdict;
  note?: string;
  /** Set on the last node when the model knows it as a trust anchor. */
  anchor?: TrustAnchor;
  /** The certificate signs itself (a self-signed leaf, or a root at the end of the path). */
  selfSigned: boolean;
}

function verdict(signatureValid: boolean | undefined): SignatureVerdict {
  if (signatureValid === true) return "valid";
  if (signatureValid === false) return "invalid";
  return "no-issuer";
}

/** The nodes of `chain`, leaf first, ending at the last issuer found (if any). */
export function chainNodes(report: Report, chain: ChainCheck): ChainNode[] {
  const find = (id: string) => report.certificates.find((candidate) => candidate.id === id);
  const nameOf = (id: string): string => {
    const certificate = find(id);
    return certificate ? commonName(certificate.subject) : id;
  };
  const nodes: ChainNode[] = chain.steps.map((step) => ({
    certificateId: step.certificateId,
    name: nameOf(step.certificateId),
    signature: verdict(step.signatureValid),
    note: step.note,
    selfSigned: step.issuerId === step.certificateId,
  }));
  const last = chain.steps.at(-1);
  const lastIssuer = last?.issuerId;
  const alreadyListed = nodes.some((node) => node.certificateId === lastIssuer);
  if (lastIssuer !== undefined && !alreadyListed) {
    nodes.push({
      certificateId: lastIssuer,
      name: nameOf(lastIssuer),
      anchor: anchorForCertificate(report, lastIssuer),
      selfSigned: find(lastIssuer)?.selfSigned ?? false,
    });
  } else if (nodes.length > 0) {
    const end = nodes[nodes.length - 1];
    if (end) end.anchor = anchorForCertificate(report, end.certificateId);
  }
  return nodes;
}
