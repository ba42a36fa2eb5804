import { describe, expect, it } from "vitest";
import type { AnalysisResponse } from "@/lib/bridge/protocol";
import { PendingQuestions } from "./pending-questions";

const error = (id: number): AnalysisResponse => ({ type: "error", id, message: `failed ${id}` });
const read = (response: AnalysisResponse) => (response.type === "error" ? response.message : "other");

describe("PendingQuestions", () => {
  it("settles the question a response answers, once, and leaves the others waiting", () => {
    const questions = new PendingQuestions();
    const heard: string[] = [];
    questions.ask(1, (value: string) => heard.push(`1 ${value}`), read, "lost");
    questions.ask(2, (value: string) => heard.push(`2 ${value}`), read, "lost");
    expect(questions.answer(error(2))).toBe(true);
    expect(questions.answer(error(2))).toBe(false);
    expect(heard).toEqual(["2 failed 2"]);
    questions.abandon();
    expect(heard).toEqual(["2 failed 2", "1 lost"]);
  });

  it("answers none for an analysis's response (an id it was never asked)", () => {
    const questions = new PendingQuestions();
    questions.ask(1, () => undefined, read, "lost");
    expect(
      questions.answer({ type: "progress", id: 7, progress: { stage: "read", done: 0, total: 1 } }),
    ).toBe(false);
  });

  it("abandoning settles each waiting question with its own lost value, then nothing is waiting", () => {
    const questions = new PendingQuestions();
    const heard: unknown[] = [];
    questions.ask(
      1,
      (value: { keys: string[] }) => heard.push(value),
      () => ({ keys: ["k"] }),
      { keys: [] },
    );
    questions.ask(2, (value: string) => heard.push(value), read, "the analysis worker stopped");
    questions.abandon();
    expect(heard).toEqual([{ keys: [] }, "the analysis worker stopped"]);
    expect(questions.answer(error(1))).toBe(false);
  });
});
