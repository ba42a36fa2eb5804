/**
 * The Learn bar in a quiz sets the task and names no edge: offering the handshake of the first broken
 * edge would give the answer away. Outside a quiz (and once it is answered) it offers that handshake.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatReport } from "@/lib/test-support/format-reports";
import { LearnBar } from "./learn-bar";

describe("LearnBar", async () => {
  const report = await formatReport("demo");
  const broken = report.relationships.find((relationship) => relationship.status === "error");
  const text = (quiz: boolean) =>
    renderToStaticMarkup(createElement(LearnBar, { report, selection: null, quiz }));

  it("the demo has a broken edge to give away", () => {
    expect(broken).toBeDefined();
  });

  it("in a quiz: the task, no handshake and no edge key", () => {
    const markup = text(true);
    expect(markup).toContain("Find the broken relationship");
    expect(markup).not.toContain("Handshake of");
    expect(markup).not.toContain(encodeURIComponent(broken?.key ?? "-"));
    expect(markup).not.toContain(broken?.key ?? "-");
  });

  it("answered or no quiz: the handshake of the first broken edge", () => {
    const markup = text(false);
    expect(markup).not.toContain("Find the broken relationship");
    expect(markup).toContain("Handshake of");
    expect(markup).toContain(broken?.key ?? "-");
  });
});
