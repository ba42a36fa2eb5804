/**
 * One relationship's TLS handshake, step by step, as the report's evidence tells it: the server's
 * certificate, the client's check of its chain and of the dialled name, the client's certificate,
 * the server's check of it, and the authorizer. Each finding of the relationship is laid on the
 * step it breaks, so a presenter can point at the exact moment a connection fails.
 */
import type { Report, Severity } from "../report";
import { halvesOf, STEP_ORDER, stepOfFinding, type Halves, type StepId } from "./handshake-evidence";
import {
  authorizer,
  clientPresents,
  clientVerifies,
  sanCheck,
  serverPresents,
  serverVerifies,
  type StepEvidence,
  type StepState,
} from "./handshake-steps";
import { HANDSHAKE, lessonFor, PHRASES } from "./lessons";
import { findingParagraph } from "./quote";
import {
  componentOf,
  fileOf,
  findingsAt,
  relationshipByKey,
  unique,
  type IndexedFinding,
} from "./report-facts";
import { fill, plainText, value, type Paragraph } from "./segments";
import { maxOf } from "../shared/collections";

export type { StepId } from "./handshake-evidence";
export type { StepState } from "./handshake-steps";

export interface HandshakeStep {
  id: StepId;
  title: string;
  state: StepState;
  body: Paragraph[];
  /** The files this step reads (report paths, without a `#entry` suffix). */
  files: string[];
  /** Indexes into `report.findings` that make this step red or amber. */
  findings: number[];
  /** The relationship key whose evidence this step shows, when it is not the one asked for. */
  judgedOn?: string;
}

const EVIDENCE: Record<StepId, (report: Report, halves: Halves) => StepEvidence> = {
  "server-presents": serverPresents,
  "client-verifies": clientVerifies,
  "san-check": sanCheck,
  "client-presents": clientPresents,
  "server-verifies": serverVerifies,
  authorizer,
};

const SERVER_SIDE: ReadonlySet<StepId> = new Set(["server-presents", "client-verifies", "san-check"]);

/** The relationship whose evidence a step reads. */
function holderOf(halves: Halves, step: StepId) {
  if (step === "client-verifies" && !halves.sameClient) return halves.relationship;
  if (step === "san-check") return halves.serverHalf ?? halves.relationship;
  return (SERVER_SIDE.has(step) ? halves.serverHalf : halves.clientHalf) ?? halves.relationship;
}

/** The lesson sentence that introduces a step. */
function lessonLine(halves: Halves, step: StepId): Paragraph | undefined {
  const holder = holderOf(halves, step);
  const lesson = lessonFor(holder.id);
  switch (step) {
    case "server-presents":
      return fill(lesson.serverPresents);
    case "client-verifies":
      return fill(lesson.clientTrusts);
    case "san-check":
      return fill(lessonFor(halves.relationship.id).dials);
    case "client-presents":
      return fill(lesson.clientPresents);
    case "server-verifies":
      return fill(lesson.serverTrusts);
    case "authorizer":
      return undefined;
  }
}

/**
 * Which findings fall on which step: the relationship's own findings wherever they break it, and
 * those of the relationship holding the other half only on that half's steps (a kubeconfig's CA
 * mismatch found on apiserver-serving breaks only that kubeconfig's client, which carries it itself).
 */
function findingsByStep(
  report: Report,
  halves: Halves,
  evidence: ReadonlyMap<StepId, StepEvidence>,
): Map<StepId, IndexedFinding[]> {
  const byStep = new Map<StepId, IndexedFinding[]>(STEP_ORDER.map((step) => [step, []]));
  const place = (found: IndexedFinding, allowed: (step: StepId) => boolean, fallback: StepId) => {
    const step = stepOfFinding(report, halves, found.finding) ?? fallback;
    if (!allowed(step)) return;
    const list = byStep.get(step);
    if (list && !list.some((item) => item.index === found.index)) list.push(found);
  };
  const own = halves.relationship;
  // A finding no code or certificate places (a file a flag names but the drop lacks) explains the
  // first step left unknown, else the first that applies.
  const first =
    STEP_ORDER.find((step) => evidence.get(step)?.state === "unknown") ??
    STEP_ORDER.find((step) => evidence.get(step)?.state !== "skipped") ??
    "server-presents";
  for (const found of findingsAt(report, own.findingRefs)) place(found, () => true, first);
  const { serverHalf, clientHalf, sameClient } = halves;
  // The other half's findings colour only its own steps, and only where this handshake could see
  // the evidence (a client whose dialled address is unknown is not blamed for another's SAN).
  const seen = (step: StepId) => evidence.get(step)?.state !== "unknown";
  if (serverHalf && serverHalf !== own) {
    const steps = new Set<StepId>(sameClient ? SERVER_SIDE : ["server-presents", "san-check"]);
    for (const found of findingsAt(report, serverHalf.findingRefs))
      place(found, (step) => steps.has(step) && seen(step), "server-presents");
  }
  if (clientHalf && clientHalf !== own) {
    for (const found of findingsAt(report, clientHalf.findingRefs))
      place(found, (step) => !SERVER_SIDE.has(step) && seen(step), "client-presents");
  }
  return byStep;
}

const WORST: Record<Severity, number> = { error: 2, warning: 1, info: 0 };

/** The state of a step: its worst error or warning finding, else what its evidence showed. */
function stateOf(evidence: StepState, findings: IndexedFinding[]): StepState {
  const worst = Math.max(0, maxOf(findings.map(({ finding }) => WORST[finding.severity])));
  if (worst === 2) return "error";
  if (worst === 1) return evidence === "error" ? "error" : "warning";
  return evidence;
}

/** The two ends in the lesson's words, with the node for per-node components ("the kubelet on cp-1"). */
export function endNames(report: Report, halves: Halves): { client: string; server: string } {
  const lesson = lessonFor(halves.relationship.id);
  const named = (words: string, component: string) => {
    const node = componentOf(report, component)?.node;
    return node ? plainText(fill(PHRASES.onNode, { who: words, node })) : words;
  };
  return {
    client: named(lesson.client, halves.relationship.client),
    server: named(lesson.server, halves.relationship.server),
  };
}

/** What the step is, in general; tokens and the service-account key pair have steps of their own kind. */
function explainOf(halves: Halves, step: StepId): Paragraph {
  if (
    halves.relationship.id === "service-account-signing" &&
    (step === "client-presents" || step === "server-verifies")
  )
    return fill(HANDSHAKE.saExplain[step]);
  const kind = halves.clientHalf?.clientEnd.presents?.kind;
  if (step === "client-presents" && kind !== undefined && kind !== "certificate")
    return fill(HANDSHAKE.tokenExplain);
  return fill(HANDSHAKE.explain[step]);
}

function titleOf(halves: Halves, step: StepId, names: { client: string; server: string }): string {
  const service = halves.relationship.id === "service-account-signing";
  const template =
    service && (step === "client-presents" || step === "server-verifies")
      ? HANDSHAKE.saTitles[step]
      : HANDSHAKE.titles[step];
  return plainText(fill(template, names));
}

/**
 * The handshake of the relationship with `relationshipKey`, six steps in order, or undefined when
 * the report has no such relationship. A step whose input the drop lacks is `unknown`; a step that
 * does not happen on this edge (no TLS for service-account tokens, no client certificate for a
 * bootstrap token, no verification by an apiserver without `--kubelet-certificate-authority`) is
 * `skipped` and says why; a finding of error or warning severity always colours its step.
 */
export function handshake(report: Report, relationshipKey: string): HandshakeStep[] | undefined {
  const relationship = relationshipByKey(report, relationshipKey);
  if (!relationship) return undefined;
  const halves = halvesOf(report, relationship);
  const names = endNames(report, halves);
  const evidenceOf = new Map(STEP_ORDER.map((id) => [id, EVIDENCE[id](report, halves)] as const));
  const placed = findingsByStep(report, halves, evidenceOf);
  return STEP_ORDER.map((id) => {
    const evidence = evidenceOf.get(id) ?? EVIDENCE[id](report, halves);
    const all = placed.get(id) ?? [];
    const coloring = all.filter(({ finding }) => finding.severity !== "info");
    const holder = holderOf(halves, id);
    const line = lessonLine(halves, id);
    const intro = [explainOf(halves, id), ...(line ? [line] : [])];
    // A step that does not happen says so first; the rest open with what the step is.
    const body: Paragraph[] = [
      ...(evidence.state === "skipped" ? [...evidence.body, ...intro] : [...intro, ...evidence.body]),
      ...all.map(findingParagraph),
      ...(holder !== relationship ? [fill(HANDSHAKE.judgedOn, { key: value(holder.key) })] : []),
    ];
    return {
      id,
      title: titleOf(halves, id, names),
      state: stateOf(evidence.state, coloring),
      body,
      files: unique([...evidence.files, ...coloring.flatMap(({ finding }) => finding.files.map(fileOf))]),
      findings: coloring.map(({ index }) => index),
      ...(holder !== relationship ? { judgedOn: holder.key } : {}),
    };
  });
}
