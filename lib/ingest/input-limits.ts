/**
 * How large one input file may be, whatever the door: the CLI checks the size before reading a
 * file, the browser before `arrayBuffer()`, and ingest refuses a larger one handed over anyway — all
 * with the same words, so the command line and the explorer give one verdict on the same files.
 */
import { formatBytes } from "./archive-limits";
import type { InputFile } from "../inventory";

/** Larger files are not PKI material anyone drops into an audit; reading them would only cost memory. */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/** Why a file of `size` bytes is not read (`larger than 64 MiB (200 MiB)`), or undefined when it may be. */
export function oversizeReason(size: number, maxBytes: number = MAX_INPUT_FILE_BYTES): string | undefined {
  return size > maxBytes ? tooLargeReason(size, maxBytes) : undefined;
}

/** `larger than 64 MiB (200 MiB)`: the words for a file of `size` bytes over `maxBytes`. */
export function tooLargeReason(size: number, maxBytes: number): string {
  const limit = formatBytes(maxBytes);
  // Just over the limit reads as "64.0 MiB": the exact count says why it is over.
  const shown = formatBytes(size);
  const exact = shown === limit || shown === limit.replace(" ", ".0 ");
  return `larger than ${limit} (${exact ? `${size.toLocaleString("en-US")} bytes` : shown})`;
}

/** The stand-in for a file the edge did not read, whose reason the report names (INPUT_SKIPPED). */
export function unreadInput(
  path: string,
  reason: string,
  kind: InputFile["unreadKind"] = "unreadable",
): InputFile {
  return {
    path,
    bytes: new Uint8Array(0),
    unreadable: reason,
    ...(kind === "unreadable" ? {} : { unreadKind: kind }),
  };
}
