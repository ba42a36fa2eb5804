import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

import { toHex } from "../shared/bytes";
import { sha256 } from "./sha256";

describe("sha256", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("gives the FIPS 180-4 example digest of %j", (text, digest) => {
    expect(toHex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it("agrees with OpenSSL's SHA-256 at every length around the block and padding edges", () => {
    const data = randomBytes(300);
    for (let length = 0; length <= data.length; length++) {
      const bytes = new Uint8Array(data.subarray(0, length));
      expect(toHex(sha256(bytes)), `length ${length}`).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
  });

  it("agrees with WebCrypto on a large input", async () => {
    const bytes = new Uint8Array(randomBytes(1 << 20));
    const expected = toHex(await crypto.subtle.digest("SHA-256", bytes));
    expect(toHex(sha256(bytes))).toBe(expected);
  });
});
