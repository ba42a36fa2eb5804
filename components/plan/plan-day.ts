/**
 * How one day of the renewal plan reads: its distance in words, its tone (colour, icon and word
 * together, never colour alone), and the day's commands, restarts and documentation gathered from its
 * items without repeats, in the plan's own order (the order to run them in).
 */
import type { Tone } from "@/components/detail/status-icon";
import type { ExpiryState } from "@/lib/expiry";
import { expiryPhrase } from "@/lib/format/relative-time";
import { dayEarliest } from "@/lib/format/plan-view";
import type { RenewalDay, RenewalKind } from "@/lib/plan/types";

/**
 * "in 356 days", "in 5 hours", "expired 12 days ago": the day told from the plan's instant by its
 * earliest expiry, in the words of every other view (the table, the Markdown, the findings).
 */
export function daysPhrase(now: string, day: RenewalDay): string {
  return expiryPhrase(now, dayEarliest(day)).replace(/^expires /, "");
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

/** Commands run on the same node or nodes, in the day's order. */
export interface CommandGroup {
  /** Where to run them; empty when the drop does not say which node holds the files. */
  nodes: string[];
  commands: string[];
}

/**
 * The day's commands by the node they are run on: each node's renewals then follow-ups, each once;
 * nodes that run exactly the same commands (every kubelet checking its own rotated certificate)
 * share one group. A certificate on several nodes (a CA copied to each) puts its command on each.
 */
export function dayCommandGroups(day: RenewalDay): CommandGroup[] {
  const perNode = new Map<string, RenewalDay["items"]>();
  for (const item of day.items)
    for (const node of item.nodes && item.nodes.length > 0 ? item.nodes : [""]) {
      const items = perNode.get(node);
      if (items) items.push(item);
      else perNode.set(node, [item]);
    }
  const groups = new Map<string, CommandGroup>();
  for (const [node, items] of perNode) {
    const commands = dayCommands({ ...day, items });
    if (commands.length === 0) continue;
    const key = commands.join("\n");
    const group = groups.get(key);
    if (group && node !== "" && group.nodes.length > 0) group.nodes.push(node);
    else groups.set(group ? `${key}\u0000${node}` : key, { nodes: node === "" ? [] : [node], commands });
  }
  return [...groups.values()];
}

/** "Run on control-1", "Run on kind-worker and kind-worker2", "Run on 5 nodes: a, b, c and 2 more". */
export function runOnTitle(nodes: readonly string[]): string {
  if (nodes.length === 0) return "Run on the node that holds these files";
  if (nodes.length <= 3) {
    const named = nodes.length === 1 ? nodes[0] : `${nodes.slice(0, -1).join(", ")} and ${nodes.at(-1)}`;
    return `Run on ${named}`;
  }
  return `Run on ${nodes.length} nodes: ${nodes.slice(0, 3).join(", ")} and ${nodes.length - 3} more`;
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
