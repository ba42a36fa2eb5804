import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { explainText } from "./explain-text";
import { formatAnswerMarkdown, formatAnswerText } from "./format-answer";

const NOW = new Date("2026-06-01T00:00:00Z");

describe("explain's text and Markdown", () => {
  it("print the answer, the candidates best first and the relationships", async () => {
    const answer = explainText(
      "x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z",
      await reportFor("expired-apiserver"),
      NOW,
    );
    const text = formatAnswerText(answer);
    expect(text.split("\n").slice(0, 2)).toEqual([answer.why, ""]);
    expect(text).toContain(
      "  * etc/kubernetes/pki/apiserver.crt  (CN=kube-apiserver, until 2026-05-01T00:00:00.000Z)",
    );
    expect(text).toContain("Relationships: apiserver-serving");
    const markdown = formatAnswerMarkdown(answer);
    expect(markdown).toContain(
      "| etc/kubernetes/pki/apiserver.crt | CN=kube-apiserver | 2026-05-01T00:00:00.000Z |",
    );
  });

  it("show a pasted escape or bidi character, never act on it", async () => {
    // The wanted host is echoed in the answer: the escape and the bidi override come with it.
    const text =
      "x509: certificate is valid for control-1, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, not evil\u202e\u001b[2J";
    const answer = explainText(text, await reportFor("healthy"), NOW);
    expect(answer.why).toContain("\u001b[2J");
    for (const out of [formatAnswerText(answer), formatAnswerMarkdown(answer)]) {
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
      expect(out).toMatch(/evil\\+u202E/);
    }
  });
});
