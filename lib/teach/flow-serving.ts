/**
 * The kubelet's serving certificate (k8s-pki-spec §3.1, §4.1 row 10, §5.3): which certificate each
 * kubelet serves, the self-signed default, serverTLSBootstrap with its manual CSR approval, and
 * whether kube-apiserver checks any of it.
 */
import type { Report, ReportRelationship } from "../report";
import { findingEvidence, flowStep, type Flow, type FlowStep } from "./flow-support";
import { handshake } from "./handshake";
import { halvesOf } from "./handshake-evidence";
import { clientVerifies } from "./handshake-steps";
import { FLOWS, lessonFor } from "./lessons";
import { certificateParagraphs, missing, pathValue } from "./quote";
import { certificateById, componentOf, fileOf, instancesOf, primaryInstance } from "./report-facts";
import { code, fill, type Paragraph } from "./segments";

const TEXT = FLOWS["kubelet-serving"];

type ServingKind = "selfSigned" | "bootstrapped" | "configured";

/** How a kubelet came by the certificate it serves. */
function servingKind(report: Report, relationship: ReportRelationship): ServingKind | undefined {
  const credential = relationship.serverEnd.presents;
  const certificate = certificateById(report, credential?.certificateId);
  if (!credential || !certificate) return undefined;
  if (/kubelet-server-[^/]*\.pem$/.test(fileOf(credential.source))) return "bootstrapped";
  const issuer = certificateById(report, certificate.issuerId);
  // The kubelet writes its own CA next to the leaf in kubelet.crt; a bare self-signed leaf counts too.
  const ownCa = issuer?.selfSigned && issuer.paths.some((path) => fileOf(path) === fileOf(credential.source));
  return certificate.selfSigned || ownCa ? "selfSigned" : "configured";
}

function nodeName(report: Report, relationship: ReportRelationship): string {
  const component = componentOf(report, relationship.server);
  return component?.node ?? component?.name ?? relationship.server;
}

function whichStep(report: Report, servings: readonly ReportRelationship[]): FlowStep {
  const { which } = TEXT.steps;
  const body: Paragraph[] = [fill(which.body)];
  const files: string[] = [];
  for (const relationship of servings) {
    const kind = servingKind(report, relationship);
    const source = relationship.serverEnd.presents?.source;
    if (!kind || !source) continue;
    body.push(fill(which[kind], { node: nodeName(report, relationship), path: pathValue(source) }));
    files.push(source);
  }
  if (files.length === 0) body.push([missing(which.noServing)]);
  return flowStep(which.title, body, files);
}

/** The step for one way of getting a serving certificate, quoting the first kubelet that uses it. */
function kindStep(
  report: Report,
  servings: readonly ReportRelationship[],
  kind: "selfSigned" | "bootstrapped",
  text: { title: string; body: string; none: string },
): FlowStep {
  const relationship = servings.find((candidate) => servingKind(report, candidate) === kind);
  const credential = relationship?.serverEnd.presents;
  const certificate = certificateById(report, credential?.certificateId);
  if (!relationship || !credential || !certificate)
    return flowStep(text.title, [fill(text.body), fill(text.none)], []);
  const verdict = handshake(report, relationship.key)?.find((step) => step.id === "server-presents");
  const body: Paragraph[] = [
    fill(text.body),
    fill(TEXT.quoting, { node: nodeName(report, relationship) }),
    ...certificateParagraphs(report, certificate, credential.source),
    ...findingEvidence(report, verdict?.findings ?? []).body,
  ];
  return flowStep(text.title, body, [credential.source, ...(verdict?.files ?? [])], verdict?.state);
}

function verifyStep(report: Report): FlowStep {
  const { verify } = TEXT.steps;
  const relationship = primaryInstance(report, "kubelet-serving");
  const messages = lessonFor("kubelet-serving").breaks.flatMap((example) =>
    example.messages.map((message) => [code(message)]),
  );
  if (!relationship)
    return flowStep(
      verify.title,
      [fill(verify.body), ...messages, [missing(TEXT.steps.which.noServing)]],
      [],
      "unknown",
    );
  const verdict = handshake(report, relationship.key)?.find((step) => step.id === "client-verifies");
  const evidence = clientVerifies(report, halvesOf(report, relationship));
  // The info that kube-apiserver verifies nothing is the point of this step, so it is quoted too.
  const found = findingEvidence(report, relationship.findingRefs);
  return flowStep(
    verify.title,
    [fill(verify.body), ...messages, ...evidence.body, ...found.body],
    [...evidence.files, ...found.files],
    verdict?.state ?? evidence.state,
  );
}

/** The kubelet serving-certificate flow for a report. */
export function servingFlow(report: Report): Flow {
  const servings = instancesOf(report, "kubelet-serving");
  return {
    id: "kubelet-serving",
    title: TEXT.title,
    steps: [
      whichStep(report, servings),
      kindStep(report, servings, "selfSigned", TEXT.steps.selfSigned),
      kindStep(report, servings, "bootstrapped", TEXT.steps.bootstrap),
      verifyStep(report),
    ],
  };
}
