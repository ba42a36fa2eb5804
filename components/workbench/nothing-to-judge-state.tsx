/**
 * What the explorer shows for files without any PKI material (a README, logs, values files): that
 * nothing was judged and why — every skipped file with its reason — and what it reads instead, so an
 * empty verdict is never mistaken for a healthy cluster.
 */
import type { Report } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { countNoun } from "@/lib/format/labels";
import { WHAT_IS_READ } from "@/lib/format/nothing-to-judge";
import { WhereToLook } from "./where-to-look";
import { InputText } from "@/components/shared/input-text";

/** Enough skipped files to recognise the folder; the rest are counted. */
const SHOWN_SKIPPED = 50;

export function NothingToJudgeState({ report }: { report: Report }) {
  const { files, skipped } = report.inputs;
  const shown = skipped.slice(0, SHOWN_SKIPPED);
  return (
    <section
      aria-label="Nothing to judge"
      data-testid={testIds.nothingToJudge}
      className="border-line bg-surface flex flex-col gap-5 rounded-xl border border-dashed px-4 py-6 sm:px-6"
    >
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold tracking-tight text-balance sm:text-xl">
          No certificates or kubeconfigs were found in {files === 1 ? "this file" : `these ${files} files`}
        </h2>
        <p className="text-muted max-w-3xl text-sm text-pretty">
          With no PKI material there is no trust relationship to judge, so nothing here is healthy or broken.
          The explorer reads {WHAT_IS_READ.join(", ")}.
        </p>
      </div>
      {skipped.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{countNoun(skipped.length, "file")} read and skipped</h3>
          <ul
            data-testid={testIds.skippedFiles}
            aria-label="Skipped files"
            className="border-line divide-line max-h-80 divide-y overflow-y-auto rounded-lg border text-sm"
          >
            {shown.map((item) => (
              <li key={item.path} className="flex flex-col gap-0.5 px-3 py-1.5 sm:flex-row sm:gap-3">
                <code className="font-mono text-xs wrap-anywhere sm:w-2/5 sm:shrink-0">
                  <InputText text={item.path} dir="ltr" />
                </code>
                <span className="text-muted text-xs">
                  <InputText text={item.reason} dir="ltr" />
                </span>
              </li>
            ))}
            {skipped.length > shown.length ? (
              <li className="text-muted px-3 py-1.5 text-xs">
                … and {countNoun(skipped.length - shown.length, "more file")}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Where the material lives on a node</h3>
        <WhereToLook />
      </div>
    </section>
  );
}
