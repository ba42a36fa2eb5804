/**
 * `k8s-pki explain`: which certificate of a drop a pasted error or alert means. Reads the text (an
 * argument, a file or stdin) and the drop, analyses the drop as `audit` does, and prints
 * lib/explain's answer. Exit 0 when certificates of the drop fit, 1 when the text was recognised
 * (or not) and nothing in the drop fits, 2 on a usage error or an input that cannot be read.
 */
import { readFileSync } from "node:fs";
import { explainText } from "../lib/explain/explain-text";
import { formatAnswer } from "../lib/explain/format-answer";
import { MAX_EXPLAIN_TEXT } from "../lib/explain/parse-facts";
import { inertText } from "../lib/format/inert-text";
import { type CliContext, EXIT_USAGE } from "./main";
import { EXPLAIN_HELP, type ExplainCommand, parseExplainArgs } from "./parse-explain-args";
import { readInput } from "./read-input";

/** Where `-` reads from; stdin in production. */
export type ReadStdin = () => string;

const readProcessStdin: ReadStdin = () => readFileSync(0, "utf8");

function readText(
  command: ExplainCommand,
  readStdin: ReadStdin,
): { ok: true; text: string } | { ok: false; error: string } {
  const { text } = command;
  if (text.from === "argument") return { ok: true, text: text.value };
  try {
    // Read no more than explain looks at (plus one character, so it can say it read a part).
    const all = text.from === "stdin" ? readStdin() : readFileSync(text.path, "utf8");
    return { ok: true, text: all.slice(0, MAX_EXPLAIN_TEXT + 1) };
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    const what = text.from === "stdin" ? "stdin" : `--from-file '${text.path}'`;
    return { ok: false, error: `cannot read ${what}${code ? ` (${code})` : ""}` };
  }
}

/** Run `explain` with the arguments after the word `explain`; returns the exit code. */
export async function runExplain(
  argv: string[],
  context: CliContext,
  readStdin: ReadStdin = readProcessStdin,
): Promise<number> {
  const say = (message: string) => context.stderr.write(`k8s-pki: ${inertText(message)}\n`);
  const command = parseExplainArgs(argv);
  if (command.kind === "help") {
    context.stdout.write(EXPLAIN_HELP);
    return 0;
  }
  if (command.kind === "usage-error") {
    say(command.message);
    return EXIT_USAGE;
  }
  const text = readText(command, readStdin);
  if (!text.ok) {
    say(text.error);
    return EXIT_USAGE;
  }
  const input = await readInput(command.inputs, { onNote: say });
  if (!input.ok) {
    say(input.error);
    return EXIT_USAGE;
  }
  const analyze = context.analyze ?? (await import("../lib/analyze")).analyze;
  const now = command.now ?? context.clock();
  const report = await analyze(input.files, { now, crypto: globalThis.crypto, consumeInput: true });
  const answer = explainText(text.text, report, now);
  context.stdout.write(formatAnswer(answer, command.format));
  return answer.verdict === "explained" ? 0 : 1;
}
