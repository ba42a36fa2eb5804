import { describe, expect, it } from "vitest";
import { decodeText } from "./decode-text";

const utf16le = (s: string) => Uint8Array.from([0xff, 0xfe, ...[...s].flatMap((c) => [c.charCodeAt(0), 0])]);
const utf16be = (s: string) => Uint8Array.from([0xfe, 0xff, ...[...s].flatMap((c) => [0, c.charCodeAt(0)])]);

describe("decodeText", () => {
  it.each([
    { name: "UTF-8", bytes: new TextEncoder().encode("kind: Config\n"), want: "kind: Config\n" },
    { name: "UTF-8 with BOM", bytes: Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]), want: "a" },
    { name: "UTF-16LE with BOM (PowerShell)", bytes: utf16le("-----BEGIN"), want: "-----BEGIN" },
    { name: "UTF-16BE with BOM", bytes: utf16be("ab"), want: "ab" },
    { name: "NUL byte", bytes: Uint8Array.of(0x30, 0x82, 0x00, 0x01), want: undefined },
    { name: "invalid UTF-8", bytes: Uint8Array.of(0x30, 0x82, 0xff, 0x01), want: undefined },
  ])("$name", ({ bytes, want }) => {
    expect(decodeText(bytes)).toBe(want);
  });
});
