/**
 * Renders on the demo's files that share a RenderReuse give the very bytes of renders without it,
 * while each key is read from the files once and each certificate is issued once across them; the
 * reuse belongs to one set of files.
 */
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import type { InputFile } from "../inventory";
import { REPO_ROOT, readTree } from "../test-support/fixtures";
import { scenarioModel } from "../scenarios/generate-scenario";
import { demoCluster } from "./demo-cluster";
import { renderOnFiles } from "./render-on-files";
import { RenderReuse, sameFiles } from "./render-reuse";

const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));

/** The real WebCrypto, counting signatures and SHA-1 digests (a key id is computed per key read). */
function countingCrypto() {
  const counts = { sign: 0, sha1: 0 };
  const subtle = globalThis.crypto.subtle;
  const counted = Object.create(subtle) as SubtleCrypto;
  counted.sign = (...args: Parameters<SubtleCrypto["sign"]>) => {
    counts.sign++;
    return subtle.sign(...args);
  };
  counted.digest = (algorithm: AlgorithmIdentifier, data: BufferSource) => {
    if ((typeof algorithm === "string" ? algorithm : algorithm.name) === "SHA-1") counts.sha1++;
    return subtle.digest(algorithm, data);
  };
  for (const name of ["importKey", "exportKey", "generateKey"] as const)
    Object.defineProperty(counted, name, { value: subtle[name].bind(subtle) });
  const crypto = {
    subtle: counted,
    getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
  } as unknown as Crypto;
  return { crypto, counts };
}

const bytesOf = (files: readonly InputFile[]) =>
  files.map((file) => [file.path, Buffer.from(file.bytes).toString("hex")]);

describe("RenderReuse", () => {
  it("gives the same bytes as renders without it, reading keys and issuing certificates once", async () => {
    const { crypto, counts } = countingCrypto();
    const base = demoCluster();
    const reuse = new RenderReuse(base, demoFiles, crypto);
    // No scenario here adds a key of its own, so every byte is determined by the demo's keys.
    for (const choice of ["healthy", "wrong-ca-etcd-client", "node-authorizer"] as const) {
      const alone = await renderOnFiles(scenarioModel(choice), demoCluster(), demoFiles, globalThis.crypto);
      const reused = await renderOnFiles(scenarioModel(choice), base, demoFiles, crypto, reuse);
      expect(reused.generatedKeys, choice).toEqual([]);
      expect(bytesOf(reused.files), choice).toEqual(bytesOf(alone.files));
    }
    const first = { ...counts };
    expect(first.sign).toBeGreaterThan(0);
    expect(first.sha1).toBeGreaterThan(0);
    // Again: every key is read already and every certificate issued already.
    for (const choice of ["healthy", "wrong-ca-etcd-client", "node-authorizer"] as const)
      await renderOnFiles(scenarioModel(choice), base, demoFiles, crypto, reuse);
    expect(counts).toEqual(first);
  });

  it("reads each key once: the healthy base's two certificates need the keys the first render read", async () => {
    const { crypto, counts } = countingCrypto();
    const reuse = new RenderReuse(demoCluster(), demoFiles, crypto);
    await renderOnFiles(scenarioModel("healthy"), reuse.base, demoFiles, crypto, reuse);
    const readOnce = counts.sha1;
    const fresh = countingCrypto();
    await renderOnFiles(scenarioModel("healthy"), demoCluster(), demoFiles, fresh.crypto);
    expect(readOnce).toBe(fresh.counts.sha1);
    await renderOnFiles(scenarioModel("wrong-ca-etcd-client"), reuse.base, demoFiles, crypto, reuse);
    const alone = countingCrypto();
    await renderOnFiles(scenarioModel("wrong-ca-etcd-client"), demoCluster(), demoFiles, alone.crypto);
    expect(counts.sha1 - readOnce).toBeLessThan(alone.counts.sha1);
  });

  it("belongs to its files: the same bytes in other buffers are its files, one byte changed is not", async () => {
    const copy = demoFiles.map((file) => ({ path: file.path, bytes: new Uint8Array(file.bytes) }));
    const reuse = new RenderReuse(demoCluster(), demoFiles, globalThis.crypto);
    expect(reuse.isFor(copy)).toBe(true);
    const changed = copy.map((file, index) =>
      index === 3
        ? { path: file.path, bytes: file.bytes.map((byte, at) => (at === 100 ? byte ^ 1 : byte)) }
        : file,
    );
    expect(reuse.isFor(changed)).toBe(false);
    expect(sameFiles(demoFiles, demoFiles.slice(1))).toBe(false);
    expect(sameFiles(demoFiles, [...demoFiles].reverse())).toBe(false);
    await expect(
      renderOnFiles(scenarioModel("healthy"), demoCluster(), changed, globalThis.crypto, reuse),
    ).rejects.toThrow(/reused render state is of other files/);
  });
});
