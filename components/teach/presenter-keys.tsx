"use client";
/**
 * The presenter's keys that no panel owns. B (or the `.` many clickers send) blanks the screen in
 * presenter mode, as presentation software does; any key or click brings the page back. On the
 * scenario list and a scenario, → and PageDown go on in the workshop's order (session-order.ts): a
 * scenario is shown, then asked as a quiz, then the next one — an unanswered quiz does not move on —
 * and ← and PageUp go back; Escape leaves. The tour and the handshake step through their own steps
 * and lead on from their last one themselves.
 */
import { useEffect, useState } from "react";
import type { Report } from "@/lib/report";
import { typing } from "./panel-chrome";
import { usePresenterMode } from "./presenter-mode";
import { sessionBack, sessionFacts, sessionNext } from "./session-order";
import type { TeachRoute } from "./teach-route";

export interface PresenterKeysProps {
  report: Report | undefined;
  route: TeachRoute | undefined;
  navigate: (route: TeachRoute | undefined) => void;
  /** A quiz whose answer is still hidden: → waits for the answer. */
  quizOpen: boolean;
}

const BLANK_KEYS = new Set(["b", "B", "."]);

export function PresenterKeys({ report, route, navigate, quizOpen }: PresenterKeysProps) {
  const [presenting] = usePresenterMode();
  const [blank, setBlank] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (blank) {
        // Any key ends the blank screen, and does nothing else.
        setBlank(false);
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      if (presenting && BLANK_KEYS.has(event.key)) {
        setBlank(true);
        event.preventDefault();
        return;
      }
      if (!report || (route?.kind !== "scenario" && route?.kind !== "scenarios")) return;
      const facts = sessionFacts(report);
      let to: TeachRoute | undefined;
      if (event.key === "ArrowRight" || event.key === "PageDown") {
        if (route.kind === "scenario" && route.quiz && quizOpen) return;
        to = sessionNext(route, facts);
      } else if (event.key === "ArrowLeft" || event.key === "PageUp") to = sessionBack(route, facts);
      else if (event.key === "Escape") {
        navigate(undefined);
        event.preventDefault();
        return;
      } else return;
      if (to) navigate(to);
      event.preventDefault();
    };
    // Capture: the blank screen swallows the key before any panel sees it.
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [blank, presenting, report, route, navigate, quizOpen]);

  if (!blank) return null;
  return (
    <div
      data-blank-screen=""
      data-testid="blank-screen"
      role="presentation"
      onClick={() => setBlank(false)}
      title="Blank screen: press any key or click to come back"
    />
  );
}
