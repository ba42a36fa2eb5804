import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test-support/fixtures";
import { PRODUCT_VERSION } from "./html-report-version";

describe("PRODUCT_VERSION", () => {
  it("is package.json's version, which k8s-pki --version prints", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(PRODUCT_VERSION).toBe(manifest.version);
  });
});
