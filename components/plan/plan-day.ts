/**
 * How one day of the renewal plan reads: its distance in words, its tone (colour, icon and word
 * together, never colour alone), and the day's commands, restarts and documentation gathered from its
 * items without repeats, in the plan's own order (the order to run them in).
 */
import type { Tone } from "@/components/detail/status-icon";
import type { ExpiryState } from "@/lib/expiry";
import type { RenewalDay, RenewalKind } from "@/lib/plan/types";

/** "in 356 days", "tomorrow", "today", "expired yesterday", "expired 12 days ago". */
export function daysPhrase(daysLeft: number): string {
  if (daysLeft === 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  if (daysLeft === -1) return "expired yesterday";
  if (daysLeft < 0) return `expired ${-daysLeft} days ago`;
  return `in ${daysLeft} days`;
}

export interface DayLook {
  tone: Tone;
  /** The word that carries the state without its colour. */
  word: string;
}

const LOOKS: Record<ExpiryState, DayLook> = {
  expired: { tone: "error", word: "Expired" },
  "not-yet-valid": { tone: "error", word: "Not yet valid" },
  soon: { tone: "warning", word: "Renew now" },
  ok: { tone: "ok", word: "Planned" },
};

export function dayLook(state: ExpiryState): DayLook {
  return LOOKS[state];
}

export const KIND_WORDS: Record<RenewalKind, string> = {
  kubeadm: "kubeadm",
  "kubelet-rotation": "kubelet rotates",
  "kubelet-self-signed": "kubelet regenerates",
  "ca-rotation": "CA rotation",
  manual: "by hand",
};

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ""))];
}

/**
 * The day's shell commands, each once: the renewals that are commands (`runnable`), in item order,
 * then their follow-ups (restarts, copies). Procedures that are not commands stay on their items.
 */
export function dayCommands(day: RenewalDay): string[] {
  const renewals = day.items.filter((item) => item.runnable).map((item) => item.command);
  return distinct([...renewals, ...day.items.flatMap((item) => item.followUp)]);
}

/** What to do after the day's renewals (restarts, copies), each once, in the plan's run order. */
export function dayAfterwards(day: RenewalDay): string[] {
  return day.afterwards ?? distinct(day.items.flatMap((item) => item.restart));
}

/** The day's documentation links, each once. */
export function dayDocs(day: RenewalDay): string[] {
  return distinct(day.items.flatMap((item) => (item.docUrl ? [item.docUrl] : [])));
}

/** A documentation link, short: `kubernetes.io/…/kubeadm-certs`; the host alone for a bare site. */
export function docTitle(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    const segments = pathname.split("/").filter(Boolean);
    const host = hostname.replace(/^www\./, "");
    const last = segments.at(-1);
    if (!last) return host;
    return segments.length > 1 ? `${host}/…/${last}` : `${host}/${last}`;
  } catch {
    // Not a URL (a step written by hand): show it as it is.
    return url;
  }
}
