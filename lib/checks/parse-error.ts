// A file that looks like PKI material but cannot be read is reported, and the analysis goes on (DESIGN.md "Findings").
import type { ParseProblem } from "../inventory";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { examplesText, foldInputs, sharedReason } from "./fold-inputs";

/**
 * Problems listed one by one for a file; past this the rest of that file's problems are counted in
 * one closing finding. A file of 100,000 broken blocks is one fault, and a report of 100,000
 * findings would bury every other one (and cost the page and the terminal their time).
 */
export const MAX_PROBLEMS_PER_FILE = 20;

const FIX =
  "Check the file is complete (not truncated by a copy) and in PEM, DER or kubeconfig format; `openssl x509 -in FILE -noout -text` shows what openssl makes of it.";

const ARCHIVE_FIX =
  "Pack the archive again on the node (`tar czf node.tgz /etc/kubernetes /var/lib/kubelet/pki`, or the node collector) and copy it whole; `tar tvf FILE` or `unzip -l FILE` lists what the tools make of it.";

function finding(problem: ParseProblem): Finding {
  if (problem.kind === "archive")
    return {
      code: "PARSE_ERROR",
      severity: "warning",
      title: `Part of ${problem.path} could not be read`,
      detail: `${problem.path} is an archive, and part of it could not be read: ${problem.reason}. Every other entry of it, and everything else, was analysed.`,
      files: [problem.path],
      fix: ARCHIVE_FIX,
    };
  return {
    code: "PARSE_ERROR",
    severity: "warning",
    title: `Could not read ${problem.path}`,
    detail: `${problem.path} looks like certificate or kubeconfig material but could not be read: ${problem.reason}. Everything else was analysed without it.`,
    files: [problem.path],
    fix: FIX,
  };
}

function overflow({ path, reason }: ParseProblem, more: number): Finding {
  return {
    code: "PARSE_ERROR",
    severity: "warning",
    title: `Could not read ${path}: ${more} more problems`,
    detail: `${path} has ${more} more problems than the ${MAX_PROBLEMS_PER_FILE} listed (${MAX_PROBLEMS_PER_FILE + more} in all), counted here rather than listed one by one; the last of them: ${reason}. Everything else was analysed without them.`,
    files: [path],
    fix: FIX,
  };
}

function folded(problems: readonly ParseProblem[], files: number, examples: readonly string[]): Finding {
  const count = files.toLocaleString("en-US");
  return {
    code: "PARSE_ERROR",
    severity: "warning",
    title: `${count} files could not be read`,
    detail: `${count} files look like certificate or kubeconfig material but could not be read, ${sharedReason(problems)}. They are counted here rather than listed one by one: ${examplesText(examples, files)}. Everything else was analysed without them.`,
    files: [...examples],
    fix: FIX,
  };
}

export const parseError: Rule = {
  codes: ["PARSE_ERROR"],
  scope: "input",
  run: (ctx) => {
    const perFile = new Map<string, number>();
    const last = new Map<string, ParseProblem>();
    const listed: ParseProblem[] = [];
    for (const problem of ctx.inventory.problems) {
      if (problem.kind === "duplicate-entries") continue;
      const count = (perFile.get(problem.path) ?? 0) + 1;
      perFile.set(problem.path, count);
      if (count <= MAX_PROBLEMS_PER_FILE) listed.push(problem);
      else last.set(problem.path, problem);
    }
    const findings = foldInputs(listed, { one: finding, many: folded, kind: (p) => p.kind ?? "" });
    for (const [path, count] of perFile) {
      const lastProblem = last.get(path);
      if (lastProblem) findings.push(overflow(lastProblem, count - MAX_PROBLEMS_PER_FILE));
    }
    return findings;
  },
};
