/**
 * What the CSR rules share: each CertificateSigningRequest of a `kubectl get csr` dump with its
 * state as kubectl shows it (Pending, Approved without a certificate yet, Issued, Denied, Failed),
 * grouped by requester and signer. A kubelet that gets no answer files a new CSR every 15 minutes
 * (client-go certificate_manager.go, certificateWaitTimeout) and waits only for the newest, so a
 * group speaks through its newest CSR, and a group whose newest CSR was issued is settled: its
 * older leftovers are history, which the csrcleaner controller deletes after 24 hours.
 */
import { formatSpan } from "../format/format-span";
import { sourceName, type CsrRecord, type KubeCsrStatus } from "../inventory";
import type { RelationshipWiring } from "../cluster/model";
import { formatDate } from "./describe";
import type { CheckContext } from "./rule";

export const KUBELET_SERVING_SIGNER = "kubernetes.io/kubelet-serving";
export const KUBELET_CLIENT_SIGNER = "kubernetes.io/kube-apiserver-client-kubelet";

export type CsrState = "pending" | "approved" | "issued" | "denied" | "failed";

/** A CSR of the API with what the rules need to know about it. */
export interface ApiCsr {
  record: CsrRecord;
  status: KubeCsrStatus;
  state: CsrState;
  /** The node a kubelet CSR is for: the request's `system:node:<name>`, else its requester's. */
  node?: string;
  created: number;
}

function stateOf(status: KubeCsrStatus): CsrState {
  const has = (type: string) => status.conditions.some((c) => c.type === type && c.status !== "False");
  if (has("Denied")) return "denied";
  if (has("Failed")) return "failed";
  if (status.certificateIds.length > 0) return "issued";
  return has("Approved") ? "approved" : "pending";
}

const NODE = /^system:node:(.+)$/;

/** The CSRs of the API in the input whose signer is one of Kubernetes' own (`kubernetes.io/…`). */
export function apiCsrs(ctx: CheckContext): ApiCsr[] {
  return ctx.inventory.csrs.flatMap((record) => {
    const status = record.kubernetes;
    if (!status?.signerName?.startsWith("kubernetes.io/")) return [];
    const cn = /(?:^|, )CN=([^,]*)$/.exec(record.subject)?.[1];
    const node = NODE.exec(cn ?? "")?.[1] ?? NODE.exec(status.username ?? "")?.[1];
    const created = Date.parse(status.created ?? "");
    return [
      {
        record,
        status,
        state: stateOf(status),
        ...(node !== undefined ? { node } : {}),
        created: Number.isNaN(created) ? 0 : created,
      },
    ];
  });
}

/**
 * The CSRs by requester and signer, each group newest first, without the groups whose newest CSR
 * was issued: what a newer certificate settled needs no one's attention.
 */
export function openGroups(csrs: readonly ApiCsr[]): ApiCsr[][] {
  const groups = new Map<string, ApiCsr[]>();
  for (const csr of csrs) {
    // A kubelet's requests by node; anyone else's by who asked for which subject.
    const who = csr.node ?? `${csr.status.username ?? csr.status.name}\u0000${csr.record.subject}`;
    const key = `${csr.status.signerName ?? ""}\u0000${who}`;
    const group = groups.get(key);
    if (group) group.push(csr);
    else groups.set(key, [csr]);
  }
  return [...groups.values()]
    .map((group) => group.sort((a, b) => b.created - a.created || a.status.name.localeCompare(b.status.name)))
    .filter((group) => group[0]?.state !== "issued");
}

/** The kubelet relationship a kubelet CSR bears on, when the model has that node's kubelet. */
export function kubeletWiring(ctx: CheckContext, csr: ApiCsr): RelationshipWiring | undefined {
  if (csr.node === undefined) return undefined;
  const kubelet = `kubelet:${csr.node}`;
  if (csr.status.signerName === KUBELET_SERVING_SIGNER)
    return ctx.model.wirings.find((wiring) => wiring.id === "kubelet-serving" && wiring.server === kubelet);
  if (csr.status.signerName === KUBELET_CLIENT_SIGNER)
    return ctx.model.wirings.find((wiring) => wiring.id === "kubelet-client" && wiring.client === kubelet);
  return undefined;
}

/** `csr-m4t7w` as the file and the object it is named by: `csr.yaml#csr/csr-m4t7w`. */
export function csrFile(csr: ApiCsr): string {
  return sourceName(csr.record.source);
}

/** `DNS:control-1, IP:10.0.0.10`: the names a CSR asks for. */
export function requestedNames(csr: ApiCsr): string {
  return [
    ...csr.record.dnsNames.map((n) => `DNS:${n}`),
    ...csr.record.ipAddresses.map((ip) => `IP:${ip}`),
  ].join(", ");
}

/** `created 2026-05-31 22:55 UTC, 1 hour before the judge date` (or after it, for a dump newer than the date). */
export function createdPhrase(csr: ApiCsr, now: Date): string {
  if (csr.created === 0) return "of unknown age";
  const delta = now.getTime() - csr.created;
  const when = `created ${formatDate(new Date(csr.created).toISOString())}`;
  return delta >= 0
    ? `${when}, ${formatSpan(delta)} before the judge date`
    : `${when}, after the judge date (${formatDate(now.toISOString())})`;
}

/** Who asked: the node's kubelet, or the requester's user name. */
export function requester(csr: ApiCsr): string {
  if (csr.node !== undefined)
    return `the kubelet of ${csr.node} (${csr.status.username ?? "unknown requester"})`;
  return csr.status.username ?? "an unknown requester";
}
