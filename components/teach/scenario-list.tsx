"use client";
/**
 * Every break-it scenario, each a link that applies it to the demo (`#scenario/<id>`) or asks it as a
 * quiz (`#scenario/<id>/quiz`): what an instructor picks from during a workshop. Ticking some (or
 * all) and a time per question makes a quiz round (`#quiz/round?s=…`), started here or shared as a
 * link and a QR code for a slide.
 */
import dynamic from "next/dynamic";
import { useState } from "react";
import type { Scenario, ScenarioId } from "@/lib/scenarios/scenario";
import { ROUND_DEFAULT_SECONDS } from "@/lib/teach/quiz-round";
import { CopyButton } from "../detail/copy-button";
import { testIds } from "../test-ids";
import { PanelHeader } from "./panel-chrome";
import { formatTeachRoute, type TeachRoute } from "./teach-route";

/** The QR code's encoder is loaded when a round is first ticked, not with the page. */
const QuizRoundQrCode = dynamic(
  () => import("./quiz-round-qr-code").then((module) => module.QuizRoundQrCode),
  {
    ssr: false,
    loading: () => <div className="size-40 shrink-0" aria-hidden="true" />,
  },
);

/** The times per question an instructor picks from, in seconds. */
const TIMES = [30, 60, ROUND_DEFAULT_SECONDS, 120, 180, 300];

/** This page's address with a route: the origin and path the students should open, and the hash. */
function pageLink(route: TeachRoute): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}${formatTeachRoute(route)}`;
}

/** A host only this computer reaches: a phone scanning the code would open nothing. */
function isLoopback(): boolean {
  const host = window.location.hostname;
  return host === "localhost" || host === "[::1]" || host === "::1" || host.startsWith("127.");
}

export function ScenarioList({
  scenarios,
  navigate,
}: {
  /** The catalogue's scenarios (lib/scenarios/catalogue.ts), loaded when the list is opened. */
  scenarios: readonly Scenario[];
  navigate: (route: TeachRoute | undefined) => void;
}) {
  const [picked, setPicked] = useState<ReadonlySet<ScenarioId>>(new Set());
  const [seconds, setSeconds] = useState(ROUND_DEFAULT_SECONDS);
  // In the catalogue's order, whatever order they were ticked in.
  const ids = scenarios.filter((scenario) => picked.has(scenario.id)).map((scenario) => scenario.id);
  const all = ids.length === scenarios.length;
  const round: TeachRoute = { kind: "round", ids, seconds };
  const link = ids.length > 0 ? pageLink(round) : undefined;
  const toggle = (id: ScenarioId) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div data-testid={testIds.scenarioList} className="flex flex-col gap-3 p-4">
      <PanelHeader label="Break-it scenarios" onLeave={() => navigate(undefined)} />
      <p className="text-sm">
        Each applies one real fault to the demo cluster — new certificates and keys made in this tab — and
        judges it. Fix it to see the healthy cluster; download the files to inspect them with openssl.
      </p>
      <section
        aria-label="Quiz round"
        className="border-line flex flex-col gap-2 rounded-lg border p-3 text-sm"
      >
        <h2 className="font-semibold">Quiz round</h2>
        <p className="text-muted text-xs">
          Tick the scenarios to ask, one after another; each question gives 2 points at the first try, 1 at
          the second.
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={all}
              onChange={() => setPicked(all ? new Set() : new Set(scenarios.map((scenario) => scenario.id)))}
            />
            All
          </label>
          <label className="flex items-center gap-1.5">
            Time per question
            <select
              value={seconds}
              onChange={(event) => setSeconds(Number(event.target.value))}
              className="border-line bg-surface rounded-md border px-1.5 py-0.5"
            >
              {TIMES.map((time) => (
                <option key={time} value={time}>
                  {time < 60 ? `${time} s` : `${time / 60} min`}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid={testIds.quizRoundStart}
            disabled={ids.length === 0}
            onClick={() => navigate(round)}
            className="bg-accent rounded-lg px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:text-[#0b1020]"
          >
            Start round{ids.length > 0 ? ` (${ids.length})` : ""}
          </button>
        </div>
        {link ? (
          <div className="flex flex-wrap items-start gap-3">
            <QuizRoundQrCode link={link} />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <div className="flex items-start gap-2">
                <code data-testid={testIds.quizRoundLink} className="min-w-0 font-mono text-xs break-all">
                  {link}
                </code>
                <CopyButton text={link} label="the round's link" />
              </div>
              {isLoopback() ? (
                <p className="text-muted text-xs">
                  This address is this computer&apos;s own: the link and the code open the round only here.
                  Serve the page on an address the students reach to share it.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </section>
      <ul className="flex flex-col gap-2">
        {scenarios.map((scenario) => (
          <li key={scenario.id} className="border-line flex gap-3 rounded-lg border p-3 text-sm">
            <input
              type="checkbox"
              aria-label={`In the round: ${scenario.title}`}
              data-scenario={scenario.id}
              checked={picked.has(scenario.id)}
              onChange={() => toggle(scenario.id)}
              className="mt-1 shrink-0"
            />
            <div className="min-w-0">
              <a
                href={formatTeachRoute({ kind: "scenario", id: scenario.id, quiz: false })}
                className="text-accent font-medium hover:underline"
              >
                {scenario.title}
              </a>
              <p className="text-muted mt-1 font-mono text-xs">
                {scenario.id} · {scenario.relationshipKey ?? scenario.relationship}
              </p>
              <a
                href={formatTeachRoute({ kind: "scenario", id: scenario.id, quiz: true })}
                className="text-muted hover:text-fg mt-1 inline-block text-xs font-medium underline"
              >
                as a quiz
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
