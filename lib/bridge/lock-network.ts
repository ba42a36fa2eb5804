/**
 * Takes the network away from the analysis Worker. The Worker reads certificates and private keys,
 * and everything it needs arrives by postMessage and leaves by postMessage: it has no reason to open
 * a connection, so after this none of the ways a Worker can start one is left on its global scope.
 *
 * The browser enforces the same from the outside: the Worker's script is served with a
 * Content-Security-Policy of `connect-src 'none'` (scripts/csp-headers.mjs). This is the layer that
 * holds where a host serves no such header. What no global can take away, `import()` syntax, is left
 * to that policy's `script-src 'self'`.
 */

/**
 * The globals through which code in a Worker reaches the network: directly, by loading a script, by
 * filling a cache from a URL, by loading a font, or by starting a worker that has them all afresh.
 */
export const networkApis = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebSocketStream",
  "EventSource",
  "WebTransport",
  "importScripts",
  "Worker",
  "SharedWorker",
  "caches",
  "FontFace",
] as const;

/** Why a locked API refuses, in the words an error message or a test can match. */
export function lockedMessage(name: string): string {
  return `${name} is disabled in the analysis worker: nothing it reads may leave this tab`;
}

function refusal(name: string): () => never {
  return function locked(): never {
    throw new Error(lockedMessage(name));
  };
}

/**
 * Replace every one of {@link networkApis} on `scope` (a Worker's global, `self`) by a function, or
 * for an attribute such as `caches` a getter, that throws a clear Error; copies inherited from the
 * scope's prototypes are deleted so none can be fetched from there. The replacements are neither
 * writable nor configurable, so no later code can put the originals back. Names the scope lacks are
 * locked too, so nothing can define them later.
 *
 * Call it once the Worker's own scripts are loaded (the bundler loads them with importScripts) and
 * before any input arrives. Throws when an API cannot be removed: a Worker that kept its network
 * must not start, and the page then analyses on its main thread under its own policy.
 */
export function lockNetwork(scope: object): void {
  for (const name of networkApis) {
    let accessor = false;
    for (let owner = Object.getPrototypeOf(scope); owner !== null; owner = Object.getPrototypeOf(owner)) {
      const inherited = Object.getOwnPropertyDescriptor(owner, name);
      if (!inherited) continue;
      accessor ||= inherited.get !== undefined;
      if (!Reflect.deleteProperty(owner, name))
        throw new Error(`cannot remove ${name} from the worker scope`);
    }
    const own = Object.getOwnPropertyDescriptor(scope, name);
    accessor ||= own?.get !== undefined;
    const locked = accessor
      ? { get: refusal(name), enumerable: false, configurable: false }
      : { value: refusal(name), writable: false, enumerable: false, configurable: false };
    if (!Reflect.defineProperty(scope, name, locked))
      throw new Error(`cannot lock ${name} in the worker scope`);
  }
}
