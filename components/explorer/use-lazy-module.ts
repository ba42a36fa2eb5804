"use client";
/**
 * A module the first page does not carry, loaded when a view first needs it: the break-it
 * scenarios' catalogue brings the certificate generator with it, far more code than the demo's first
 * paint needs. While it loads the page says `data-analysis="running"`, as for a view built in steps.
 */
import { useEffect, useState } from "react";
import { beginSteps } from "./steps-pending";

/** One lazily loaded module: its loader, and the module once loaded (shared by every caller). */
export interface LazyModule<T> {
  load: () => Promise<T>;
  loaded?: T;
  loading?: Promise<T>;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  return { load };
}

/** Loads `lazy` (once) and keeps it. */
export function loadModule<T>(lazy: LazyModule<T>): Promise<T> {
  lazy.loading ??= lazy.load().then((loaded) => {
    lazy.loaded = loaded;
    return loaded;
  });
  return lazy.loading;
}

/** The module when `wanted` and loaded; undefined while it loads (the page "running") or is not wanted. */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<T | undefined>(lazy.loaded);
  const missing = wanted && loaded === undefined;
  useEffect(() => {
    if (!missing) return;
    const end = beginSteps();
    let live = true;
    loadModule(lazy).then(
      (module) => {
        if (live) setLoaded(() => module);
        end();
      },
      // A chunk that cannot load (the site was updated under an open page): nothing to show.
      () => end(),
    );
    return () => {
      live = false;
      end();
    };
  }, [lazy, missing]);
  return wanted ? (loaded ?? lazy.loaded) : undefined;
}
