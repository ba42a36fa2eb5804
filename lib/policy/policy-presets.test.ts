import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test-support/fixtures";
import { parsePolicy } from "./parse-policy";
import { CIS_POLICY, STRICT_POLICY } from "./policy-presets";

describe("the page's presets are the shipped files", () => {
  it.each([
    { file: "strict.yaml", preset: STRICT_POLICY },
    { file: "cis.yaml", preset: CIS_POLICY },
  ])("$file", ({ file, preset }) => {
    const read = parsePolicy(readFileSync(join(REPO_ROOT, "docs", "policies", file), "utf8"));
    expect(read).toEqual({ ok: true, value: preset });
  });
});
