/**
 * The inventory's order once grouped: the node's certificates as sorted, then the certificates
 * found only in Secrets, one namespace after another ("Secrets in cert-manager"), each group in
 * the same sort. The table and the cards draw a heading where a group starts.
 */
import type { ReportCertificate } from "@/lib/report";
import { groupBySecretNamespace } from "@/lib/view/secret-groups";

/** A namespace's group, as its heading shows it. */
export interface InventoryGroup {
  key: string;
  /** Input-derived: shown through `<InputText>`; undefined for Secrets that named none. */
  namespace: string | undefined;
  count: number;
}

export interface GroupedInventory {
  certificates: ReportCertificate[];
  groupOf: (certificate: ReportCertificate) => InventoryGroup | undefined;
}

/** `certificates` (sorted, filtered) in grouped order, with each one's group. */
export function groupInventory(certificates: readonly ReportCertificate[]): GroupedInventory {
  const { node, namespaces } = groupBySecretNamespace(certificates);
  const groups = new Map<string, InventoryGroup>();
  for (const { namespace, certificates: members } of namespaces) {
    const group = { key: `namespace:${namespace ?? ""}`, namespace, count: members.length };
    for (const certificate of members) groups.set(certificate.id, group);
  }
  return {
    certificates: [...node, ...namespaces.flatMap((group) => group.certificates)],
    groupOf: (certificate) => groups.get(certificate.id),
  };
}

/** The group whose heading goes before the row at `index`: where a group starts, or where a page does. */
export function headingBefore(
  certificates: readonly ReportCertificate[],
  index: number,
  groupOf: GroupedInventory["groupOf"],
): InventoryGroup | undefined {
  const certificate = certificates[index];
  const group = certificate ? groupOf(certificate) : undefined;
  if (!group) return undefined;
  const previous = index > 0 ? certificates[index - 1] : undefined;
  return previous && groupOf(previous)?.key === group.key ? undefined : group;
}

/** A run of rows under one heading: a namespace's group, or the node's certificates (no heading). */
export interface GroupSegment {
  group: InventoryGroup | undefined;
  certificates: ReportCertificate[];
}

/** `certificates` (a page of them) cut where their group changes: one table body each. */
export function groupSegments(
  certificates: readonly ReportCertificate[],
  groupOf: GroupedInventory["groupOf"],
): GroupSegment[] {
  const segments: GroupSegment[] = [];
  for (const certificate of certificates) {
    const group = groupOf(certificate);
    const last = segments[segments.length - 1];
    if (last && last.group?.key === group?.key) last.certificates.push(certificate);
    else segments.push({ group, certificates: [certificate] });
  }
  return segments;
}
