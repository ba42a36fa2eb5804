/**
 * SARIF's `tool.driver.rules`: one reporting descriptor per finding code the product can emit, made
 * from the catalogue (lib/finding-codes.ts), so a dashboard shows the same title, description and
 * help for a code whichever run reported it, and a rule exists before its first result does.
 */
import { ALL_FINDING_CODES, type FindingCodeInfo, findingCodeInfo } from "../finding-codes";
import type { Severity } from "../report";

/** A SARIF level from a finding severity. */
export type SarifLevel = "error" | "warning" | "note";

export const SARIF_LEVEL: Record<Severity, SarifLevel> = { error: "error", warning: "warning", info: "note" };

/** GitHub's `problem.severity`, which with `precision` orders results on its dashboard. */
const PROBLEM_SEVERITY: Record<Severity, string> = {
  error: "error",
  warning: "warning",
  info: "recommendation",
};

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[]; precision: string; "problem.severity": string };
}

/** `CERT_EXPIRED` → `CertExpired`: SARIF's rule name, an identifier rather than a sentence. */
function ruleName(code: string): string {
  return code
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/** Words for a code the catalogue does not know (an analyzer newer than this formatter). */
function unknownCode(code: string): FindingCodeInfo {
  return {
    severity: "warning",
    severities: ["warning"],
    category: "configuration",
    title: code,
    description: `A finding of code ${code}.`,
    help: "See the finding's own detail and fix.",
  };
}

function rule(code: string): SarifRule {
  const info = findingCodeInfo(code) ?? unknownCode(code);
  return {
    id: code,
    name: ruleName(code),
    shortDescription: { text: info.title },
    fullDescription: { text: info.description },
    help: {
      text: `${info.description} ${info.help}`,
      markdown: `**${info.title}** (\`${code}\`)\n\n${info.description}\n\n**What to do:** ${info.help}`,
    },
    defaultConfiguration: { level: SARIF_LEVEL[info.severity] },
    properties: {
      tags: ["kubernetes", "pki", info.category],
      precision: "very-high",
      "problem.severity": PROBLEM_SEVERITY[info.severity],
    },
  };
}

/**
 * Every catalogued code's rule in the catalogue's order, then any other code the report holds in
 * code order, with the index of each code's rule (a result's `ruleIndex`).
 */
export function sarifRules(reportCodes: Iterable<string>): {
  rules: SarifRule[];
  index: Map<string, number>;
} {
  const known = new Set<string>(ALL_FINDING_CODES);
  const extra = [...new Set(reportCodes)].filter((code) => !known.has(code)).sort();
  const codes = [...ALL_FINDING_CODES, ...extra];
  return { rules: codes.map(rule), index: new Map(codes.map((code, position) => [code, position])) };
}
