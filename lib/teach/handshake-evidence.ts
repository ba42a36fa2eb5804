/**
 * Where a handshake's evidence lives in the report. The report judges each direction of a
 * connection as its own relationship (etcd-serving and apiserver-etcd-client are one TLS
 * connection; apiserver-serving is the server half of every apiserver client), so a handshake reads
 * its server half and its client half from the relationship that holds each, and places every
 * finding on the step it breaks.
 */
import type { Finding, RelationshipId, Report, ReportRelationship } from "../report";
import { APISERVER_CLIENTS, certificateById, pairedInstance } from "./report-facts";

export type StepId =
  "server-presents" | "client-verifies" | "san-check" | "client-presents" | "server-verifies" | "authorizer";

/** The six steps in the order a handshake runs them. */
export const STEP_ORDER: readonly StepId[] = [
  "server-presents",
  "client-verifies",
  "san-check",
  "client-presents",
  "server-verifies",
  "authorizer",
];

/** The relationships that hold a handshake's two halves. */
export interface Halves {
  relationship: ReportRelationship;
  /** Holds the serving certificate (server-presents, san-check); absent when no file holds it. */
  serverHalf?: ReportRelationship;
  /** Whether the server half's client is this handshake's client, so its trust and chains apply. */
  sameClient: boolean;
  /** Holds the client credential (client-presents, server-verifies, authorizer); absent for apiserver-serving. */
  clientHalf?: ReportRelationship;
  /**
   * Set when the client's kubeconfig was not checked against the kube-apiserver of the drop (its CA
   * and server may belong to another cluster), so that apiserver's certificate is not its server half.
   */
  otherServer?: boolean;
}

/** The relationship that holds the other half of a connection, and whether the client is the same. */
const SERVER_HALF: Partial<Record<RelationshipId, { id: RelationshipId; sameClient: boolean }>> = {
  "apiserver-etcd-client": { id: "etcd-serving", sameClient: true },
  "etcd-healthcheck-client": { id: "etcd-serving", sameClient: false },
  "apiserver-kubelet-client": { id: "kubelet-serving", sameClient: true },
};
const CLIENT_HALF: Partial<Record<RelationshipId, RelationshipId>> = {
  "etcd-serving": "apiserver-etcd-client",
  "kubelet-serving": "apiserver-kubelet-client",
};

/** The two halves of the handshake of `relationship`. */
export function halvesOf(report: Report, relationship: ReportRelationship): Halves {
  const { id } = relationship;
  if (id === "apiserver-serving") return { relationship, serverHalf: relationship, sameClient: true };
  if (id === "front-proxy-client") return { relationship, sameClient: false, clientHalf: relationship };
  if (APISERVER_CLIENTS.has(id)) {
    const serverHalf = pairedInstance(report, relationship, "apiserver-serving");
    const trust = relationship.clientEnd.verifiesWith;
    const judged = serverHalf?.chains.some(
      (chain) => chain.verifier === "client" && chain.reason?.startsWith(`${trust?.source ?? ""}: `),
    );
    if (trust && serverHalf?.serverEnd.presents && !judged)
      return { relationship, sameClient: false, clientHalf: relationship, otherServer: true };
    return {
      relationship,
      ...(serverHalf ? { serverHalf } : {}),
      sameClient: false,
      clientHalf: relationship,
    };
  }
  const server = SERVER_HALF[id];
  if (server) {
    const serverHalf = pairedInstance(report, relationship, server.id);
    return {
      relationship,
      ...(serverHalf ? { serverHalf } : {}),
      sameClient: server.sameClient,
      clientHalf: relationship,
    };
  }
  const clientId = CLIENT_HALF[id];
  const clientHalf = clientId ? pairedInstance(report, relationship, clientId) : relationship;
  return { relationship, serverHalf: relationship, sameClient: true, ...(clientHalf ? { clientHalf } : {}) };
}

// Which of a relationship's missing inputs belong to which step, by the flag or file they name.
const MISSING_HINTS: readonly [RegExp, StepId][] = [
  [/--etcd-cafile|--kubelet-certificate-authority|certificate-authority/, "client-verifies"],
  [
    /trusted-ca-file|client-ca-file|clientCAFile|requestheader-client-ca-file|public key|sa\.pub/,
    "server-verifies",
  ],
  [/--cert-file|--tls-cert-file|--peer-cert-file|serving certificate/, "server-presents"],
  [
    /certfile|client-certificate|proxy-client-cert|client certificate|healthcheck client|kubeconfig|signing key|sa\.key|token/,
    "client-presents",
  ],
];

/** The step a missing input (one of a relationship's `missing` sentences) belongs to, if it names one. */
export function stepOfMissing(entry: string): StepId | undefined {
  return MISSING_HINTS.find(([pattern]) => pattern.test(entry))?.[1];
}

const BY_CODE: Readonly<Record<string, StepId | "verifier">> = {
  SAN_MISSING: "san-check",
  IDENTITY_MISMATCH: "authorizer",
  NODE_AUTHORIZER_DISABLED: "authorizer",
  REQUESTHEADER_ALLOWED_NAMES_UNSET: "authorizer",
  KUBECONFIG_CA_MISMATCH: "client-verifies",
  KUBELET_SERVING_UNVERIFIED: "client-verifies",
  CHAIN_UNTRUSTED: "verifier",
  CHAIN_BAD_SIGNATURE: "verifier",
  CA_INVALID: "verifier",
  CA_REUSED: "server-verifies",
  SA_KEY_MISMATCH: "server-verifies",
  SA_KEY_DIFFERS: "server-verifies",
  SIGNING_CA_MISMATCH: "server-verifies",
  BOOTSTRAP_TOKEN_LEFT: "client-presents",
  EXEC_PLUGIN_API_REMOVED: "client-presents",
  KUBECONFIG_NO_CREDENTIAL: "client-presents",
  KUBELET_LINK_ABSENT: "client-presents",
};

/**
 * The step a certificate belongs to in this handshake: a presented certificate to its end's
 * presents step, a CA of a trust bundle (or a chain's issuer) to the step that verifies with it.
 */
function stepOfCertificates(report: Report, halves: Halves, ids: readonly string[]): StepId | undefined {
  const has = (id: string | undefined) => id !== undefined && ids.includes(id);
  const { serverHalf, clientHalf, sameClient } = halves;
  if (has(serverHalf?.serverEnd.presents?.certificateId)) return "server-presents";
  if (has(clientHalf?.clientEnd.presents?.certificateId)) return "client-presents";
  if (clientHalf?.serverEnd.verifiesWith?.certificateIds.some(has)) return "server-verifies";
  const clientTrust = sameClient ? serverHalf?.clientEnd.verifiesWith : clientHalf?.clientEnd.verifiesWith;
  if (clientTrust?.certificateIds.some(has)) return "client-verifies";
  const inChains = (relationship: ReportRelationship | undefined, verifier: "client" | "server") =>
    relationship?.chains.some(
      (chain) =>
        chain.verifier === verifier &&
        chain.steps.some((step) => has(step.certificateId) || has(step.issuerId)),
    );
  if (inChains(clientHalf, "server")) return "server-verifies";
  if (inChains(serverHalf, "client")) return "client-verifies";
  // An issuer of a presented certificate that no bundle names (a CA that is itself invalid or expiring).
  const issuerOf = (id: string | undefined) => certificateById(report, id)?.issuerId;
  if (has(issuerOf(serverHalf?.serverEnd.presents?.certificateId))) return "client-verifies";
  if (has(issuerOf(clientHalf?.clientEnd.presents?.certificateId))) return "server-verifies";
  return undefined;
}

/**
 * The step a finding breaks: by its code where the code names one, by the certificates it is about
 * otherwise; a chain finding goes to whichever end verifies the certificate it names. Undefined
 * when neither tells (the caller puts it on the first step that applies).
 */
export function stepOfFinding(report: Report, halves: Halves, finding: Finding): StepId | undefined {
  const byCode = BY_CODE[finding.code];
  const ids = finding.certificateIds ?? [];
  if (byCode === "verifier") {
    const step = stepOfCertificates(report, halves, ids);
    if (step === "client-presents" || step === "server-verifies") return "server-verifies";
    if (step) return "client-verifies";
    const untrusted = [halves.clientHalf, halves.serverHalf]
      .flatMap((relationship) => relationship?.chains ?? [])
      .find((chain) => !chain.trusted);
    return untrusted?.verifier === "client" ? "client-verifies" : "server-verifies";
  }
  if (byCode) return byCode;
  const byCertificate = stepOfCertificates(report, halves, ids);
  if (byCertificate) return byCertificate;
  // A file a flag names but the drop lacks: the step of the missing input that names that file.
  const entry = halves.relationship.missing.find((item) => {
    const path = item.slice(item.lastIndexOf(": ") + 2);
    return path.length > 0 && (finding.title.includes(path) || finding.detail.includes(path));
  });
  return entry === undefined ? undefined : stepOfMissing(entry);
}
