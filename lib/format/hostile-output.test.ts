import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { expandArchives } from "../ingest/expand-archives";
import type { Report } from "../report";
import { REPO_ROOT } from "../test-support/fixtures";
import { certificateRows } from "./certificate-rows";
import { HOSTILE_NOW, HOSTILE_TEXT, hostileFiles } from "./hostile-input";
import { inertReport } from "./inert-report";
import { jsonChunks } from "./json-chunks";
import { formatHtmlReport } from "./html-report";
import { liveHtml } from "./html-report-safety";
import { inputDigest } from "./input-digest";
import { formatMarkdown } from "./markdown";
import { activeMarkup, misshapenTableRows, unsafeCharacters } from "./output-safety";
import { formatPlan } from "./plan";
import { relationshipRows } from "./relationship-rows";
import { groupRelationships } from "./report-view";
import { formatTable } from "./table";

// The demo cluster with terminal escapes, bidi and invisible characters, NUL and markup in its
// subjects, SANs, file names, kubeconfig entry names and a node's name, read by the real analysis.

let report: Report;
let html: string;
beforeAll(async () => {
  const archive = new Uint8Array(readFileSync(join(REPO_ROOT, "public", "demo", "demo.tar.gz")));
  const demo = expandArchives([{ path: "demo.tar.gz", bytes: archive }], DEFAULT_ARCHIVE_LIMITS).files;
  const files = await hostileFiles(demo, globalThis.crypto, true);
  report = await analyze(files, { now: new Date(HOSTILE_NOW) });
  html = formatHtmlReport(report, { digest: await inputDigest(files, globalThis.crypto) });
}, 120_000);

/** The escapes a reader must see where the input had the characters. */
const VISIBLE = [
  "\\x1B[2J",
  "\\x1B]0;owned\\x07",
  "\\x1B]8;;https:",
  "\\r\\n",
  "\\u202E",
  "\\u200B",
  "\\x9B31m",
  "\\x7F",
  "\\x00",
];

const outputs: { name: string; render: () => string; sgr: boolean }[] = [
  { name: "table", render: () => formatTable(report, { color: false }), sgr: false },
  { name: "table, coloured", render: () => formatTable(report, { color: true }), sgr: true },
  { name: "table, 60 columns", render: () => formatTable(report, { color: false, width: 60 }), sgr: false },
  { name: "plan", render: () => formatPlan(report, { color: false }), sgr: false },
  { name: "plan, coloured", render: () => formatPlan(report, { color: true }), sgr: true },
  { name: "markdown", render: () => formatMarkdown(report, { failOn: "error" }), sgr: false },
  { name: "html", render: () => html, sgr: false },
];

describe("hostile input in the text formats", () => {
  it("reaches the report as the input wrote it", () => {
    const paths = report.certificates.flatMap((certificate) => certificate.paths);
    // A backslash in a file name reads as a folder separator; the kubeconfig entry keeps its own.
    expect(paths.some((path) => path.endsWith(`/admin.conf#users/admin${HOSTILE_TEXT}`))).toBe(true);
    expect(report.cluster.nodes.some((node) => unsafeCharacters(node, { sgr: false }).length > 0)).toBe(true);
    expect(report.findings.map((finding) => finding.code)).toEqual(
      expect.arrayContaining(["CERT_EXPIRED", "PARSE_ERROR"]),
    );
  });

  it.each(outputs)("$name: nothing a terminal acts on, every escape visible", ({ render, sgr }) => {
    const text = render();
    expect(unsafeCharacters(text, { sgr })).toEqual([]);
    expect(text.includes("\u001b")).toBe(sgr);
    for (const escape of VISIBLE) expect(text).toContain(escape);
  });

  // Wide enough, a column holds a whole subject: its line break, made inert, must not end the row.
  it.each([100, 400])("table at %i columns: one line per relationship and certificate, aligned", (width) => {
    const lines = formatTable(report, { color: false, width }).split("\n");
    const section = (title: string) => {
      const start = lines.indexOf(title);
      const end = lines.indexOf("", start);
      return lines.slice(start + 1, end === -1 ? undefined : end);
    };
    const rows = section("Trust relationships").filter((line) => /^ {2}[✓!✗?] /.test(line));
    expect(rows).toHaveLength(relationshipRows(report, groupRelationships(report).primary).length);
    const columns = (line: string) => [...line];
    // The key column starts at one place, and so does the closing expiry phrase wherever there is one.
    expect(new Set(rows.map((row) => /^ {2}\S+ \S+ +/.exec(row)?.[0].length))).toHaveLength(1);
    const left = rows.flatMap((row) => {
      const match = /(\d+ (days|years) left|expired .+ ago)$/.exec(row);
      return match ? [columns(row.slice(0, match.index)).length] : [];
    });
    expect(left.length).toBeGreaterThan(5);
    expect(new Set(left)).toHaveLength(1);

    const [heading = "", ...certificates] = section("Certificates by expiry");
    expect(certificates).toHaveLength(certificateRows(report).length);
    const at = (label: string) => columns(heading).join("").indexOf(label);
    for (const row of certificates) {
      const chars = columns(row);
      expect(chars.slice(at("EXPIRES"), at("EXPIRES") + 10).join(""), row).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(chars[at("STATE")], row).toMatch(/[✓✗!]/);
      expect(chars[at("STATE") - 1], row).toBe(" ");
    }
  });

  it("markdown: every table row keeps its cells, no tag, entity or math is live", () => {
    const markdown = formatMarkdown(report, { failOn: "error" });
    expect(misshapenTableRows(markdown)).toEqual([]);
    expect(activeMarkup(markdown)).toEqual([]);
    expect(markdown).toContain("\\<img src=x onerror=alert(1)\\>");
    expect(markdown).toContain("\\<script\\>");
  });

  it("html: no tag, handler or reference from the input is live; the markup shows as text", () => {
    expect(liveHtml(html)).toEqual([]);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // An entity the input wrote is shown, not decoded into the bidi override it names.
    expect(html).toContain("&amp;#x202E;");
  });

  it("json: the exact strings of the input, not made inert", () => {
    const json = [...jsonChunks(report)].join("");
    expect(JSON.parse(json)).toEqual(report);
    expect(json).toContain(JSON.stringify(`admin${HOSTILE_TEXT}`).slice(1, -1));
    expect(inertReport(report)).not.toBe(report);
  });
});
