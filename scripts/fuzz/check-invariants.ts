/**
 * Invariants c, d and e on a finished case: no certificate of an untouched file is missing from the
 * report, no output holds a window of private key text, and the text formats hold no control
 * characters but newlines. Each returns violations as data, with a short key that groups one bug's
 * many occurrences and a detail that says what was seen.
 */
import type { Report } from "../../lib/report";
import type { Invariant } from "./fuzz-case";
import { findKeyLeak } from "./key-windows";
import type { Format } from "./render-outputs";

export interface Violation {
  invariant: Invariant;
  /** Groups occurrences of one failure: same invariant and key, same bug (as far as can be told). */
  key: string;
  detail: string;
}

/** What the healthy node's report had: each certificate's sha256 → the files it was found in. */
export type CertificatePaths = ReadonlyMap<string, readonly string[]>;

/** The file part of a report path: `admin.conf#users/kubernetes-admin` → `admin.conf`. */
function filePart(path: string): string {
  const hash = path.indexOf("#");
  return hash < 0 ? path : path.slice(0, hash);
}

/** sha256 → file paths of every certificate in a report. */
export function certificatePaths(report: Report): Map<string, string[]> {
  return new Map(report.certificates.map((cert) => [cert.sha256, [...new Set(cert.paths.map(filePart))]]));
}

/** (c) Certificates the healthy node had in some untouched file, missing from `report`. */
export function lostCertificates(
  healthy: CertificatePaths,
  touched: readonly string[],
  report: Report,
): Violation[] {
  const touchedSet = new Set(touched);
  const found = new Set(report.certificates.map((cert) => cert.sha256));
  const lost: string[] = [];
  for (const [sha256, paths] of healthy) {
    const kept = paths.filter((path) => !touchedSet.has(path));
    if (kept.length > 0 && !found.has(sha256)) lost.push(`${kept[0]} (${sha256.slice(0, 12)})`);
  }
  if (lost.length === 0) return [];
  return [
    {
      invariant: "c",
      key: "lost",
      detail: `${lost.length} certificate(s) of untouched files missing: ${lost.slice(0, 4).join(", ")}`,
    },
  ];
}

/** (d) A window of private key text in one output (also with Markdown's backslash escapes undone). */
export function keyLeaks(format: Format, output: string, windows: ReadonlyMap<string, string>): Violation[] {
  const leak = findKeyLeak(output, windows) ?? findKeyLeak(output.replace(/\\(.)/g, "$1"), windows);
  if (!leak) return [];
  const around = output.slice(Math.max(0, leak.offset - 40), leak.offset + 40).replace(/\s+/g, " ");
  return [
    {
      invariant: "d",
      key: format,
      detail: `${format} shows key text of ${leak.keyPath} ("${leak.window}") in …${JSON.stringify(around)}…`,
    },
  ];
}

// Every C0 and C1 control character and DEL, except the newline.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** (e) A control character other than `\n` in a text output. */
export function controlCharacters(format: Format, output: string): Violation[] {
  const match = CONTROL.exec(output);
  if (!match) return [];
  const code = `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  const around = output.slice(Math.max(0, match.index - 30), match.index + 30);
  return [
    {
      invariant: "e",
      key: format,
      detail: `${format} holds ${code} at offset ${match.index}: ${JSON.stringify(around)}`,
    },
  ];
}
