/**
 * Service-account tokens (k8s-pki-spec §4.1 row 12, §5.5): one key pair and no CA, signing by
 * kube-apiserver and kube-controller-manager, tokens projected into pods, verification with every
 * key in --service-account-key-file, and the identity a token carries.
 */
import type { Report } from "../report";
import { findingEvidence, flowStep, primaryStep, type Flow, type FlowStep } from "./flow-support";
import type { StepState } from "./handshake";
import { halvesOf } from "./handshake-evidence";
import { clientPresents } from "./handshake-steps";
import { FLOWS, lessonFor } from "./lessons";
import { missing, pathValue } from "./quote";
import { primaryInstance, unique } from "./report-facts";
import { code, fill, joinSegments, type Paragraph } from "./segments";

const TEXT = FLOWS["service-account-tokens"];
const RANK: Record<StepState, number> = { error: 4, warning: 3, unknown: 2, ok: 1, skipped: 0 };

function pairStep(report: Report): FlowStep {
  const { pair } = TEXT.steps;
  const paths = unique(
    report.trustAnchors
      .filter((anchor) => anchor.role === "service-account")
      .flatMap((anchor) => anchor.paths),
  );
  const signing = primaryStep(report, "service-account-signing", "client-presents");
  const verifying = primaryStep(report, "service-account-signing", "server-verifies");
  const states = [signing?.state, verifying?.state].filter(
    (state): state is StepState => state !== undefined,
  );
  const state = states.sort((a, b) => RANK[b] - RANK[a])[0] ?? "unknown";
  const found = findingEvidence(
    report,
    primaryInstance(report, "service-account-signing")?.findingRefs ?? [],
  );
  const here: Paragraph =
    paths.length > 0
      ? fill(pair.here, { paths: joinSegments(paths.map(pathValue)) })
      : [missing(pair.noPublic)];
  return flowStep(pair.title, [fill(pair.body), here, ...found.body], [...paths, ...found.files], state);
}

function signStep(report: Report): FlowStep {
  const { sign } = TEXT.steps;
  const relationship = primaryInstance(report, "service-account-signing");
  if (!relationship)
    return flowStep(
      sign.title,
      [fill(sign.body), [missing(lessonFor("service-account-signing").carriers)]],
      [],
      "unknown",
    );
  const verdict = primaryStep(report, "service-account-signing", "client-presents");
  const evidence = clientPresents(report, halvesOf(report, relationship));
  return flowStep(
    sign.title,
    [fill(sign.body), ...evidence.body],
    evidence.files,
    verdict?.state ?? evidence.state,
  );
}

function verifyStep(report: Report): FlowStep {
  const { verify } = TEXT.steps;
  const verdict = primaryStep(report, "service-account-signing", "server-verifies");
  const messages = lessonFor("service-account-signing").breaks.flatMap((example) =>
    example.messages.map((message) => [code(message)]),
  );
  const found = findingEvidence(report, verdict?.findings ?? []);
  return flowStep(
    verify.title,
    [fill(verify.body), ...messages, ...found.body],
    [...(verdict?.files ?? []), ...found.files],
    verdict?.state ?? "unknown",
  );
}

/** The service-account token flow for a report. */
export function serviceAccountFlow(report: Report): Flow {
  const { project, identity } = TEXT.steps;
  return {
    id: "service-account-tokens",
    title: TEXT.title,
    steps: [
      pairStep(report),
      signStep(report),
      flowStep(project.title, [fill(project.body)], []),
      verifyStep(report),
      flowStep(identity.title, [fill(identity.body)], []),
    ],
  };
}
