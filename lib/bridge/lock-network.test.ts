/**
 * lockNetwork on a stand-in for a Worker's global scope, laid out as browsers lay theirs out:
 * operations and interface objects as own data properties, `caches` as an accessor, and a copy on a
 * prototype to show that an inherited original cannot be fetched from there.
 */
import { describe, expect, it } from "vitest";
import { lockedMessage, lockNetwork, networkApis } from "./lock-network";

const reached: string[] = [];

/** A scope whose every network API records that it was reached instead of connecting. */
function fakeScope(): Record<string, unknown> {
  const prototype = {
    fetch: () => reached.push("fetch (inherited)"),
  };
  const scope = Object.create(prototype) as Record<string, unknown>;
  const data = (name: string, value: unknown) =>
    Object.defineProperty(scope, name, { value, writable: true, enumerable: true, configurable: true });
  data("fetch", () => reached.push("fetch"));
  data("importScripts", () => reached.push("importScripts"));
  for (const name of ["XMLHttpRequest", "WebSocket", "EventSource", "Worker"]) {
    data(
      name,
      class {
        constructor() {
          reached.push(name);
        }
      },
    );
  }
  Object.defineProperty(scope, "caches", {
    get: () => ({ open: () => reached.push("caches") }),
    enumerable: true,
    configurable: true,
  });
  return scope;
}

/** What using `name` on `scope` as code would (call, construct or read it) does: the error it throws. */
function use(scope: Record<string, unknown>, name: string): string {
  try {
    const value = scope[name];
    if (typeof value !== "function") return `read ${String(value)}`;
    if (/^[A-Z]/.test(name)) new (value as new (url: string) => unknown)("ws://127.0.0.1:9/");
    else (value as (url: string) => unknown)("http://127.0.0.1:9/");
    return "no error";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("lockNetwork", () => {
  const scope = fakeScope();
  lockNetwork(scope);

  it.each(networkApis.map((name) => ({ name })))(
    "$name throws a clear error and reaches nothing",
    ({ name }) => {
      expect(use(scope, name)).toBe(lockedMessage(name));
      expect(reached).toEqual([]);
    },
  );

  it.each(networkApis.map((name) => ({ name })))("$name cannot be deleted or put back", ({ name }) => {
    const descriptor = Object.getOwnPropertyDescriptor(scope, name);
    expect(descriptor?.configurable).toBe(false);
    expect(descriptor?.writable ?? false).toBe(false);
    expect(Reflect.deleteProperty(scope, name)).toBe(false);
    expect(Reflect.set(scope, name, () => "original")).toBe(false);
    expect(Reflect.defineProperty(scope, name, { value: () => "original" })).toBe(false);
    expect(use(scope, name)).toBe(lockedMessage(name));
  });

  it("removes an inherited original, so the prototype offers none", () => {
    expect(Object.hasOwn(Object.getPrototypeOf(scope) as object, "fetch")).toBe(false);
  });

  it("keeps an attribute an attribute: reading `caches` throws", () => {
    expect(Object.getOwnPropertyDescriptor(scope, "caches")?.get).toBeTypeOf("function");
    expect(() => scope.caches).toThrow(lockedMessage("caches"));
  });

  it("leaves every other global alone", () => {
    const other = fakeScope();
    other.postMessage = () => "posted";
    lockNetwork(other);
    expect((other.postMessage as () => string)()).toBe("posted");
  });

  it("refuses to go on when an API cannot be removed", () => {
    const stuck = fakeScope();
    Object.defineProperty(stuck, "WebSocket", { value: class {}, writable: false, configurable: false });
    expect(() => lockNetwork(stuck)).toThrow("cannot lock WebSocket in the worker scope");
    const inherited = Object.create(
      Object.defineProperty({}, "fetch", { value: () => undefined, configurable: false }),
    ) as object;
    expect(() => lockNetwork(inherited)).toThrow("cannot remove fetch from the worker scope");
  });
});
