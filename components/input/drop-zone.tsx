"use client";
/**
 * Dropping anywhere on the window: a full-window overlay says what will happen while files are
 * dragged over the page, and a drop is walked, read and handed over. Dragging is a pointer gesture;
 * the source picker's buttons are the keyboard way to the same thing.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { testIds } from "../test-ids";
import { collectDrop } from "./collect-drop";
import { deliverPicked, type InputHandlers } from "./input-handlers";
import { LineIcon } from "@/components/shared/icons";

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

/** Listens for file drags on the whole window; renders the overlay only while one is over it. */
export function DropZone(handlers: InputHandlers) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the window is left.
  const depth = useRef(0);

  const onDrop = useEffectEvent((event: DragEvent) => {
    if (!event.dataTransfer) return;
    // Entries must be taken now, inside the event: the DataTransfer is emptied afterwards.
    const collecting = collectDrop(event.dataTransfer);
    void collecting.then(({ picked, problems }) => deliverPicked(picked, problems, handlers));
  });

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    };
    const overWindow = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      // Text dragged into a text field is not ours to take.
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      onDrop(event);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragover", overWindow);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragover", overWindow);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, []);

  if (!over) return null;
  return (
    <div
      data-testid={testIds.dropOverlay}
      aria-hidden="true"
      className="bg-canvas/85 pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4 backdrop-blur-sm sm:p-8"
    >
      <div className="border-accent bg-surface/80 flex h-full w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center">
        <LineIcon grid={24} weight={1.75} roundJoins className="text-accent size-10">
          <path d="M12 3v12" />
          <path d="m7 10 5 5 5-5" />
          <path d="M5 21h14" />
        </LineIcon>
        <p className="text-fg text-lg font-semibold">Drop to analyse — nothing is uploaded</p>
        <p className="text-muted max-w-md text-sm">
          Folders like <code className="text-fg font-mono">/etc/kubernetes</code> or{" "}
          <code className="text-fg font-mono">/var/lib/kubelet/pki</code>, archives, kubeconfigs and PEM files
          are read in this tab.
        </p>
      </div>
    </div>
  );
}
