import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gunzipLimited } from "./gunzip-limited";

const MiB = 1024 * 1024;

/** `data` compressed by the gzip command (the real tool, not our own encoder). */
function gzip(data: Uint8Array): Uint8Array {
  return new Uint8Array(execFileSync("gzip", ["-9", "-c", "-n"], { input: data, maxBuffer: 256 * MiB }));
}

/** A copy of gzip data whose trailer (ISIZE) declares `size` bytes. */
function withDeclaredSize(data: Uint8Array, size: number): Uint8Array {
  const out = Uint8Array.from(data);
  new DataView(out.buffer).setUint32(out.length - 4, size, true);
  return out;
}

const zeros = new Uint8Array(64 * MiB);
const bomb = gzip(zeros);
const text = new TextEncoder().encode(randomBytes(3 * MiB).toString("base64"));
const healthy = gzip(text);

describe("gunzipLimited", () => {
  const limited: { name: string; data: () => Uint8Array }[] = [
    { name: "a bomb whose trailer says what it is", data: () => bomb },
    // The trailer is only a hint: one that lies small must not let the bomb through.
    { name: "a bomb whose trailer lies small", data: () => withDeclaredSize(bomb, 1000) },
  ];
  it.each(limited)("$name stops at the budget, before the end of its input", ({ data }) => {
    const input = data();
    const result = gunzipLimited(input, 4 * MiB);
    expect(result).toMatchObject({ ok: false, limited: true });
    // 64 MiB of zeros is ~64 KiB of gzip: 4 MiB of output is reached a few slices in.
    expect(result.stoppedAt).toBeLessThan(input.length / 4);
  });

  const whole: { name: string; data: () => Uint8Array; want: () => Uint8Array; budget: number }[] = [
    { name: "healthy data within the budget", data: () => healthy, want: () => text, budget: 8 * MiB },
    { name: "exactly at the budget", data: () => healthy, want: () => text, budget: text.length },
  ];
  it.each(whole)("inflates $name to the original bytes", ({ data, want, budget }) => {
    const result = gunzipLimited(data(), budget);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.length).toBe(want().length);
    expect(Buffer.from(result.value).equals(Buffer.from(want()))).toBe(true);
  });

  it("fails one byte under the size of the output", () => {
    expect(gunzipLimited(healthy, text.length - 1)).toMatchObject({ ok: false, limited: true });
  });

  // As gzip -t: a trailer that disagrees with the data is damage, however well the data inflates.
  const lying: { name: string; data: () => Uint8Array }[] = [
    { name: "a trailer that lies large", data: () => withDeclaredSize(healthy, 7 * MiB) },
    { name: "a trailer that lies small", data: () => withDeclaredSize(healthy, 10) },
    { name: "a trailer over the budget on data that fits", data: () => withDeclaredSize(healthy, 100 * MiB) },
  ];
  it.each(lying)("refuses $name as damaged, not as the limit", ({ data }) => {
    const result = gunzipLimited(data(), 8 * MiB);
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not match the gzip trailer/),
    });
    expect(result.limited).toBeUndefined();
  });

  it("reads two concatenated members whole (the trailer names only the last)", () => {
    const first = new TextEncoder().encode("first member\n".repeat(1000));
    const second = new TextEncoder().encode("second\n".repeat(300));
    const both = new Uint8Array([...gzip(first), ...gzip(second)]);
    const result = gunzipLimited(both, 8 * MiB);
    if (!result.ok) throw new Error(result.reason);
    expect(new TextDecoder().decode(result.value)).toBe(
      "first member\n".repeat(1000) + "second\n".repeat(300),
    );
  });

  it("refuses data cut at any point, block boundaries included", () => {
    // 512 KiB of base64 is several deflate blocks at -9: the 64 cuts land inside and between them.
    const data = gzip(text.subarray(0, 512 * 1024));
    const cuts = Array.from({ length: 64 }, (_, i) => Math.floor(((i + 1) * data.length) / 65));
    const accepted = cuts.filter((cut) => gunzipLimited(data.subarray(0, cut), 8 * MiB).ok);
    expect(accepted).toEqual([]);
  });

  it("reports corrupt and truncated data with the decoder's reason, not as the limit", () => {
    const cut = gunzipLimited(healthy.subarray(0, healthy.length / 2), 8 * MiB);
    expect(cut).toMatchObject({ ok: false, reason: expect.stringMatching(/cut short|corrupt/) });
    expect(cut.limited).toBeUndefined();
  });
});
