"use client";
/**
 * Decides where a person's drop goes. Over the demo, or with nothing loaded, it simply loads. Beside
 * their own files it joins them when it shares a CA key with them (another node of the same cluster);
 * when it shares none, the drop waits for the person's answer — another cluster replaces what is
 * loaded, or it is added after all — since two clusters judged as one would mix graphs and findings.
 * Each source's CA keys are read once, in the analysis engine, and remembered by source id.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { joinsLoaded, type AuthorityKeys } from "@/lib/cluster/authority-keys";
import type { LoadedSource } from "../input/sources";

/** A drop that shares no CA with the loaded files, waiting for "replace" or "add". */
export interface PendingDrop {
  label: string;
  files: AnalysisFile[];
  authorities: string[];
  loadedAuthorities: string[];
}

export interface DropAdmissionOptions {
  sources: readonly LoadedSource[];
  identify: (files: AnalysisFile[], passwords?: string[]) => Promise<AuthorityKeys>;
  passwords: string[];
  add: (label: string, files: AnalysisFile[]) => void;
  replace: (label: string, files: AnalysisFile[]) => void;
}

export interface DropAdmission {
  admit: (label: string, files: AnalysisFile[]) => void;
  /** Drops whose CA keys are being compared: the page is not settled until they are placed. */
  admitting: boolean;
  pending?: PendingDrop;
  answer: (choice: "replace" | "add" | "cancel") => void;
}

function unique(lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/** The workbench's drop policy; see the module comment. */
export function useDropAdmission(options: DropAdmissionOptions): DropAdmission {
  const { identify, add, replace } = options;
  const [comparing, setComparing] = useState(0);
  const [pending, setPending] = useState<PendingDrop>();
  // Read in async callbacks, which must see the sources and passwords of the moment they resume.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const known = useRef(new Map<string, Promise<AuthorityKeys>>());

  const keysOf = useCallback(
    (source: LoadedSource) => {
      let keys = known.current.get(source.id);
      if (!keys) {
        keys = identify(source.files, latest.current.passwords);
        known.current.set(source.id, keys);
      }
      return keys;
    },
    [identify],
  );

  const admit = useCallback(
    (label: string, files: AnalysisFile[]) => {
      const users = latest.current.sources.filter((source) => source.kind === "user");
      if (users.length === 0) {
        add(label, files);
        return;
      }
      setComparing((count) => count + 1);
      void Promise.all([identify(files, latest.current.passwords), ...users.map(keysOf)])
        .then(([added, ...loaded]) => {
          if (joinsLoaded(loaded, added)) add(label, files);
          else {
            const loadedAuthorities = unique(loaded.map((entry) => entry.authorities));
            setPending({ label, files, authorities: added.authorities, loadedAuthorities });
          }
        })
        .finally(() => setComparing((count) => count - 1));
    },
    [add, identify, keysOf],
  );

  const answer = useCallback(
    (choice: "replace" | "add" | "cancel") => {
      if (pending && choice === "replace") replace(pending.label, pending.files);
      if (pending && choice === "add") add(pending.label, pending.files);
      setPending(undefined);
    },
    [add, replace, pending],
  );

  return { admit, admitting: comparing > 0, ...(pending ? { pending } : {}), answer };
}
