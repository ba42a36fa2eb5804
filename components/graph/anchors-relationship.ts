/**
 * Which trust anchor vouches for which relationship: the graph lights those edges when the anchor is
 * selected and draws a faint link from the anchor to each of them.
 */
import type { ReportRelationship, TrustAnchor } from "@/lib/report";

/**
 * Whether a trust anchor vouches for one end of a relationship: a CA when either end verifies the
 * other with it; the service-account key pair for token signing and token credentials.
 */
export function anchorsRelationship(anchor: TrustAnchor, relationship: ReportRelationship): boolean {
  if (anchor.kind === "key-pair") {
    const tokenKinds = ["service-account-token", "key-pair"];
    return (
      (anchor.role === "service-account" && relationship.id === "service-account-signing") ||
      [relationship.clientEnd, relationship.serverEnd].some(
        (end) => end.presents !== undefined && tokenKinds.includes(end.presents.kind),
      )
    );
  }
  const id = anchor.certificateId;
  if (!id) return false;
  return [relationship.clientEnd, relationship.serverEnd].some((end) =>
    end.verifiesWith?.certificateIds.includes(id),
  );
}
