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

/** The width from which a lesson is a card over a full-screen graph (Tailwind's `lg`). */
export const STAGE_MEDIA = "(min-width: 1024px)";

function subscribeStage(notify: () => void): () => void {
  const media = window.matchMedia(STAGE_MEDIA);
  media.addEventListener("change", notify);
  window.addEventListener(EVENT, notify);
  return () => {
    media.removeEventListener("change", notify);
    window.removeEventListener(EVENT, notify);
  };
}

const isStage = () => isOn() && window.matchMedia(STAGE_MEDIA).matches;

/**
 * Whether a lesson is shown on the presenter's stage: presenter mode on a screen wide enough for
 * the graph to fill it with the lesson as one card over it. Panels then show one step's text at a
 * time, so the card never needs a scroll bar.
 */
export function usePresenterStage(): boolean {
  return useSyncExternalStore(subscribeStage, isStage, isOnOnServer);
}
