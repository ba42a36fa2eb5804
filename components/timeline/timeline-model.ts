/**
 * The expiry timeline's model, before any geometry: its rows (a bar per certificate, or a group
 * heading) and the bars in keyboard order, with the judge date and the CA horizon. Built by
 * `buildTimeline` (timeline-rows.ts).
 */
import type { ExpiryState } from "@/lib/expiry";

export interface TimelineBar {
  id: string;
  sha256: string;
  state: ExpiryState;
  /** 0 for a domain's CA, 1 for what it issued, 2 under an intermediate CA… */
  depth: number;
  /** A CA (or any issuer) heading the certificates under it. */
  heading: boolean;
  /**
   * First line: the file a leaf is known by, or the anchor's role for a CA ("Cluster CA"). Like
   * `detail` and `ariaLabel`, inert (`inertText`): drawn in SVG, which has no `<bdi>`, so a bidi
   * control or a zero-width space of the input is written as its escape and measured as drawn.
   */
  name: string;
  /** Second line: the component presenting a leaf, or a CA's file and subject. */
  detail: string;
  /** The role in words, for the accessible name. */
  description: string;
  /** Component run the bar belongs to inside its domain; the first bar of a run starts a group. */
  group: string;
  startsGroup: boolean;
  notBefore: number;
  notAfter: number;
  warnFrom: number;
  rotation?: { start: number; end: number };
  /** The issuer's end, when the issuer is another certificate of the input. */
  issuerEnd?: number;
  /** "in 214 days", "expired 3 days ago". */
  phrase: string;
  /** Findings that make the bar stand out, in words ("outlives its CA by 45 days"). */
  flags: TimelineFlag[];
  ariaLabel: string;
  paths: string[];
}

export interface TimelineFlag {
  text: string;
  tone: "error" | "warning";
}

/** A group heading's `title` is inert (`inertText`): a namespace is the input's words, drawn in SVG. */
export type TimelineRow =
  { kind: "bar"; bar: TimelineBar } | { kind: "group"; id: string; title: string; count: number };

export interface TimelineModel {
  rows: TimelineRow[];
  /** The bars in row order (keyboard order). */
  bars: TimelineBar[];
  now: number;
  /** `now + caHorizonDays`: a CA ending before this needs its rotation planned. */
  horizonEnd: number;
  horizonDays: number;
}
