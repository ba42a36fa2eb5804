// A file that looks like PKI material but cannot be read is reported, and the analysis goes on (DESIGN.md "Findings").
import type { Rule } from "./types";

export const parseError: Rule = {
  codes: ["PARSE_ERROR"],
  scope: "input",
  run: (ctx) =>
    ctx.inventory.problems.map((problem) => ({
      code: "PARSE_ERROR",
      severity: "warning",
      title: `Could not read ${problem.path}`,
      detail: `${problem.path} looks like certificate or kubeconfig material but could not be read: ${problem.reason}. Everything else was analysed without it.`,
      files: [problem.path],
      fix: "Check the file is complete (not truncated by a copy) and in PEM, DER or kubeconfig format; `openssl x509 -in FILE -noout -text` shows what openssl makes of it.",
    })),
};
