import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { explainText } from "./explain-text";
import { MAX_EXPLAIN_TEXT } from "./parse-facts";

const NOW = new Date("2026-06-01T00:00:00Z");

describe("explainText on huge and hostile text", () => {
  it.each([
    ["a repeated hostname error", "x509: certificate is valid for a, ".repeat(300_000)],
    ["an unterminated quote", 'rejected connection from "' + "1".repeat(2_000_000)],
    ["only dots and digits", "1.".repeat(3_000_000)],
    ["a candidate authority without its end", 'possibly because of "' + '\\"'.repeat(1_000_000)],
  ])("%s: answers fast and says it read a part", async (_name, text) => {
    const report = await reportFor("healthy");
    const started = performance.now();
    const answer = explainText(text, report, NOW);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(text.length).toBeGreaterThan(MAX_EXPLAIN_TEXT);
    expect(answer.truncated).toBe(true);
  });

  it("never repeats a private key pasted with the error", async () => {
    const report = await reportFor("healthy");
    const key = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg";
    const text = `x509: certificate signed by unknown authority\n-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----`;
    expect(JSON.stringify(explainText(text, report, NOW))).not.toContain(key);
  });
});
