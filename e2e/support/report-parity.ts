/**
 * What "the same report" means between the CLI and the explorer, and the one documented way they
 * may differ: a browser does not hand symlinks from a chosen or dropped folder to the page, so the
 * kubelet's `kubelet-{client,server}-current.pem` links never reach it. The analysis then judges the
 * newest dated file in the link's place and says so in one info finding, KUBELET_LINK_ABSENT.
 */
import { execFile } from "node:child_process";
import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import type { Finding, Report } from "../../lib/report";

const run = promisify(execFile);

export const LINK_ABSENT = "KUBELET_LINK_ABSENT";

/** A symlink below a fixture folder: its path relative to the folder and the file it names there. */
export interface FolderLink {
  path: string;
  /** The dated file the link names, relative to the folder (a link's absolute target names the node's root). */
  target: string;
}

/** Every symlink below `dir` (none for a file), found with lstat as a browser's folder walk meets them. */
export function symlinksIn(dir: string): FolderLink[] {
  const links: FolderLink[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const full = join(current, entry);
      const info = lstatSync(full);
      const path = relative(dir, full).split(sep).join("/");
      if (info.isDirectory()) walk(full);
      else if (info.isSymbolicLink()) {
        // Kubelet links name a sibling: by name, or by its absolute path on the node.
        links.push({
          path,
          target: `${path.slice(0, path.lastIndexOf("/") + 1)}${basename(readlinkSync(full))}`,
        });
      }
    }
  };
  if (lstatSync(dir).isDirectory()) walk(dir);
  return links;
}

/** `k8s-pki audit <input> --format json --now <now>`, run from the repository root as a person would. */
export async function cliReport(input: string, now: string): Promise<{ text: string; report: Report }> {
  const args = ["cli/dist/k8s-pki.mjs", "audit", input, "--format", "json", "--now", now];
  const env = { ...process.env, TZ: "UTC", NO_COLOR: "1" };
  // Exit 1 means "an error-severity finding", a verdict like any other: the report is on stdout all the same.
  const { stdout } = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw new Error(`k8s-pki audit ${input} failed (${String(error.code)}): ${error.stderr ?? ""}`);
    },
  );
  return { text: stdout, report: JSON.parse(stdout) as Report };
}

/** What a KUBELET_LINK_ABSENT finding says: the dated file judged in the missing link's place. */
export interface LinkAbsent {
  severity: Finding["severity"];
  file: string;
  title: string;
}

/** The KUBELET_LINK_ABSENT findings of a report. */
export function linkAbsentFindings(report: Report): LinkAbsent[] {
  return report.findings
    .filter((finding) => finding.code === LINK_ABSENT)
    .map((finding) => ({ severity: finding.severity, file: finding.files.join(","), title: finding.title }));
}

/**
 * Whether the analysis names a link that did not arrive: only when its folder held more than one
 * dated file of its kind, so that the stand-in was a choice (one dated file is what the link named).
 */
export function linkWasAmbiguous(link: FolderLink, root: string): boolean {
  const dir = dirname(join(root, link.target));
  const kind = /^kubelet-(client|server)-\d{4}-/.exec(basename(link.target))?.[1];
  return (
    readdirSync(dir).filter((name) => new RegExp(`^kubelet-${kind ?? ""}-\\d{4}-`).test(name)).length > 1
  );
}

/** The finding the analysis gives for a link that did not arrive: information, naming link and dated file. */
export function expectedLinkAbsent(link: FolderLink): LinkAbsent {
  return {
    severity: "info",
    file: link.target,
    title: `${basename(link.path)} was absent: ${basename(link.target)} was judged in its place`,
  };
}

/**
 * The report without the KUBELET_LINK_ABSENT findings about `targets` (dated files judged in a
 * missing link's place): the findings go, every index into the list follows them, a relationship
 * no longer lists the code when none of its findings has it, and the summary counts one fewer.
 */
export function withoutLinkAbsent(report: Report, targets: readonly string[]): Report {
  const removed = (finding: Finding) =>
    finding.code === LINK_ABSENT && targets.includes(finding.files.join(","));
  const newIndex = new Map<number, number>();
  const findings: Finding[] = [];
  report.findings.forEach((finding, index) => {
    if (removed(finding)) return;
    newIndex.set(index, findings.length);
    findings.push(finding);
  });
  const summary = { ...report.summary };
  for (const finding of report.findings) if (removed(finding)) summary[finding.severity] -= 1;
  const relationships = report.relationships.map((relationship) => {
    const findingRefs = relationship.findingRefs.flatMap((ref) => {
      const kept = newIndex.get(ref);
      return kept === undefined ? [] : [kept];
    });
    const stillHas = findingRefs.some((ref) => findings[ref]?.code === LINK_ABSENT);
    const codes = relationship.findings.filter((code) => code !== LINK_ABSENT || stillHas);
    return { ...relationship, findings: codes, findingRefs };
  });
  return { ...report, findings, relationships, summary };
}

/** JSON with every object's keys sorted: two reports are the same when these strings are. */
export function stableJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, inner: unknown) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    1,
  );
}

/** The parts a reader compares first, projected so a difference reads as a short diff. */
export function outline(report: Report) {
  return {
    layout: report.layout,
    inputs: report.inputs,
    relationships: report.relationships.map(({ key, status, findings }) => ({ key, status, findings })),
    findings: report.findings.map(({ code, severity, files, relationshipKey }) => ({
      code,
      severity,
      files,
      relationshipKey,
    })),
    certificates: report.certificates.map(({ id, paths }) => ({ id, paths })),
  };
}
