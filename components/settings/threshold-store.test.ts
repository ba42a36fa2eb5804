import { describe, expect, it, vi } from "vitest";
import { createThresholdStore, type ThresholdStorage } from "./threshold-store";
import { DEFAULT_THRESHOLDS, THRESHOLDS_STORAGE_KEY } from "./thresholds";

function memoryStorage(
  initial: Record<string, string> = {},
): ThresholdStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const chosen = { warnDays: 90, warnFraction: 0.25, caHorizonDays: 730 };

describe("threshold store", () => {
  it("reads the defaults when nothing is stored", () => {
    const store = createThresholdStore(() => memoryStorage());
    expect(store.getSnapshot()).toBe(DEFAULT_THRESHOLDS);
  });

  it("persists a choice, tells subscribers and keeps the snapshot stable", () => {
    const storage = memoryStorage();
    const store = createThresholdStore(() => storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(chosen);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.items.get(THRESHOLDS_STORAGE_KEY) ?? "")).toEqual(chosen);
    const first = store.getSnapshot();
    expect(first).toEqual(chosen);
    expect(store.getSnapshot()).toBe(first);
    unsubscribe();
  });

  it("a fresh store (a reload) reads the stored choice", () => {
    const storage = memoryStorage();
    createThresholdStore(() => storage).set(chosen);
    expect(createThresholdStore(() => storage).getSnapshot()).toEqual(chosen);
  });

  it("resetting to the defaults removes the entry", () => {
    const storage = memoryStorage({ [THRESHOLDS_STORAGE_KEY]: JSON.stringify(chosen) });
    const store = createThresholdStore(() => storage);
    store.set(DEFAULT_THRESHOLDS);
    expect(storage.items.has(THRESHOLDS_STORAGE_KEY)).toBe(false);
    expect(store.getSnapshot()).toEqual(DEFAULT_THRESHOLDS);
  });

  it("blocked storage: the choice applies for the page and the failure is logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const blocked: ThresholdStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const store = createThresholdStore(() => blocked);
    expect(store.getSnapshot()).toEqual(DEFAULT_THRESHOLDS);
    store.set(chosen);
    expect(store.getSnapshot()).toEqual(chosen);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("no storage at all (the server render)", () => {
    const store = createThresholdStore(() => undefined);
    expect(store.getSnapshot()).toBe(DEFAULT_THRESHOLDS);
  });
});
