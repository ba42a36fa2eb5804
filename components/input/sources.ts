/**
 * The sources loaded into the explorer, as a pure reducer. The demo cluster is never mixed with a
 * person's own files: the first user source replaces it, and loading the demo replaces everything.
 * Several user sources (one folder per node) are analysed together, each under its own folder name.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";

export interface LoadedSource {
  id: string;
  label: string;
  kind: "demo" | "user";
  fileCount: number;
  files: AnalysisFile[];
}

export interface SourcesState {
  sources: LoadedSource[];
  /** The fixed judge date of the demo data, while the demo is loaded. */
  judgeAt?: string;
  /** The break-it scenario (or "healthy") the loaded demo files were generated for. */
  scenario?: string;
  /** Counter for source ids, so a removed id is never reused. */
  nextId: number;
}

export const INITIAL_SOURCES: SourcesState = { sources: [], nextId: 1 };

export type SourcesAction =
  | { type: "addUser"; label: string; files: AnalysisFile[] }
  | { type: "replaceWithUser"; label: string; files: AnalysisFile[] }
  | { type: "loadDemo"; label: string; files: AnalysisFile[]; judgeAt: string; scenario?: string }
  | { type: "remove"; id: string }
  | { type: "clear" };

/** Action creators named as the explorer speaks of them. */
export const sourceActions = {
  addUser: (label: string, files: AnalysisFile[]): SourcesAction => ({ type: "addUser", label, files }),
  /** Another cluster: it alone is loaded afterwards. */
  replaceWithUser: (label: string, files: AnalysisFile[]): SourcesAction => ({
    type: "replaceWithUser",
    label,
    files,
  }),
  loadDemo: (
    files: AnalysisFile[],
    judgeAt: string,
    label = "Demo cluster (sample data)",
  ): SourcesAction => ({
    type: "loadDemo",
    label,
    files,
    judgeAt,
  }),
  /** The demo's files with a break-it scenario applied (or healthy), judged at the demo's date. */
  loadScenario: (files: AnalysisFile[], judgeAt: string, label: string, scenario: string): SourcesAction => ({
    type: "loadDemo",
    label,
    files,
    judgeAt,
    scenario,
  }),
  remove: (id: string): SourcesAction => ({ type: "remove", id }),
  clear: (): SourcesAction => ({ type: "clear" }),
};

function source(
  state: SourcesState,
  kind: LoadedSource["kind"],
  label: string,
  files: AnalysisFile[],
): LoadedSource {
  return { id: `source-${state.nextId}`, label, kind, fileCount: files.length, files };
}

/** The next sources state for an action. */
export function sourcesReducer(state: SourcesState, action: SourcesAction): SourcesState {
  switch (action.type) {
    case "addUser": {
      const added = source(state, "user", action.label, action.files);
      const users = state.sources.filter((s) => s.kind === "user");
      return { sources: [...users, added], nextId: state.nextId + 1 };
    }
    case "replaceWithUser":
      return { sources: [source(state, "user", action.label, action.files)], nextId: state.nextId + 1 };
    case "loadDemo":
      return {
        sources: [source(state, "demo", action.label, action.files)],
        judgeAt: action.judgeAt,
        ...(action.scenario === undefined ? {} : { scenario: action.scenario }),
        nextId: state.nextId + 1,
      };
    case "remove": {
      const sources = state.sources.filter((s) => s.id !== action.id);
      const demo = sources.some((s) => s.kind === "demo");
      return { sources, nextId: state.nextId, ...(demo && state.judgeAt ? { judgeAt: state.judgeAt } : {}) };
    }
    case "clear":
      return { sources: [], nextId: state.nextId };
  }
}

/** A folder-safe form of a label: `node-a`, `etc-kubernetes`, `3-files`. */
export function folderName(label: string): string {
  return (
    label
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|-+$/g, "") || "source"
  );
}

/**
 * The files to analyse. One source keeps its paths; with several, each source's paths go under a
 * folder named after its label, made unique (`node-a/…`, `node-a-2/…`), so two nodes' identically
 * named files stay apart and every finding says which node it is about.
 */
export function filesForAnalysis(state: SourcesState): AnalysisFile[] {
  if (state.sources.length <= 1) return state.sources.flatMap((s) => s.files);
  const used = new Set<string>();
  return state.sources.flatMap((s) => {
    const base = folderName(s.label);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return s.files.map((file) => ({ ...file, path: `${name}/${file.path}` }));
  });
}
