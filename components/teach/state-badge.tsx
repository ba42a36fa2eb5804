/** A step's or relationship's state as icon and word (never colour alone). */
import { StatusIcon, type Tone } from "@/components/detail/status-icon";
import { TONE_PILL } from "@/components/detail/status-badge";
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
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-4 font-medium ${TONE_PILL[TONES[state]]}`}
    >
      <StatusIcon tone={TONES[state]} />
      {WORDS[state]}
    </span>
  );
}
