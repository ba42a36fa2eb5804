"use client";
/**
 * The first Tab stop of the page, shown only while it has focus: straight to the trust graph's own
 * Tab stop (so the arrow keys work at once), or to the main content while no graph is drawn.
 */
import { useSyncExternalStore, type MouseEvent } from "react";
import { landmarkIds } from "@/components/workbench/landmarks";

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

const graphDrawn = () => document.getElementById(landmarkIds.graph) !== null;

export function SkipLink() {
  const toGraph = useSyncExternalStore(subscribe, graphDrawn, () => false);
  const target = toGraph ? landmarkIds.graph : landmarkIds.main;

  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const region = document.getElementById(target);
    if (!region) return;
    event.preventDefault();
    // The graph's current Tab stop, else the region itself.
    const item = region.querySelector<SVGElement>('svg [tabindex="0"]');
    (item ?? region).focus();
  };

  return (
    <a
      href={`#${target}`}
      onClick={jump}
      className="bg-surface text-accent border-line sr-only z-50 rounded-md border text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-3 focus:py-2"
    >
      {toGraph ? "Skip to the trust graph" : "Skip to the main content"}
    </a>
  );
}
