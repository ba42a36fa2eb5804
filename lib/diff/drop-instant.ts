/**
 * When a drop was taken, as far as its files say: the `when:` line of the collector's list
 * (`<host>/k8s-pki-collect.txt`, which public/k8s-pki-collect.sh writes in UTC), inside an archive
 * or in a folder. The latest of several nodes' lists is the drop's instant. Without one the edge
 * decides (a flag, the files' dates) and says which it used.
 */
import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { isCollectorList } from "../ingest/collector-list";
import { expandArchives } from "../ingest/expand-archives";
import type { InputFile } from "../inventory";

/** `when: 2026-06-01T00:00:00Z`, as the collector writes it (the first 40 lines are looked at). */
const WHEN_LINE = /^when: (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/;
const HEAD_BYTES = 4096;

/** The instant the collector's lists in `files` record (the latest), or undefined when none does. */
export function collectorInstant(files: readonly InputFile[]): string | undefined {
  const expanded = expandArchives(files, DEFAULT_ARCHIVE_LIMITS).files;
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let latest: string | undefined;
  for (const file of expanded) {
    if (file.unreadable !== undefined || !file.path.endsWith("k8s-pki-collect.txt")) continue;
    const text = decoder.decode(file.bytes.subarray(0, HEAD_BYTES));
    if (!isCollectorList(file.path, text)) continue;
    for (const line of text.split("\n", 40)) {
      const match = WHEN_LINE.exec(line.trimEnd());
      const when = match?.[1];
      if (when === undefined || Number.isNaN(Date.parse(when))) continue;
      if (latest === undefined || when > latest) latest = when;
    }
  }
  return latest;
}
