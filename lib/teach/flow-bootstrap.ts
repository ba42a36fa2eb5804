/**
 * Kubelet TLS bootstrap, step by step (k8s-pki-spec §5.2, §5.3, §3.1): a bootstrap token, the group
 * system:bootstrappers, a CSR for kubernetes.io/kube-apiserver-client-kubelet, automatic approval,
 * signing with --cluster-signing-cert-file, kubelet-client-current.pem and its rotation window.
 */
import { formatUtc } from "../format/labels";
import type { Report } from "../report";
import { findingEvidence, flowStep, primaryStep, type Flow, type FlowStep } from "./flow-support";
import { FLOWS } from "./lessons";
import { certificateParagraphs, keyParagraph, missing, missingParagraphs, pathValue } from "./quote";
import { certificateById, fileOf, kubeadmFamily, primaryInstance } from "./report-facts";
import { fill, joinSegments, value, type Paragraph } from "./segments";

const TEXT = FLOWS["kubelet-bootstrap"];

function tokenStep(report: Report): FlowStep {
  const { token } = TEXT.steps;
  const bootstrap = primaryInstance(report, "kubelet-bootstrap");
  const credential = bootstrap?.clientEnd.presents;
  if (credential) {
    const verdict = primaryStep(report, "kubelet-bootstrap", "client-presents");
    const found = findingEvidence(report, verdict?.findings ?? []);
    const state = verdict?.state ?? "unknown";
    return flowStep(
      token.title,
      [fill(token.body), fill(token.here, { source: pathValue(credential.source) }), ...found.body],
      [credential.source, ...found.files],
      state,
    );
  }
  const found = findingEvidence(report, bootstrap?.findingRefs ?? []);
  // Gone is normal once the kubelet holds its own certificate; without a kubelet nothing tells.
  const joined = primaryInstance(report, "kubelet-client")?.clientEnd.presents?.kind === "certificate";
  const gone = missingParagraphs(bootstrap?.missing ?? []);
  return flowStep(
    token.title,
    [fill(token.body), ...gone, ...(joined ? [fill(token.gone)] : []), ...found.body],
    found.files,
    joined ? "skipped" : "unknown",
  );
}

function csrStep(report: Report): FlowStep {
  const { csr } = TEXT.steps;
  const nodes = report.cluster.nodes;
  const here: Paragraph =
    nodes.length > 0
      ? fill(csr.here, { nodes: joinSegments(nodes.map((node) => value(node))) })
      : [missing(TEXT.steps.current.noKubelet)];
  return flowStep(csr.title, [fill(csr.body), here], []);
}

function signStep(report: Report): FlowStep {
  const { sign } = TEXT.steps;
  // Who signed the kubelet's current certificate is the evidence the drop holds of the signing CA.
  const kubelet = primaryInstance(report, "kubelet-client");
  const issuer = certificateById(
    report,
    certificateById(report, kubelet?.clientEnd.presents?.certificateId)?.issuerId,
  );
  const path = issuer?.paths.find((candidate) => !candidate.includes("#")) ?? issuer?.paths[0];
  const body: Paragraph[] = [fill(sign.body)];
  if (issuer && path) {
    body.push(fill(sign.here, { path: pathValue(path), subject: value(issuer.subject, fileOf(path)) }));
    if (issuer.keyPaths.length === 0) body.push([missing(sign.caKey)]);
  } else body.push([missing(sign.clusterCa)]);
  const mismatch = report.findings.flatMap((finding, index) =>
    finding.code === "SIGNING_CA_MISMATCH" ? [index] : [],
  );
  const found = findingEvidence(report, mismatch);
  const accepted = primaryStep(report, "kubelet-client", "server-verifies")?.state === "ok";
  const state = mismatch.length > 0 ? "error" : issuer && accepted ? "ok" : "unknown";
  return flowStep(sign.title, [...body, ...found.body], [...(path ? [path] : []), ...found.files], state);
}

function currentStep(report: Report): FlowStep {
  const { current } = TEXT.steps;
  const kubelet = primaryInstance(report, "kubelet-client");
  const credential = kubelet?.clientEnd.presents;
  const certificate = certificateById(report, credential?.certificateId);
  if (!credential || !certificate)
    return flowStep(current.title, [fill(current.body), [missing(current.noKubelet)]], [], "unknown");
  const verdict = primaryStep(report, "kubelet-client", "client-presents");
  const embedded = credential.source.includes("#users/");
  const body: Paragraph[] = [
    fill(current.body),
    ...certificateParagraphs(report, certificate, credential.source, { withNames: false }),
    keyParagraph(credential),
    ...(embedded ? [fill(current.embedded)] : []),
    ...findingEvidence(report, verdict?.findings ?? []).body,
  ];
  return flowStep(current.title, body, [credential.source, ...(verdict?.files ?? [])], verdict?.state);
}

function rotateStep(report: Report): FlowStep {
  const { rotate } = TEXT.steps;
  const kubelet = primaryInstance(report, "kubelet-client");
  const certificate = certificateById(report, kubelet?.clientEnd.presents?.certificateId);
  const window = certificate?.rotation;
  if (!certificate || !window)
    return flowStep(rotate.title, [fill(rotate.body), [missing(rotate.noWindow)]], [], "unknown");
  const file = fileOf(kubelet?.clientEnd.presents?.source ?? "");
  const now = Date.parse(report.now);
  const position =
    now < Date.parse(window.start) ? "before" : now <= Date.parse(window.end) ? "inside" : "after";
  const body: Paragraph[] = [
    fill(rotate.body),
    fill(rotate.window, {
      start: value(formatUtc(window.start), file),
      end: value(formatUtc(window.end), file),
    }),
    fill(rotate[position]),
  ];
  return flowStep(rotate.title, body, [file], position === "after" ? "warning" : "ok");
}

/** The kubelet TLS bootstrap flow for a report. */
export function bootstrapFlow(report: Report): Flow {
  const { group, approve } = TEXT.steps;
  return {
    id: "kubelet-bootstrap",
    title: TEXT.title,
    steps: [
      tokenStep(report),
      flowStep(group.title, [fill(group.body)], []),
      csrStep(report),
      flowStep(
        approve.title,
        [fill(approve.body), ...(kubeadmFamily(report) ? [] : [fill(approve.notKubeadm)])],
        [],
      ),
      signStep(report),
      currentStep(report),
      rotateStep(report),
    ],
  };
}
