/**
 * Where the teaching mode is, as the address's hash says it: deep links an instructor puts on a
 * slide, and that a reload keeps. `#tour/<relationship-id>` is a step of the guided tour,
 * `#handshake/<relationship-key>` the handshake of one edge, `#flow/<flow-id>` a flow,
 * `#scenario/<scenario-id>` the demo with that fault applied, `/quiz` after it the same as a quiz,
 * `#quiz/round?s=a,b,c&t=60` a quiz round of several (lib/teach/quiz-round.ts reads the query), and
 * `#scenarios` the list of them. Anything else is no route: the explorer as usual.
 */
import { formatRoundLink, parseRoundLink, type RoundLink } from "@/lib/teach/quiz-round";

export type TeachRoute =
  | { kind: "tour"; step: string }
  | { kind: "handshake"; key: string }
  | { kind: "flow"; id: string }
  | { kind: "scenario"; id: string; quiz: boolean }
  | { kind: "scenarios" }
  | ({ kind: "round" } & RoundLink);

const ROUND = "quiz/round";

/** A hash segment: letters, digits and the punctuation of relationship keys (`kubelet-client:node-1`, `apiserver-serving@cp-2`). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,200}$/;

function segment(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed %-escape is no route, not an exception.
    return undefined;
  }
  return SEGMENT.test(decoded) ? decoded : undefined;
}

/** The route of a location hash (`#tour/etcd-peer`, with or without the `#`); undefined for none. */
export function parseTeachRoute(hash: string): TeachRoute | undefined {
  const bare = hash.replace(/^#/, "");
  if (bare === ROUND || bare.startsWith(`${ROUND}?`)) {
    const link = parseRoundLink(bare.slice(ROUND.length + 1));
    return link ? { kind: "round", ...link } : undefined;
  }
  const parts = bare.split("/");
  const [head, second, third] = parts;
  if (parts.length === 1 && head === "scenarios") return { kind: "scenarios" };
  const value = segment(second);
  if (value === undefined) return undefined;
  switch (head) {
    case "tour":
      return parts.length === 2 ? { kind: "tour", step: value } : undefined;
    case "handshake":
      return parts.length === 2 ? { kind: "handshake", key: value } : undefined;
    case "flow":
      return parts.length === 2 ? { kind: "flow", id: value } : undefined;
    case "scenario":
      if (parts.length === 2) return { kind: "scenario", id: value, quiz: false };
      return parts.length === 3 && third === "quiz" ? { kind: "scenario", id: value, quiz: true } : undefined;
    default:
      return undefined;
  }
}

/** The hash for a route (`#tour/etcd-peer`), or "" for none. */
export function formatTeachRoute(route: TeachRoute | undefined): string {
  if (!route) return "";
  switch (route.kind) {
    case "tour":
      return `#tour/${encodeURIComponent(route.step)}`;
    case "handshake":
      return `#handshake/${encodeURIComponent(route.key)}`;
    case "flow":
      return `#flow/${encodeURIComponent(route.id)}`;
    case "scenario":
      return `#scenario/${encodeURIComponent(route.id)}${route.quiz ? "/quiz" : ""}`;
    case "scenarios":
      return "#scenarios";
    case "round":
      return `#${ROUND}?${formatRoundLink(route.ids, route.seconds)}`;
  }
}
