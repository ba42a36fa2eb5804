/**
 * A break-it lab to take home: the loaded scenario's files as a .tar.gz, with LAB.md at the archive's
 * root — the task, the commands to try on these files and the answer folded at the end, or, for the
 * healthy cluster ("Fix it"), the same commands to compare.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { packTarGz } from "@/lib/archive/pack-tar-gz";
import { labMarkdown } from "@/lib/scenarios/lab";
import type { Scenario, ScenarioChoice } from "@/lib/scenarios/scenario";
import { downloadBlob } from "../export/download";

/** The lab's own file, at the archive's root beside `control-1/` and `worker-1/`. */
export const LAB_FILE = "LAB.md";

/** The archive's name: the scenario's id, or `healthy` once fixed. */
export function labArchiveName(choice: ScenarioChoice): string {
  return `k8s-pki-${choice}.tar.gz`;
}

/** The files and their LAB.md as one .tar.gz; `choice` says whether they are the scenario's or the healthy cluster. */
export function labArchive(
  files: readonly AnalysisFile[],
  scenario: Scenario,
  choice: ScenarioChoice,
): Uint8Array {
  const entries = files
    .filter((file) => file.path !== LAB_FILE)
    .map((file) => ({ path: file.path, bytes: new Uint8Array(file.bytes) }));
  const markdown = labMarkdown(
    scenario,
    entries.map((entry) => entry.path),
    choice === "healthy" ? "healthy" : "broken",
  );
  return packTarGz([...entries, { path: LAB_FILE, bytes: new TextEncoder().encode(markdown) }]);
}

/** Offers the lab's archive as a download. */
export function downloadLab(
  files: readonly AnalysisFile[],
  scenario: Scenario,
  choice: ScenarioChoice,
): void {
  const archive = labArchive(files, scenario, choice);
  downloadBlob(new Blob([new Uint8Array(archive)], { type: "application/gzip" }), labArchiveName(choice));
}
