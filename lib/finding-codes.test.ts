import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CROSS_NODE_RULES, DROP_RULES, RULES } from "./checks";
import {
  ALL_FINDING_CODES,
  FINDING_CATALOGUE,
  findingCodeInfo,
  isFindingCode,
  type FindingCode,
} from "./finding-codes";
import { FIXTURES, reportFor } from "./test-support/fixtures";

describe("the finding-code catalogue", () => {
  it("holds exactly the codes the rules emit", () => {
    const emitted = new Set([...RULES, ...CROSS_NODE_RULES, ...DROP_RULES].flatMap((rule) => rule.codes));
    expect(new Set(ALL_FINDING_CODES)).toEqual(emitted);
  });

  it.each(ALL_FINDING_CODES)("%s: words for people and its usual severity among its severities", (code) => {
    const info = FINDING_CATALOGUE[code];
    expect(info.severities[0]).toBe(info.severity);
    expect(new Set(info.severities).size).toBe(info.severities.length);
    for (const text of [info.title, info.description, info.help]) expect(text.trim()).toBe(text);
    expect(info.title.length).toBeLessThan(60);
    // One line each, ending as a sentence does.
    expect(info.description).toMatch(/^[^\n]+\.$/);
    expect(info.help).toMatch(/^[^\n]+[.)]$/);
  });

  it("types every code: a code that is not one does not compile", () => {
    // @ts-expect-error "CERT_EXPIRD" is not a FindingCode: a renamed or misspelt code breaks tsc.
    const misspelt: FindingCode = "CERT_EXPIRD";
    const known: FindingCode = "CERT_EXPIRED";
    expect(isFindingCode(misspelt)).toBe(false);
    expect(isFindingCode(known)).toBe(true);
  });

  it("knows its own codes and no others", () => {
    expect(isFindingCode("CERT_EXPIRED")).toBe(true);
    expect(isFindingCode("toString")).toBe(false);
    expect(findingCodeInfo("NOT_A_CODE")).toBeUndefined();
    expect(findingCodeInfo("PARSE_ERROR")?.severity).toBe("warning");
  });

  // Every fault fixture, judged: each finding's code is catalogued with the severity it came with.
  const faults = readdirSync(join(FIXTURES, "faults")).sort();
  const layoutFaults = readdirSync(join(FIXTURES, "layouts-faults"))
    .sort()
    .map((name) => `layouts-faults/${name}`);
  it.each([...faults, ...layoutFaults, "demo", "kubeadm-v1.20"])(
    "%s: every finding's code and severity are catalogued",
    async (fixture) => {
      const report = await reportFor(fixture);
      for (const finding of report.findings) {
        const info = findingCodeInfo(finding.code);
        expect(info, finding.code).toBeDefined();
        expect(info?.severities, `${finding.code} at ${finding.severity}`).toContain(finding.severity);
      }
    },
  );
});
