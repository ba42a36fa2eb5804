/**
 * The words rotation findings, the plan and the stage view share: a trust root's name, a step's
 * title, and how a node is called in a sentence.
 */
import type { RotationStep } from "./rotation-stand";

/** kubernetes.io's page for the manual procedure the steps follow. */
export const MANUAL_ROTATION_URL = "https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/";

/** The procedure's steps, as counted in findings ("step 2 of 5"). */
export const ROTATION_STEPS = 5;

export const STEP_TITLES: Record<RotationStep, string> = {
  1: "distribute the new CA next to the old one",
  2: "reissue the leaves from the new CA",
  3: "switch the signer to the new CA",
  5: "remove the old CA",
  done: "done",
};

/** The step's number in "step N of 5" ("done" counts as the last). */
export function stepNumber(step: RotationStep): number {
  return step === "done" ? ROTATION_STEPS : step;
}

/** "cp-2", or "this node" for a drop of one unnamed node. */
export function nodeWords(node: string): string {
  return node === "" ? "this node" : node;
}

/** At most `max` items, then "and N more". */
export function listWords(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
