"use client";
/**
 * Copies a fix or a certificate's fields to the clipboard. The result is announced politely, and a
 * refused clipboard (permissions, an insecure context) says so instead of pretending it worked.
 */
import { useEffect, useState } from "react";
import { inertText } from "@/lib/format/inert-text";
import { LineIcon } from "@/components/shared/icons";

type CopyState = "idle" | "copied" | "failed";

/** What the button says in each state; its accessible name starts with the same words. */
const WORDS: Record<CopyState, string> = { idle: "Copy", copied: "Copied", failed: "Copy failed" };

const LOOKS = {
  surface: "border-line bg-surface text-muted hover:text-fg",
  code: "border-white/15 bg-white/5 text-white/75 hover:text-white",
} as const;

/** A small "Copy" button; `look` fits it on the page surface or inside a dark code block. */
export function CopyButton({
  text,
  label,
  look = "surface",
}: {
  text: string;
  label: string;
  look?: keyof typeof LOOKS;
}) {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    if (!navigator.clipboard) {
      setState("failed");
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      (error: unknown) => {
        console.warn("Clipboard write refused:", error);
        setState("failed");
      },
    );
  };

  return (
    <button
      type="button"
      onClick={copy}
      // The visible word leads the name, so what is seen is what a voice user says (WCAG 2.5.3).
      aria-label={`${WORDS[state]}${state === "failed" ? ":" : ""} ${inertText(label)}`}
      className={`inline-flex h-6 shrink-0 items-center gap-1 rounded-md border px-1.5 text-xs transition-colors ${LOOKS[look]}`}
    >
      <LineIcon weight={1.5} roundCaps={false} roundJoins className="size-3.5">
        {state === "copied" ? (
          <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" />
        ) : (
          <>
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
            <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
          </>
        )}
      </LineIcon>
      <span aria-live="polite">{WORDS[state]}</span>
    </button>
  );
}
