/**
 * The thresholds as an external store over localStorage, for `useSyncExternalStore`: the server
 * render and the first client render read the defaults, React then switches to the stored value
 * without a hydration mismatch. Other tabs' changes arrive through the `storage` event; this tab's
 * through its own listeners (the event does not fire in the tab that wrote).
 */
import {
  DEFAULT_THRESHOLDS,
  THRESHOLDS_STORAGE_KEY,
  parseStoredThresholds,
  sameThresholds,
  serializeThresholds,
  type Thresholds,
} from "./thresholds";

/** The part of `Storage` the store uses, so tests can hand in a Map-backed one. */
export type ThresholdStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface ThresholdStore {
  subscribe: (onChange: () => void) => () => void;
  /** The same object for the same stored text, as useSyncExternalStore requires. */
  getSnapshot: () => Thresholds;
  /** Store `next`; the defaults are stored as no entry, so a later change of defaults applies. */
  set: (next: Thresholds) => void;
}

/** A store over `storage` (which may be missing or throw: then the choice lasts for this page only). */
export function createThresholdStore(storage: () => ThresholdStorage | undefined): ThresholdStore {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: Thresholds } = { raw: null, value: DEFAULT_THRESHOLDS };
  // A choice storage refused to keep: it still applies until the page is left.
  let unsaved: { raw: string | null } | undefined;

  const read = (): string | null => {
    if (unsaved) return unsaved.raw;
    try {
      return storage()?.getItem(THRESHOLDS_STORAGE_KEY) ?? null;
    } catch (error) {
      console.warn("Thresholds could not be read from storage:", error);
      return null;
    }
  };
  const notify = () => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent) => {
    if (event.key === THRESHOLDS_STORAGE_KEY || event.key === null) notify();
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1 && typeof window !== "undefined")
        window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined")
          window.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot() {
      const raw = read();
      if (raw !== cached.raw) cached = { raw, value: parseStoredThresholds(raw) };
      return cached.value;
    },
    set(next) {
      const raw = sameThresholds(next, DEFAULT_THRESHOLDS) ? null : serializeThresholds(next);
      try {
        const target = storage();
        if (!target) throw new Error("no localStorage");
        if (raw === null) target.removeItem(THRESHOLDS_STORAGE_KEY);
        else target.setItem(THRESHOLDS_STORAGE_KEY, raw);
        unsaved = undefined;
      } catch (error) {
        // Blocked or full storage: the thresholds still apply to this page, they just are not remembered.
        console.warn("Thresholds not saved:", error);
        unsaved = { raw };
      }
      notify();
    },
  };
}
