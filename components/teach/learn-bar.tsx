"use client";
/**
 * The way into teaching mode: the guided tour, the handshake of the selected (or first broken) edge,
 * the flows, the break-it scenarios, and presenter mode for a projector. Plain links to the deep-link
 * routes, so what an instructor clicks is what they can put on a slide. In a quiz not yet answered the
 * bar names no edge (the first broken one would be the answer): it sets the task instead.
 */
import type { Report } from "@/lib/report";
import { PRIMARY_RELATIONSHIPS } from "@/lib/report";
import type { Selection } from "../explorer/selection";
import { testIds } from "../test-ids";
import { usePresenterMode } from "./presenter-mode";
import { formatTeachRoute } from "./teach-route";
import { InputText } from "@/components/shared/input-text";

const LINK = "text-accent rounded px-1.5 py-0.5 text-sm font-medium hover:underline";

/** The edge whose handshake the bar offers: the selected one, else the first broken, else the first. */
function handshakeKey(report: Report, selection: Selection): string | undefined {
  if (selection?.kind === "relationship") return selection.key;
  const broken = report.relationships.find((relationship) => relationship.status === "error");
  return (broken ?? report.relationships.find((relationship) => relationship.primary))?.key;
}

export interface LearnBarProps {
  report: Report;
  selection: Selection;
  /** A quiz not yet answered. */
  quiz?: boolean;
}

export function LearnBar({ report, selection, quiz = false }: LearnBarProps) {
  const [presenting, setPresenting] = usePresenterMode();
  const key = quiz ? undefined : handshakeKey(report, selection);
  return (
    <nav
      aria-label="Learn"
      data-testid={testIds.learnMenu}
      className="flex flex-wrap items-center gap-x-1 gap-y-1 px-1 print:hidden"
    >
      <span className="text-muted mr-1 text-xs font-semibold tracking-wider uppercase">Learn</span>
      <a className={LINK} href={formatTeachRoute({ kind: "tour", step: PRIMARY_RELATIONSHIPS[0] })}>
        Guided tour
      </a>
      {quiz ? (
        <span data-testid={testIds.learnQuizTask} className="text-fg px-1.5 py-0.5 text-sm font-medium">
          Find the broken relationship
        </span>
      ) : null}
      {key ? (
        <a className={LINK} href={formatTeachRoute({ kind: "handshake", key })}>
          Handshake of {selection?.kind === "relationship" ? "this edge" : <InputText text={key} dir="ltr" />}
        </a>
      ) : null}
      <a className={LINK} href={formatTeachRoute({ kind: "flow", id: "kubelet-bootstrap" })}>
        Flows
      </a>
      <a className={LINK} href={formatTeachRoute({ kind: "scenarios" })}>
        Break-it scenarios
      </a>
      <button
        type="button"
        aria-pressed={presenting}
        onClick={() => setPresenting(!presenting)}
        className="border-line hover:bg-raised ml-1 rounded-md border px-2 py-0.5 text-xs font-medium"
      >
        Presenter mode
      </button>
    </nav>
  );
}
