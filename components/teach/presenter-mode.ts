"use client";
/**
 * Presenter mode lives on <html> as `data-presenter="on"` (CSS in app/globals.css does the rest) and
 * in this tab's session, so a reload during a workshop keeps it while a new visit starts without it.
 */
import { useCallback, useSyncExternalStore } from "react";
import { presenterStorageKey } from "@/app/theme-script";

// The pre-paint script in app/theme-script.ts restores it from the same key.
const STORAGE_KEY = presenterStorageKey;
const EVENT = "k8s-pki:presenter";

function subscribe(notify: () => void): () => void {
  window.addEventListener(EVENT, notify);
  return () => window.removeEventListener(EVENT, notify);
}

const isOn = () => document.documentElement.dataset.presenter === "on";
const isOnOnServer = () => false;

/** Whether presenter mode is on, and a switch for it. */
export function usePresenterMode(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isOn, isOnOnServer);
  const set = useCallback((next: boolean) => {
    if (next) document.documentElement.dataset.presenter = "on";
    else delete document.documentElement.dataset.presenter;
    try {
      if (next) sessionStorage.setItem(STORAGE_KEY, "on");
      else sessionStorage.removeItem(STORAGE_KEY);
    } catch (error) {
      console.warn("Presenter mode not saved:", error);
    }
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [on, set];
}
