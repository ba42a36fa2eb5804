/**
 * The headline's verdict, worded so it agrees with the relationship counts beside it. Errors and
 * warnings are findings; "broken" and "warning" beside them count relationships. One expired CA
 * breaks two relationships, and one relationship can carry two errors, so when the numbers differ
 * the headline says how they relate instead of leaving "1 error to fix" next to "2 broken".
 */

export interface HeadlineCounts {
  /** Findings by severity. */
  errors: number;
  warnings: number;
  /** Relationships by status. */
  broken: number;
  atRisk: number;
}

export interface Headline {
  text: string;
  tone: "error" | "warning" | "ok";
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** How findings of one severity relate to the relationships they put in that state. */
interface Wording {
  noun: string;
  /** After the count: " to fix", or nothing. */
  lead: string;
  /** One finding's effect on several relationships, singular and plural: "breaks"/"break". */
  verb: [string, string];
  /** After "N relationships" in that sentence: "" or " at risk". */
  after: string;
  /** The relationships' state as an adjective: "broken", "at-risk". */
  state: string;
}

const ERRORS: Wording = {
  noun: "error",
  lead: " to fix",
  verb: ["breaks", "break"],
  after: "",
  state: "broken",
};
const WARNINGS: Wording = {
  noun: "warning",
  lead: "",
  verb: ["puts", "put"],
  after: " at risk",
  state: "at-risk",
};

/** "2 errors to fix", "1 error to fix — it breaks 2 relationships", "3 errors to fix in 1 broken relationship". */
function relate(findings: number, relationships: number, wording: Wording): string {
  const head = `${plural(findings, wording.noun)}${wording.lead}`;
  if (relationships === 0 || relationships === findings) return head;
  const one = findings === 1;
  if (findings < relationships)
    return `${head} — ${one ? "it" : "they"} ${wording.verb[one ? 0 : 1]} ${plural(relationships, "relationship")}${wording.after}`;
  return `${head} in ${relationships} ${wording.state} relationship${relationships === 1 ? "" : "s"}`;
}

/** The verdict of a report that has something to judge. */
export function headline(counts: HeadlineCounts): Headline {
  if (counts.errors > 0) return { text: relate(counts.errors, counts.broken, ERRORS), tone: "error" };
  if (counts.warnings > 0) return { text: relate(counts.warnings, counts.atRisk, WARNINGS), tone: "warning" };
  return { text: "No errors or warnings", tone: "ok" };
}
