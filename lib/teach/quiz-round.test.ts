import { describe, expect, it } from "vitest";
import { scenarioById } from "../scenarios/catalogue";
import { SCENARIO_IDS, type ScenarioId } from "../scenarios/scenario";
import {
  formatCountdown,
  formatRoundLink,
  parseRoundLink,
  remainingMs,
  restoreRound,
  reviewRound,
  roundPhase,
  roundReducer,
  roundScore,
  startRound,
  type RoundAction,
  type RoundState,
} from "./quiz-round";

const THREE: ScenarioId[] = ["wrong-ca-etcd-client", "key-mismatch", "node-authorizer"];

function play(state: RoundState, actions: RoundAction[]): RoundState {
  return actions.reduce(roundReducer, state);
}

describe("a round's questions", () => {
  it("starts loading the first question, with the full time left", () => {
    const round = startRound(THREE, 60);
    expect(roundPhase(round)).toBe("loading");
    expect(remainingMs(round)).toBe(60_000);
    expect(roundScore(round)).toEqual({ points: 0, max: 6 });
  });

  it.each<{
    name: string;
    actions: RoundAction[];
    want: { phase: string; outcome?: string; points: number };
  }>([
    {
      name: "right at the first try: 2 points",
      actions: [{ type: "open" }, { type: "guess", key: "apiserver-etcd-client", right: true }],
      want: { phase: "ended", outcome: "first-try", points: 2 },
    },
    {
      name: "wrong, then right: one more try, 1 point",
      actions: [
        { type: "open" },
        { type: "guess", key: "etcd-peer", right: false },
        { type: "guess", key: "apiserver-etcd-client", right: true },
      ],
      want: { phase: "ended", outcome: "second-try", points: 1 },
    },
    {
      name: "wrong twice: ended unanswered, 0 points",
      actions: [
        { type: "open" },
        { type: "guess", key: "etcd-peer", right: false },
        { type: "guess", key: "front-proxy-client", right: false },
      ],
      want: { phase: "ended", outcome: "missed", points: 0 },
    },
    {
      name: "the same wrong edge clicked twice is one wrong guess",
      actions: [
        { type: "open" },
        { type: "guess", key: "etcd-peer", right: false },
        { type: "guess", key: "etcd-peer", right: false },
      ],
      want: { phase: "open", points: 0 },
    },
    {
      name: "the time runs out: ended unanswered, 0 points",
      actions: [{ type: "open" }, { type: "elapse", ms: 30_000 }, { type: "elapse", ms: 30_000 }],
      want: { phase: "ended", outcome: "timeout", points: 0 },
    },
    {
      name: "time passes but not all of it: still open",
      actions: [{ type: "open" }, { type: "elapse", ms: 59_999 }],
      want: { phase: "open", points: 0 },
    },
    {
      name: "a guess before the question is on screen counts for nothing",
      actions: [{ type: "guess", key: "apiserver-etcd-client", right: true }],
      want: { phase: "loading", points: 0 },
    },
    {
      name: "time before the question is on screen is not counted",
      actions: [{ type: "elapse", ms: 120_000 }, { type: "open" }],
      want: { phase: "open", points: 0 },
    },
    {
      name: "a guess after the time is up changes nothing",
      actions: [
        { type: "open" },
        { type: "elapse", ms: 60_000 },
        { type: "guess", key: "apiserver-etcd-client", right: true },
      ],
      want: { phase: "ended", outcome: "timeout", points: 0 },
    },
    {
      name: "next while the question is open does not skip it",
      actions: [{ type: "open" }, { type: "next" }],
      want: { phase: "open", points: 0 },
    },
    {
      name: "a negative or NaN elapse is ignored",
      actions: [{ type: "open" }, { type: "elapse", ms: -5 }, { type: "elapse", ms: Number.NaN }],
      want: { phase: "open", points: 0 },
    },
  ])("$name", ({ actions, want }) => {
    const round = play(startRound(THREE, 60), actions);
    expect(roundPhase(round)).toBe(want.phase);
    expect(round.questions[0]?.outcome).toBe(want.outcome);
    expect(roundScore(round).points).toBe(want.points);
    expect(round.index).toBe(0);
  });

  it("keeps the time left as it runs and reports none once ended", () => {
    const round = play(startRound(THREE, 60), [{ type: "open" }, { type: "elapse", ms: 15_500 }]);
    expect(remainingMs(round)).toBe(44_500);
    expect(remainingMs(roundReducer(round, { type: "guess", key: "x", right: true }))).toBe(0);
  });

  it("plays a whole round: right, wrong then right, wrong twice; then the review", () => {
    const round = play(startRound(THREE, 90), [
      { type: "open" },
      { type: "guess", key: "apiserver-etcd-client", right: true },
      { type: "next" },
      { type: "open" },
      { type: "guess", key: "etcd-peer", right: false },
      { type: "guess", key: "apiserver-serving", right: true },
      { type: "next" },
      { type: "open" },
      { type: "guess", key: "etcd-peer", right: false },
      { type: "guess", key: "admin-client", right: false },
      { type: "next" },
    ]);
    expect(roundPhase(round)).toBe("done");
    expect(roundScore(round)).toEqual({ points: 3, max: 6 });
    const review = reviewRound(round, scenarioById);
    expect(review.map((item) => [item.id, item.outcome, item.points, item.wrong])).toEqual([
      ["wrong-ca-etcd-client", "first-try", 2, []],
      ["key-mismatch", "second-try", 1, ["etcd-peer"]],
      ["node-authorizer", "missed", 0, ["etcd-peer", "admin-client"]],
    ]);
    const etcd = scenarioById("wrong-ca-etcd-client");
    expect(review[0]).toMatchObject({
      edge: "apiserver-etcd-client",
      userSees: etcd?.userSees,
      where: etcd?.where,
      fix: etcd?.fix,
    });
    // A scenario that breaks one instance of an edge names that instance.
    const oneNode = reviewRound(startRound(["expired-kubelet-client-no-rotation"], 90), scenarioById);
    expect(oneNode[0]?.edge).toBe(scenarioById("expired-kubelet-client-no-rotation")?.relationshipKey);
    // Nothing more happens after the end, except starting again.
    expect(roundReducer(round, { type: "next" })).toBe(round);
    const again = roundReducer(round, { type: "restart" });
    expect(again).toEqual(startRound(THREE, 90));
  });

  it("an empty round is over at once with no points to win", () => {
    const round = startRound([], 90);
    expect(roundPhase(round)).toBe("done");
    expect(roundScore(round)).toEqual({ points: 0, max: 0 });
  });
});

describe("parseRoundLink", () => {
  it.each<{ name: string; query: string; want: ReturnType<typeof parseRoundLink> }>([
    {
      name: "three scenarios, default time",
      query: "s=wrong-ca-etcd-client,key-mismatch,node-authorizer",
      want: { ids: THREE, seconds: 90 },
    },
    { name: "a time limit", query: "s=key-mismatch&t=45", want: { ids: ["key-mismatch"], seconds: 45 } },
    { name: "the time first", query: "t=30&s=key-mismatch", want: { ids: ["key-mismatch"], seconds: 30 } },
    { name: "all", query: "s=all", want: { ids: [...SCENARIO_IDS], seconds: 90 } },
    {
      name: "all and one more: every one once",
      query: "s=key-mismatch,all",
      want: { ids: ["key-mismatch", ...SCENARIO_IDS.filter((id) => id !== "key-mismatch")], seconds: 90 },
    },
    {
      name: "duplicates asked once, in first order",
      query: "s=key-mismatch,node-authorizer,key-mismatch",
      want: { ids: ["key-mismatch", "node-authorizer"], seconds: 90 },
    },
    {
      name: "unknown ids reported, known kept",
      query: "s=nope,key-mismatch,also-not",
      want: { ids: ["key-mismatch"], seconds: 90, unknown: ["nope", "also-not"] },
    },
    {
      name: "hostile text is an unknown entry, never an id",
      query: "s=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      want: { ids: [], seconds: 90, unknown: ["<script>alert(1)</script>"] },
    },
    {
      name: "encoded commas",
      query: "s=key-mismatch%2Cnode-authorizer",
      want: { ids: ["key-mismatch", "node-authorizer"], seconds: 90 },
    },
    {
      name: "spaces and empty entries",
      query: "s= key-mismatch,,",
      want: { ids: ["key-mismatch"], seconds: 90 },
    },
    {
      name: "too short a time is raised to 5 s",
      query: "s=key-mismatch&t=1",
      want: { ids: ["key-mismatch"], seconds: 5 },
    },
    {
      name: "too long a time is cut to 600 s",
      query: "s=key-mismatch&t=99999",
      want: { ids: ["key-mismatch"], seconds: 600 },
    },
    {
      name: "a time that is not a number is the default",
      query: "s=key-mismatch&t=1e3",
      want: { ids: ["key-mismatch"], seconds: 90 },
    },
    { name: "a malformed escape is no list", query: "s=%E0%A4%A", want: undefined },
    { name: "no s= at all", query: "t=30", want: undefined },
    { name: "nothing", query: "", want: undefined },
    { name: "an absurdly long query", query: `s=${"key-mismatch,".repeat(200)}`, want: undefined },
  ])("$name", ({ query, want }) => {
    expect(parseRoundLink(query)).toEqual(want);
  });

  it("reports a few unknown entries, each shortened", () => {
    const junk = Array.from({ length: 20 }, (_, i) => `x${i}${"y".repeat(80)}`).join(",");
    const link = parseRoundLink(`s=${junk}`);
    expect(link?.unknown).toHaveLength(8);
    for (const entry of link?.unknown ?? []) expect(entry.length).toBeLessThanOrEqual(61);
  });

  it("reads only the first entries of a long list", () => {
    const many = Array.from({ length: 150 }, (_, i) => `u${i}`).join(",");
    expect(parseRoundLink(`s=${many},key-mismatch`)?.ids).toEqual([]);
  });

  it.each<{ ids: ScenarioId[]; seconds: number; want: string }>([
    { ids: THREE, seconds: 90, want: "s=wrong-ca-etcd-client,key-mismatch,node-authorizer" },
    { ids: ["key-mismatch"], seconds: 30, want: "s=key-mismatch&t=30" },
    { ids: [...SCENARIO_IDS], seconds: 90, want: "s=all" },
    {
      ids: [...SCENARIO_IDS].reverse(),
      seconds: 60,
      want: `s=${[...SCENARIO_IDS].reverse().join(",")}&t=60`,
    },
  ])("formats $want and reads it back", ({ ids, seconds, want }) => {
    expect(formatRoundLink(ids, seconds)).toBe(want);
    expect(parseRoundLink(want)).toEqual({ ids, seconds });
  });
});

describe("formatCountdown", () => {
  it.each([
    { ms: 90_000, want: "1:30" },
    { ms: 65_000, want: "1:05" },
    { ms: 4_001, want: "0:05" },
    { ms: 999, want: "0:01" },
    { ms: 0, want: "0:00" },
    { ms: -3, want: "0:00" },
  ])("$ms ms → $want", ({ ms, want }) => {
    expect(formatCountdown(ms)).toBe(want);
  });
});

describe("restoreRound", () => {
  const played = play(startRound(THREE, 60), [
    { type: "open" },
    { type: "guess", key: "apiserver-etcd-client", right: true },
    { type: "next" },
    { type: "open" },
    { type: "guess", key: "etcd-peer", right: false },
    { type: "elapse", ms: 12_000 },
  ]);

  it("brings back a round saved as JSON, the open question waiting for its scenario again", () => {
    const restored = restoreRound(JSON.parse(JSON.stringify(played)), THREE, 60);
    expect(restored?.index).toBe(1);
    expect(restored?.questions[0]?.outcome).toBe("first-try");
    expect(restored?.questions[1]).toEqual({
      id: "key-mismatch",
      opened: false,
      usedMs: 12_000,
      wrong: ["etcd-peer"],
    });
    expect(restored && roundPhase(restored)).toBe("loading");
    expect(restored && remainingMs(restored)).toBe(48_000);
  });

  it.each<{ name: string; saved: unknown; ids?: ScenarioId[]; seconds?: number }>([
    { name: "nothing", saved: undefined },
    { name: "a string", saved: "round" },
    { name: "another limit", saved: played, seconds: 90 },
    {
      name: "other scenarios",
      saved: played,
      ids: ["key-mismatch", "wrong-ca-etcd-client", "node-authorizer"],
    },
    { name: "an index past the end", saved: { ...played, index: 7 } },
    { name: "a fractional index", saved: { ...played, index: 0.5 } },
    {
      name: "an unknown outcome",
      saved: { ...played, questions: played.questions.map((q) => ({ ...q, outcome: "won" })) },
    },
    {
      name: "negative time used",
      saved: { ...played, questions: played.questions.map((q) => ({ ...q, usedMs: -1 })) },
    },
    {
      name: "three wrong guesses",
      saved: { ...played, questions: played.questions.map((q) => ({ ...q, wrong: ["a", "b", "c"] })) },
    },
  ])("refuses $name", ({ saved, ids = THREE, seconds = 60 }) => {
    expect(restoreRound(saved, ids, seconds)).toBeUndefined();
  });
});
