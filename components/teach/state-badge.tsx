/** A step's or relationship's state as icon and word (never colour alone). */
import type { Tone } from "@/components/detail/status-icon";
import { Pill } from "@/components/detail/status-badge";
import type { StepState } from "@/lib/teach/handshake";

const WORDS: Record<StepState, string> = {
  ok: "ok",
  error: "fails",
  warning: "warning",
  unknown: "unknown",
  skipped: "does not apply",
};

const TONES: Record<StepState, Tone> = {
  ok: "ok",
  error: "error",
  warning: "warning",
  unknown: "unknown",
  skipped: "unknown",
};

export function StateBadge({ state }: { state: StepState }) {
  return <Pill tone={TONES[state]} word={WORDS[state]} />;
}
