/**
 * What the three flows share: their types, the verdict of a handshake step they reuse, and the
 * paragraphs of findings they quote.
 */
import type { RelationshipId, Report } from "../report";
import { handshake, type HandshakeStep, type StepId, type StepState } from "./handshake";
import { findingParagraph } from "./quote";
import { fileOf, findingsAt, primaryInstance, unique } from "./report-facts";
import type { Paragraph } from "./segments";

export type FlowId = "kubelet-bootstrap" | "kubelet-serving" | "service-account-tokens" | "ca-rotation";

export interface FlowStep {
  title: string;
  body: Paragraph[];
  /** The files this step quotes. */
  files: string[];
  /** Set where the report judged this step; absent for steps that only explain. */
  state?: StepState;
}

export interface Flow {
  id: FlowId;
  title: string;
  steps: FlowStep[];
}

/** A handshake step of a relationship's primary instance, for a flow step that reuses its verdict. */
export function primaryStep(report: Report, id: RelationshipId, step: StepId): HandshakeStep | undefined {
  const relationship = primaryInstance(report, id);
  return relationship
    ? handshake(report, relationship.key)?.find((candidate) => candidate.id === step)
    : undefined;
}

/** Paragraphs for findings by index, and the files they name. */
export function findingEvidence(
  report: Report,
  refs: readonly number[],
): { body: Paragraph[]; files: string[] } {
  const found = findingsAt(report, refs);
  return {
    body: found.map(findingParagraph),
    files: unique(found.flatMap(({ finding }) => finding.files.map(fileOf))),
  };
}

/** A flow step; `state` is left out when undefined so the object stays JSON-clean. */
export function flowStep(
  title: string,
  body: Paragraph[],
  files: readonly string[],
  state?: StepState,
): FlowStep {
  return { title, body, files: unique(files.map(fileOf)), ...(state ? { state } : {}) };
}
