// An archive with two entries of one path: each is read and judged, neither is dropped in silence (DESIGN.md "Principles": honest status).
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";

export const archiveDuplicateEntry: Rule = {
  codes: ["ARCHIVE_DUPLICATE_ENTRY"],
  scope: "input",
  run: (ctx) =>
    ctx.inventory.problems
      .filter((problem) => problem.kind === "duplicate-entries")
      .map((problem): Finding => ({
        code: "ARCHIVE_DUPLICATE_ENTRY",
        severity: "warning",
        title: `${problem.path} holds entries of one name`,
        detail: `${problem.path}: ${problem.reason}. Every copy was judged; the one a node uses is the one on its disk.`,
        files: [problem.path],
        fix: "Compare the copies (`tar tvf` lists both, with their dates) and pack the node's files once, from the node itself.",
      })),
};
