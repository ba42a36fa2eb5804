/**
 * Who heads whom on the timeline: each certificate under the certificate of the input that signed
 * it (by the core's `issuerId`, which follows the signature, not the name). A node's certificates and
 * each namespace's Secrets are trees of their own: an issuer heads only what sits in the same place,
 * so a CA copied into a Secret does not pull the node's certificates into that namespace.
 */
import type { Report, ReportCertificate, ReportSecretRef } from "@/lib/report";
import { homeSecret } from "@/lib/view/secret-groups";

export interface IssuerTree {
  byId: ReadonlyMap<string, ReportCertificate>;
  /** The Secret a certificate found only in Secrets is named after, by certificate id. */
  homes: ReadonlyMap<string, ReportSecretRef>;
  /** The id of the certificate heading `c`, if its issuer is in the input and in the same place. */
  parentOf: (c: ReportCertificate) => string | undefined;
  /** What each issuer heads, in the report's order. */
  children: ReadonlyMap<string, ReportCertificate[]>;
}

export function issuerTree(report: Report): IssuerTree {
  const byId = new Map(report.certificates.map((c) => [c.id, c]));
  const homes = new Map<string, ReportSecretRef>();
  for (const c of report.certificates) {
    const home = homeSecret(c);
    if (home) homes.set(c.id, home);
  }
  const placeOf = (c: ReportCertificate) => {
    const home = homes.get(c.id);
    return home ? `namespace:${home.namespace ?? ""}` : "node";
  };
  const parentOf = (c: ReportCertificate) => {
    const issuer = c.issuerId && c.issuerId !== c.id ? byId.get(c.issuerId) : undefined;
    return issuer && placeOf(issuer) === placeOf(c) ? issuer.id : undefined;
  };
  const children = new Map<string, ReportCertificate[]>();
  for (const c of report.certificates) {
    const parent = parentOf(c);
    if (!parent) continue;
    const siblings = children.get(parent);
    if (siblings) siblings.push(c);
    else children.set(parent, [c]);
  }
  return { byId, homes, parentOf, children };
}
