/**
 * The evidence of each handshake step, read from the report: which certificate or trust bundle the
 * step looks at, what it found, and whether the drop held what it needed. A step with nothing to
 * look at is `unknown`, a step that does not happen on this edge is `skipped` — never `ok`.
 */
import type { CredentialRef, Report } from "../report";
import { HANDSHAKE, lessonFor, PHRASES } from "./lessons";
import { stepOfMissing, type Halves, type StepId } from "./handshake-evidence";
import {
  chainParagraph,
  chainsBy,
  credentialParagraphs,
  identityParagraph,
  missing,
  missingParagraphs,
  pathValue,
  sansParagraph,
  trustParagraph,
} from "./quote";
import {
  APISERVER_CLIENTS,
  certificateById,
  componentOf,
  ETCD_RELATIONSHIPS,
  fileOf,
  kubeadmFamily,
} from "./report-facts";
import { fill, type Paragraph } from "./segments";
import { pushAll } from "../shared/collections";

export type StepState = "ok" | "error" | "warning" | "unknown" | "skipped";

/** What one step found before the findings are laid over it. */
export interface StepEvidence {
  state: StepState;
  body: Paragraph[];
  files: string[];
}

const evidence = (state: StepState, body: Paragraph[], files: (string | undefined)[] = []): StepEvidence => ({
  state,
  body,
  files: files.filter((file): file is string => !!file).map(fileOf),
});

/** The relationship's missing inputs that bear on `step`, else those that name no step at all. */
export function missingFor(halves: Halves, step: StepId, holder = halves.relationship): string[] {
  const entries = holder.missing;
  const matching = entries.filter((entry) => stepOfMissing(entry) === step);
  if (matching.length > 0) return matching;
  return entries.filter((entry) => stepOfMissing(entry) === undefined);
}

/** The sentence for a server half the drop does not show: an aggregated server, or another cluster's. */
function noServerHalf(halves: Halves): Paragraph[] {
  return [[missing(halves.otherServer ? HANDSHAKE.otherServer : HANDSHAKE.aggregatedServer)]];
}

/** Missing paragraphs for a step: the report's own words, else the files the lesson says carry it. */
function missingBody(halves: Halves, step: StepId, holder = halves.relationship): Paragraph[] {
  const items = missingFor(halves, step, holder);
  if (items.length > 0) return missingParagraphs(items);
  return [[missing(lessonFor(holder.id).carriers)]];
}

/** A presented certificate: error when it is out of date or its key is another, unknown without its key. */
function presented(report: Report, credential: CredentialRef): StepEvidence {
  const body = credentialParagraphs(report, credential, { withNames: false });
  const certificate = certificateById(report, credential.certificateId);
  const files = [credential.source, credential.keySource];
  if (!certificate) return evidence("unknown", body, files);
  if (certificate.expiryState === "expired" || certificate.expiryState === "not-yet-valid")
    return evidence("error", body, files);
  if (credential.keyMatches === false) return evidence("error", body, files);
  if (credential.keyMatches === undefined) return evidence("unknown", body, files);
  return evidence("ok", body, files);
}

/** Whether kube-apiserver verifies the kubelet's serving certificate at all. */
function apiserverSkipsKubelet(halves: Halves): boolean {
  const serving = halves.serverHalf;
  if (serving?.id !== "kubelet-serving") return false;
  return (
    !serving.clientEnd.verifiesWith &&
    chainsBy(serving.chains, "client").length === 0 &&
    serving.findings.includes("KUBELET_SERVING_UNVERIFIED")
  );
}

/** Step 1: the server's certificate and key. */
export function serverPresents(report: Report, halves: Halves): StepEvidence {
  if (halves.relationship.id === "service-account-signing")
    return evidence("skipped", [fill(HANDSHAKE.skip.noTls)]);
  const half = halves.serverHalf;
  if (!half) return evidence("unknown", noServerHalf(halves));
  const credential = half.serverEnd.presents;
  if (!credential) return evidence("unknown", missingBody(halves, "server-presents", half));
  return presented(report, credential);
}

/** Step 2: the client's CA bundle and the chain it built. */
export function clientVerifies(report: Report, halves: Halves): StepEvidence {
  const { relationship, serverHalf, sameClient } = halves;
  if (relationship.id === "service-account-signing") return evidence("skipped", [fill(HANDSHAKE.skip.noTls)]);
  if (!serverHalf) return evidence("unknown", noServerHalf(halves));
  if (apiserverSkipsKubelet(halves)) return evidence("skipped", [fill(HANDSHAKE.skip.notVerified)]);
  if (relationship.id === "etcd-healthcheck-client")
    return evidence("unknown", [[missing(HANDSHAKE.healthcheckCa)]]);
  const trust = sameClient ? serverHalf.clientEnd.verifiesWith : relationship.clientEnd.verifiesWith;
  const chains = sameClient
    ? chainsBy(serverHalf.chains, "client")
    : trust
      ? chainsBy(serverHalf.chains, "client", trust.source)
      : [];
  const certificate = serverHalf.serverEnd.presents;
  const files = [trust?.source, certificate?.source];
  if (!trust && chains.length === 0) {
    const body =
      APISERVER_CLIENTS.has(relationship.id) && relationship.clientEnd.presents?.kind !== "certificate"
        ? [[missing(HANDSHAKE.apiserverCaNotInFiles)]]
        : missingBody(halves, "client-verifies", sameClient ? serverHalf : relationship);
    return evidence("unknown", body, files);
  }
  const body: Paragraph[] = trust ? [trustParagraph(report, trust)] : [];
  if (!certificate) return evidence("unknown", [...body, [missing(HANDSHAKE.noServerCertificate)]], files);
  if (chains.length === 0) return evidence("unknown", [...body, fill(HANDSHAKE.chainNotRun)], files);
  pushAll(body, chains.map(chainParagraph));
  return evidence(chains.every((chain) => chain.trusted) ? "ok" : "error", body, files);
}

/** Where the address the client dials is configured, when the drop holds it. */
function dialSource(report: Report, halves: Halves): string | undefined {
  const { relationship, serverHalf } = halves;
  const sourcesOf = (component: string) => componentOf(report, component)?.sources[0];
  switch (relationship.id) {
    case "etcd-peer":
      return sourcesOf("etcd");
    case "etcd-healthcheck-client":
      return undefined;
    case "etcd-serving":
    case "apiserver-etcd-client":
    case "kubelet-serving":
    case "apiserver-kubelet-client":
      return sourcesOf("kube-apiserver");
    case "apiserver-serving":
      return serverHalf?.clientEnd.verifiesWith?.source ?? sourcesOf("kube-apiserver");
    default:
      return relationship.clientEnd.verifiesWith?.source;
  }
}

/** Step 3: the names in the serving certificate against the address the client dials. */
export function sanCheck(report: Report, halves: Halves): StepEvidence {
  const { relationship, serverHalf } = halves;
  if (relationship.id === "service-account-signing") return evidence("skipped", [fill(HANDSHAKE.skip.noTls)]);
  if (!serverHalf) return evidence("unknown", noServerHalf(halves));
  if (apiserverSkipsKubelet(halves)) return evidence("skipped", [fill(HANDSHAKE.skip.notVerified)]);
  const credential = serverHalf.serverEnd.presents;
  const certificate = certificateById(report, credential?.certificateId);
  if (!credential || !certificate) return evidence("unknown", [[missing(HANDSHAKE.noServerCertificate)]]);
  const names = sansParagraph(certificate, credential.source);
  const source = dialSource(report, halves);
  const files = [credential.source, source];
  if (!source) return evidence("unknown", [names, [missing(HANDSHAKE.dialledAddress)]], files);
  return evidence(
    certificate.sans.length > 0 ? "ok" : "error",
    [names, fill(HANDSHAKE.dialledIn, { source: pathValue(source) })],
    files,
  );
}

/** Step 4: the client's credential (or the signing key, for service-account tokens). */
export function clientPresents(report: Report, halves: Halves): StepEvidence {
  const { relationship, clientHalf } = halves;
  if (relationship.id === "service-account-signing") {
    const gone = missingFor(halves, "client-presents");
    return gone.length > 0
      ? evidence("unknown", missingParagraphs(gone))
      : evidence("ok", [fill(HANDSHAKE.saSigningFound)]);
  }
  if (!clientHalf) return evidence("skipped", [fill(HANDSHAKE.skip.eachClient)]);
  const credential = clientHalf.clientEnd.presents;
  if (!credential) return evidence("unknown", missingBody(halves, "client-presents", clientHalf));
  if (credential.kind === "token") {
    return evidence(
      "ok",
      [...credentialParagraphs(report, credential), fill(HANDSHAKE.bootstrapToken)],
      [credential.source],
    );
  }
  if (credential.kind !== "certificate") {
    const body = [...credentialParagraphs(report, credential), ...missingParagraphs(clientHalf.missing)];
    return evidence("unknown", body, [credential.source]);
  }
  return presented(report, credential);
}

/** Step 5: the server's CA bundle for clients and the chain it built (or the service-account key). */
export function serverVerifies(report: Report, halves: Halves): StepEvidence {
  const { relationship, clientHalf } = halves;
  if (relationship.id === "service-account-signing") return serviceAccountVerifies(report, halves);
  if (!clientHalf) return evidence("skipped", [fill(HANDSHAKE.skip.eachClient)]);
  const credential = clientHalf.clientEnd.presents;
  if (credential && credential.kind !== "certificate") {
    const kind = PHRASES.credentialKinds[credential.kind];
    return evidence("skipped", [fill(HANDSHAKE.skip.tokenNotCertificate, { kind })]);
  }
  const trust = clientHalf.serverEnd.verifiesWith;
  const chains = chainsBy(clientHalf.chains, "server");
  const files = [trust?.source, credential?.source];
  const body: Paragraph[] = trust ? [trustParagraph(report, trust)] : [];
  if (!trust && chains.length === 0)
    return evidence("unknown", missingBody(halves, "server-verifies", clientHalf), files);
  if (!credential)
    return evidence("unknown", [...body, ...missingBody(halves, "client-presents", clientHalf)], files);
  if (chains.length === 0) return evidence("unknown", [...body, fill(HANDSHAKE.chainNotRun)], files);
  pushAll(body, chains.map(chainParagraph));
  return evidence(chains.every((chain) => chain.trusted) ? "ok" : "error", body, files);
}

function serviceAccountVerifies(report: Report, halves: Halves): StepEvidence {
  const anchors = report.trustAnchors.filter((anchor) => anchor.role === "service-account");
  const paths = anchors.flatMap((anchor) => anchor.paths);
  const gone = missingFor(halves, "server-verifies");
  const body: Paragraph[] =
    paths.length > 0 ? [fill(HANDSHAKE.saVerifying, { paths: paths.join(", ") })] : [];
  if (gone.length > 0) return evidence("unknown", [...body, ...missingParagraphs(gone)], paths);
  return evidence("ok", [...body, fill(HANDSHAKE.saPairOk)], paths);
}

/** Step 6: the identity the server's authorizer sees and what lets it in. */
export function authorizer(report: Report, halves: Halves): StepEvidence {
  const { relationship, clientHalf } = halves;
  if (ETCD_RELATIONSHIPS.has(relationship.id))
    return evidence("skipped", [fill(HANDSHAKE.skip.etcdNoAuthorizer)]);
  if (relationship.id === "service-account-signing")
    return evidence("skipped", [fill(HANDSHAKE.skip.serviceAccountAuthorizer)]);
  if (!clientHalf) return evidence("skipped", [fill(HANDSHAKE.skip.eachClient)]);
  const lesson = lessonFor(clientHalf.id);
  const credential = clientHalf.clientEnd.presents;
  const body: Paragraph[] = [fill(lesson.identity)];
  if (credential?.kind === "token")
    return evidence("ok", [...body, fill(HANDSHAKE.bootstrapIdentity), fill(lesson.authorizer)]);
  const identity = clientHalf.identity;
  if (!identity || !credential)
    return evidence("unknown", [
      ...body,
      ...missingBody(halves, "client-presents", clientHalf),
      fill(lesson.authorizer),
    ]);
  body.push(identityParagraph(identity, credential.source), fill(lesson.authorizer));
  const files = [credential.source];
  // The analysis judges these identities against kubeadm's groups only; elsewhere the binding that
  // admits them is an object in the cluster.
  const unjudged =
    (clientHalf.id === "admin-client" && componentOf(report, clientHalf.client)?.kind === "user") ||
    (clientHalf.id === "apiserver-kubelet-client" && !kubeadmFamily(report));
  if (unjudged) return evidence("unknown", [...body, [missing(HANDSHAKE.userBinding)]], files);
  return evidence("ok", body, files);
}
