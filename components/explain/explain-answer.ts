/**
 * The page's explain answers, one per (report, text), shared by the panel and the highlight so the
 * text is matched once. Matching reads only the report the page already holds, so it runs on the
 * main thread (a few milliseconds on 10,000 certificates; see lib/explain/explain-speed.test.ts).
 */
import type { ExplainAnswer } from "@/lib/explain/answer";
import { explainText } from "@/lib/explain/explain-text";
import type { Report } from "@/lib/report";

const answers = new WeakMap<Report, { text: string; answer: ExplainAnswer }>();

/** The answer for `text` against `report`, judged at the report's own date; undefined for no text. */
export function explainAnswerFor(report: Report, text: string): ExplainAnswer | undefined {
  if (text.trim() === "") return undefined;
  const known = answers.get(report);
  if (known?.text === text) return known.answer;
  const answer = explainText(text, report, new Date(report.now));
  answers.set(report, { text, answer });
  return answer;
}
