/**
 * The grammar of `k8s-pki generate`: `generate <scenario|healthy> <dir> [--force]`,
 * `generate <scenario|healthy> --tar FILE.tar.gz [--force]` and `generate --list`. Like the rest of
 * the command line it returns data; a bad argument is a one-line usage error.
 */
import { SCENARIO_IDS, type ScenarioChoice } from "../lib/scenarios/scenario";

export type GenerateCommand =
  | {
      kind: "generate";
      choice: ScenarioChoice;
      /** Exactly one of `dir` and `tar` is set. */
      dir?: string;
      tar?: string;
      /** Write into a non-empty folder, or replace an existing archive. */
      force: boolean;
    }
  | { kind: "generate-list" };

/** The options `generate` reads, as parseArgs returned them. */
export interface GenerateValues {
  force?: boolean;
  tar?: string;
  list?: boolean;
}

const CHOICES: readonly string[] = ["healthy", ...SCENARIO_IDS];

function isChoice(choice: string): choice is ScenarioChoice {
  return CHOICES.includes(choice);
}

/** `generate`'s positionals (after the word `generate`) and options, checked. */
export function parseGenerateArgs(
  positionals: string[],
  values: GenerateValues,
): GenerateCommand | { kind: "usage-error"; message: string } {
  const usage = (message: string) => ({ kind: "usage-error" as const, message });
  if (values.list) {
    if (positionals.length > 0 || values.tar !== undefined || values.force)
      return usage("--list takes nothing else: use 'k8s-pki generate --list'");
    return { kind: "generate-list" };
  }
  const [choice, dir, ...rest] = positionals;
  if (choice === undefined)
    return usage(
      "missing scenario: use 'k8s-pki generate <scenario|healthy> <dir>' (see 'k8s-pki generate --list')",
    );
  if (!isChoice(choice)) return usage(`unknown scenario '${choice}' (see 'k8s-pki generate --list')`);
  if (rest.length > 0) return usage(`one folder only, not '${rest.join(" ")}' as well`);
  if (dir !== undefined && values.tar !== undefined)
    return usage(`give a folder or --tar, not both: '${dir}' and --tar '${values.tar}'`);
  if (dir === undefined && values.tar === undefined)
    return usage(`no output: give a folder (k8s-pki generate ${choice} <dir>) or --tar FILE.tar.gz`);
  if (values.tar === "") return usage("--tar needs a file name, e.g. --tar lab.tar.gz");
  return {
    kind: "generate",
    choice,
    ...(dir !== undefined ? { dir } : {}),
    ...(values.tar !== undefined ? { tar: values.tar } : {}),
    force: values.force ?? false,
  };
}
