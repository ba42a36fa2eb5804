/**
 * `explainText`: which certificate of a drop a pasted error or alert means. It recognises the text
 * (error-patterns.ts, alerts.ts), reads its facts (parse-facts.ts), narrows the relationships it can
 * be about (scope.ts) and finds the certificates that fit (match-drop.ts), with why in one sentence.
 * Pure and cheap: it reads the report only, in time linear in the report and in the (capped) text.
 */
import type { Report, ReportRelationship } from "../report";
import { answerAlert, readAlert } from "./alerts";
import type { ExplainAnswer, ExplainCandidate, RecognisedPattern } from "./answer";
import { type DropIndex, certificateFiles, indexDrop } from "./drop-index";
import { type ErrorKind, matchPatterns } from "./error-patterns";
import { byIdentifiers, matchKind } from "./match-drop";
import { MAX_EXPLAIN_TEXT, parseFacts } from "./parse-facts";
import { inScope, scopeOf } from "./scope";

const STATUS_RANK = { error: 0, warning: 1, unknown: 2, ok: 3 } as const;

/** An answer lists this many certificates at most: past that, a list helps nobody (`omitted` counts the rest). */
export const MAX_CANDIDATES = 50;

/** Merge candidates by certificate, keeping the best rank and its why; best first. */
function merge(lists: readonly ExplainCandidate[][]): ExplainCandidate[] {
  const byId = new Map<string, ExplainCandidate>();
  for (const list of lists)
    for (const item of list) {
      const known = byId.get(item.certificateId);
      if (!known || item.rank < known.rank) byId.set(item.certificateId, item);
    }
  return [...byId.values()].sort(
    (a, b) => a.rank - b.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** Relationships in which a best candidate is presented, or is a step of a chain that fails. */
function relationshipsOf(
  index: DropIndex,
  best: readonly ExplainCandidate[],
  keep: (r: ReportRelationship) => boolean,
): string[] {
  const ids = new Set(best.map((c) => c.certificateId));
  const touches = (relationship: ReportRelationship) =>
    [relationship.clientEnd, relationship.serverEnd].some(
      (end) => end.presents?.certificateId !== undefined && ids.has(end.presents.certificateId),
    ) ||
    relationship.chains.some(
      (chain) =>
        !chain.trusted &&
        chain.steps.some(
          (step) => ids.has(step.certificateId) || (step.issuerId !== undefined && ids.has(step.issuerId)),
        ),
    );
  const found = index.report.relationships.filter((relationship) => touches(relationship));
  const kept = found.filter(keep);
  return (kept.length > 0 ? kept : found)
    .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status])
    .map((relationship) => relationship.key);
}

function describeRecognised(facts: ReturnType<typeof parseFacts>): string {
  const parts: string[] = [];
  if (facts.hosts.length > 0) parts.push(`hosts ${facts.hosts.join(", ")}`);
  if (facts.serial) parts.push(`serial ${facts.serial}`);
  if (facts.node) parts.push(`node ${facts.node}`);
  return parts.length > 0 ? `; it names ${parts.join("; ")}` : "";
}

/**
 * Explain a pasted error line, log excerpt or alert against a report: the patterns recognised, the
 * facts read, the certificates of the drop that fit (best first), the relationships and files they
 * touch and why, in one sentence. `now` is the instant alerts' windows count from.
 */
export function explainText(text: string, report: Report, now: Date): ExplainAnswer {
  const truncated = text.length > MAX_EXPLAIN_TEXT ? { truncated: true } : {};
  const facts = parseFacts(text);
  const capped = text.slice(0, MAX_EXPLAIN_TEXT).replace(/\\"/g, '"');
  const index = indexDrop(report);
  const alert = readAlert(capped, facts);
  if (alert) return { ...answerAlert(alert, facts, index, now), ...truncated };

  const patterns = matchPatterns(capped);
  const recognised: RecognisedPattern[] = patterns.map(({ id, kind, title, side, source }) => ({
    id,
    kind,
    title,
    side,
    source,
  }));
  const scope = scopeOf(patterns, facts);
  const context = { index, facts, scope };
  const kinds = [
    ...new Set(
      patterns.map((pattern) => pattern.kind).filter((kind): kind is ErrorKind => kind !== "context"),
    ),
  ];
  const matches = kinds.map((kind) => matchKind(kind, context));
  const exact = byIdentifiers(context);
  if (exact.candidates.length > 0)
    for (const match of matches)
      for (const item of match.candidates)
        if (!exact.candidates.some((c) => c.certificateId === item.certificateId)) item.rank += 2;
  const all = merge([exact.candidates, ...matches.map((match) => match.candidates)]);
  const certificates = all.slice(0, MAX_CANDIDATES);
  const more =
    Math.max(0, all.length - MAX_CANDIDATES) + matches.reduce((sum, match) => sum + (match.omitted ?? 0), 0);
  const omitted = more > 0 ? { omitted: more } : {};
  const bestRank = certificates[0]?.rank ?? 0;
  const best = certificates.filter((c) => c.rank <= bestRank + 1);
  const relationships = relationshipsOf(index, best, (relationship) =>
    inScope(relationship, scope, facts.node),
  );
  const files = [
    ...new Set(
      best.flatMap((c) => {
        const cert = index.byId.get(c.certificateId);
        return cert ? certificateFiles(cert) : [];
      }),
    ),
  ];
  const next = [...new Set(matches.flatMap((match) => match.next ?? []))];
  const base = { patterns: recognised, facts, certificates, relationships, files, ...omitted, ...truncated };

  if (patterns.length === 0 && certificates.length === 0)
    return {
      ...base,
      verdict: "unrecognised",
      why: `not a recognised error or alert${describeRecognised(facts)}`,
      next: [
        "Paste the whole log line: the x509 or tls error and what precedes it (who printed it, the URL or address).",
      ],
    };
  const first = certificates[0];
  if (!first)
    return {
      ...base,
      verdict: "no-match",
      why: `nothing in the drop matches: ${patterns[0]?.title ?? "the text"}${describeRecognised(facts)}`,
      next,
    };
  const kindWhy = exact.candidates.length > 0 ? undefined : matches.find((match) => match.why)?.why;
  return { ...base, verdict: "explained", why: kindWhy ?? first.why, next };
}
