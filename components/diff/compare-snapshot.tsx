"use client";
/**
 * "Compare with an earlier snapshot…": the person picks an archive or a folder of the same cluster
 * taken earlier; the Worker reads and judges it and compares it with the shown drop (the workbench's
 * `compare`); the changes list shows what changed, exportable as Markdown and JSON. The file inputs
 * exist only while a snapshot is being chosen, so the page's own inputs stay the only ones otherwise.
 */
import { useEffect, useState, type ChangeEvent } from "react";
import type { ReportDiff } from "@/lib/diff/diff-types";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { DiffAnswer } from "@/components/analysis/use-analysis";
import { downloadBlob } from "@/components/export/download";
import { pickedFromList } from "@/components/input/picked-file";
import { pickedSource } from "@/components/input/picked-source";
import { readFiles } from "@/components/input/read-files";
import { InputText } from "@/components/shared/input-text";
import { testIds } from "@/components/test-ids";
import { DiffChanges } from "./diff-changes";

export type Compare = (oldFiles: AnalysisFile[]) => Promise<DiffAnswer | string>;

type State =
  | { kind: "choosing" }
  | { kind: "comparing"; label: string }
  | { kind: "done"; label: string; answer: DiffAnswer }
  | { kind: "failed"; message: string };

const BUTTON =
  "border-line hover:bg-raised rounded-md border px-2.5 py-1.5 text-sm font-medium whitespace-nowrap";

/** The control in the report's toolbar. */
export function CompareButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" data-testid={testIds.diffOpen} onClick={onOpen} className={BUTTON}>
      Compare…
    </button>
  );
}

/** The comparison panel: choose an earlier snapshot, then its changes. */
export function CompareSnapshot({
  compare,
  onClose,
  onDiff,
}: {
  compare: Compare;
  onClose: () => void;
  /** The comparison shown (or none), for the graph's and the timeline's marks. */
  onDiff?: (diff: ReportDiff | undefined) => void;
}) {
  const [state, setState] = useState<State>({ kind: "choosing" });
  useEffect(() => {
    onDiff?.(state.kind === "done" && !("refused" in state.answer.result) ? state.answer.result : undefined);
  }, [state, onDiff]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const list = event.currentTarget.files;
    if (!list || list.length === 0) return;
    const source = pickedSource(pickedFromList(list));
    setState({ kind: "comparing", label: source.label });
    const { files } = await readFiles(source.picked);
    const answer = await compare(files);
    if (typeof answer === "string") setState({ kind: "failed", message: answer });
    else if ("refused" in answer.result) setState({ kind: "failed", message: answer.result.refused });
    else setState({ kind: "done", label: source.label, answer });
  };
  const save = (answer: DiffAnswer, format: "markdown" | "json") => {
    const text = format === "json" ? `${JSON.stringify(answer.result, null, 2)}\n` : (answer.markdown ?? "");
    const type = format === "json" ? "application/json" : "text/markdown";
    downloadBlob(new Blob([text], { type }), format === "json" ? "k8s-pki-diff.json" : "k8s-pki-diff.md");
  };
  return (
    <section
      aria-label="Compare with an earlier snapshot"
      data-testid={testIds.diffPanel}
      data-diff-state={state.kind}
      className="border-line bg-surface space-y-3 rounded-xl border p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Compare with an earlier snapshot</h2>
        <button type="button" onClick={onClose} className={BUTTON}>
          Close
        </button>
      </div>
      {state.kind === "choosing" || state.kind === "failed" ? (
        <div className="space-y-2 text-sm">
          <p className="text-muted">
            Pick an archive or a folder of this cluster taken earlier (a collector archive records when). It
            is read and judged in this tab only, then compared with what is shown.
          </p>
          <div className="flex flex-wrap gap-2">
            <label className={`${BUTTON} cursor-pointer`}>
              Archive or files…
              <input
                type="file"
                multiple
                data-testid={testIds.diffFiles}
                className="sr-only"
                onChange={(event) => void choose(event)}
              />
            </label>
            <label className={`${BUTTON} cursor-pointer`}>
              Folder…
              <input
                type="file"
                data-testid={testIds.diffFolder}
                className="sr-only"
                onChange={(event) => void choose(event)}
                {...{ webkitdirectory: "" }}
              />
            </label>
          </div>
          {state.kind === "failed" ? (
            <p role="alert" className="text-error text-sm">
              Cannot compare: <InputText text={state.message} />
            </p>
          ) : null}
        </div>
      ) : null}
      {state.kind === "comparing" ? (
        <p className="text-muted text-sm">
          Judging <InputText text={state.label} dir="ltr" /> and comparing…
        </p>
      ) : null}
      {state.kind === "done" && !("refused" in state.answer.result) ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted">
              Compared with <InputText text={state.label} dir="ltr" />
            </span>
            <button
              type="button"
              data-testid={testIds.diffExportMarkdown}
              onClick={() => save(state.answer, "markdown")}
              className={BUTTON}
            >
              Markdown
            </button>
            <button
              type="button"
              data-testid={testIds.diffExportJson}
              onClick={() => save(state.answer, "json")}
              className={BUTTON}
            >
              JSON
            </button>
            <button type="button" onClick={() => setState({ kind: "choosing" })} className={BUTTON}>
              Another snapshot…
            </button>
          </div>
          <p className="text-muted text-xs">
            Marked below: relationships whose status changed by a dotted orange line in the graph,
            certificates that changed (or should have) by an orange end on their timeline row.
          </p>
          <DiffChanges diff={state.answer.result} />
        </>
      ) : null}
    </section>
  );
}
