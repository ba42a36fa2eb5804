import { describe, expect, it } from "vitest";
import { STRICT_POLICY } from "@/lib/policy/policy-presets";
import { createPolicyStore, NO_POLICY } from "./policy-store";

/** A page address and its history, as far as the store uses them. */
function fakeWindow(search: string) {
  const where = { pathname: "/", search, hash: "#teach" } as Location;
  const calls: string[] = [];
  const history = {
    state: null,
    replaceState: (_state: unknown, _unused: string, url: string) => {
      calls.push(url);
      const parsed = new URL(url, "http://page");
      Object.assign(where, { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash });
    },
  } as unknown as History;
  return {
    store: createPolicyStore(
      () => where,
      () => history,
    ),
    calls,
  };
}

describe("the policy store over the page's address", () => {
  it("reads no policy from a plain address, the same object each time", () => {
    const { store } = fakeWindow("?at=2026-06-01");
    expect(store.getSnapshot()).toBe(NO_POLICY);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it("writes the policy into the address in place, keeping the rest, and reads it back", () => {
    const { store, calls } = fakeWindow("?at=2026-06-01");
    let changes = 0;
    store.subscribe(() => changes++);
    store.set(STRICT_POLICY);
    expect(calls[0]).toMatch(/^\/\?at=2026-06-01&policy=[A-Za-z0-9_-]+#teach$/);
    expect(store.getSnapshot()).toEqual({ policy: STRICT_POLICY });
    expect(changes).toBe(1);
    store.set(undefined);
    expect(calls[1]).toBe("/?at=2026-06-01#teach");
    expect(store.getSnapshot()).toBe(NO_POLICY);
  });

  it("a damaged link's policy is an error, and the default judges", () => {
    const { store } = fakeWindow("?policy=eyJsZWFmIjp7Im1heERheXMiOjB9fQ");
    expect(store.getSnapshot()).toEqual({
      error: expect.stringMatching(/'leaf\.maxDays' must be a whole number/),
    });
  });
});
