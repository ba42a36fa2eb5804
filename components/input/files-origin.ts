/**
 * Whose files the page shows, for the lessons' words: the bundled demo cluster, a break-it scenario
 * made from it, or a person's own drop. "healthy" is the demo regenerated whole, so it is the demo.
 */
import type { FilesOrigin } from "@/lib/teach/lessons";
import type { SourcesState } from "./sources";

/** The origin of what `state` has loaded: a drop unless every source is the demo. */
export function filesOriginOf(state: SourcesState): FilesOrigin {
  if (state.sources.length === 0 || state.sources.some((source) => source.kind !== "demo")) return "drop";
  return state.scenario !== undefined && state.scenario !== "healthy" ? "scenario" : "demo";
}
