import { describe, expect, it } from "vitest";
import type { ProgressState } from "./progress-line";
import { createProgressReporter } from "./progress-reporter";

const CLEAR = "\r\u001b[K";

/** Replays `steps` (an update or a clear at a time in ms; the reporter is made at 0) and returns what it wrote. */
function replay(steps: { at: number; update?: ProgressState; clear?: true }[], width?: number): string[] {
  const written: string[] = [];
  let now = 0;
  const reporter = createProgressReporter({ write: (text) => written.push(text), now: () => now, width });
  for (const step of steps) {
    now = step.at;
    if (step.update) reporter.update(step.update);
    if (step.clear) reporter.clear();
  }
  return written;
}

const files = (done: number): ProgressState => ({ stage: "files", done });

describe("createProgressReporter", () => {
  const cases: { name: string; steps: Parameters<typeof replay>[0]; width?: number; want: string[] }[] = [
    {
      name: "silent within the first 300 ms, a clear included",
      steps: [
        { at: 10, update: files(1) },
        { at: 299, update: files(500) },
        { at: 299, clear: true },
      ],
      want: [],
    },
    {
      name: "draws from 300 ms, at most every 100 ms within a stage",
      steps: [
        { at: 300, update: files(600) },
        { at: 350, update: files(700) },
        { at: 399, update: files(800) },
        { at: 400, update: files(801) },
      ],
      want: [`${CLEAR}reading files… 600`, `${CLEAR}reading files… 801`],
    },
    {
      name: "a new stage is drawn at once",
      steps: [
        { at: 300, update: files(600) },
        { at: 310, update: { stage: "read", done: 0, total: 9 } },
      ],
      want: [`${CLEAR}reading files… 600`, `${CLEAR}parsing files… 0 / 9`],
    },
    {
      name: "clears once, and draws again at the next update",
      steps: [
        { at: 300, update: files(600) },
        { at: 301, clear: true },
        { at: 302, clear: true },
        { at: 303, update: files(601) },
      ],
      want: [`${CLEAR}reading files… 600`, CLEAR, `${CLEAR}reading files… 601`],
    },
    {
      name: "keeps within the terminal's width",
      steps: [{ at: 300, update: files(12_345) }],
      width: 10,
      want: [`${CLEAR}reading f`],
    },
  ];
  it.each(cases)("$name", ({ steps, width, want }) => {
    expect(replay(steps, width)).toEqual(want);
  });
});
