/**
 * Status and severity as a pill: colour, icon and word together, never colour alone. The words are
 * the report's own ("ok", "warning", "error", "unknown"; "error", "warning", "info").
 */
import type { RelationshipStatus, Severity } from "@/lib/report";
import { StatusIcon, type Tone } from "./status-icon";

/** Text colour and soft background of each tone, spelled out so Tailwind sees every class. */
export const TONE_TEXT: Record<Tone, string> = {
  ok: "text-ok",
  warning: "text-warning",
  error: "text-error",
  unknown: "text-unknown",
  info: "text-accent",
};

export const TONE_PILL: Record<Tone, string> = {
  ok: "bg-ok-soft text-ok",
  warning: "bg-warning-soft text-warning",
  error: "bg-error-soft text-error",
  unknown: "bg-unknown-soft text-unknown",
  info: "bg-accent-soft text-accent",
};

/** A status word with its icon on its tone's tint: the one pill every badge is drawn as. */
export function Pill({ tone, word }: { tone: Tone; word: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-4 font-medium ${TONE_PILL[tone]}`}
    >
      <StatusIcon tone={tone} className="size-3.5" />
      {word}
    </span>
  );
}

/** A relationship's status: "✓ ok", "✗ error", "? unknown" as a coloured pill. */
export function StatusBadge({ status }: { status: RelationshipStatus }) {
  return <Pill tone={status} word={status} />;
}

/** A finding's severity as a coloured pill. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Pill tone={severity === "info" ? "info" : severity} word={severity} />;
}
