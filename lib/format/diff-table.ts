/**
 * `k8s-pki diff --format table`: what changed between two drops, for a terminal. Regressions
 * first (what should have rotated and did not, relationships that got worse, new errors), then
 * every certificate that changed, bundles, relationships and findings. A pure function of the diff.
 */
import type { CertificateChange, ReportDiff } from "../diff/diff-types";
import { createStyler, type Styler } from "./ansi";
import { pushAll } from "../shared/collections";
import { dayOf, inertDiff, pathsLabel, summaryLine } from "./diff-inert";

export interface DiffTableOptions {
  color: boolean;
}

/** The diff as terminal text, ending with a newline. */
export function formatDiffTable(input: ReportDiff, options: DiffTableOptions): string {
  const diff = inertDiff(input);
  const style = createStyler(options.color);
  const lines: string[] = [
    style.bold("k8s-pki diff"),
    `  old drop judged at ${diff.old.now} (${diff.old.source})`,
    `  new drop judged at ${diff.new.now} (${diff.new.source})`,
    `  one cluster: both hold ${diff.sharedCAs.join(", ")}`,
    "",
  ];
  const regressed = diff.edges.filter((edge) => edge.regressed);
  const newErrors = diff.findings.appeared.filter((finding) => finding.severity === "error");
  if (diff.missedRotations.length + regressed.length + newErrors.length > 0) {
    lines.push(style.bold(style.red("Regressions")));
    for (const missed of diff.missedRotations)
      lines.push(`  ${style.red("✗ did not rotate")}  ${missed.detail}`);
    for (const edge of regressed)
      lines.push(`  ${style.red("✗ worse")}  ${edge.key}: ${edge.old ?? "absent"} → ${edge.new ?? "absent"}`);
    for (const finding of newErrors)
      lines.push(`  ${style.red("✗ new error")}  ${finding.code} ${finding.title}`);
    lines.push("");
  }
  lines.push(style.bold("Certificates"));
  if (diff.certificates.length === 0) lines.push("  none changed");
  for (const change of diff.certificates) pushAll(lines, changeLines(change, style));
  lines.push("");
  if (diff.bundles.length > 0) {
    lines.push(style.bold("Bundles"));
    for (const bundle of diff.bundles)
      lines.push(
        `  ${bundle.path}: ` +
          [
            ...bundle.added.map((ca) => `+ ${ca.subject} (until ${dayOf(ca.notAfter)})`),
            ...bundle.removed.map((ca) => `− ${ca.subject} (until ${dayOf(ca.notAfter)})`),
          ].join(", "),
      );
    lines.push("");
  }
  const other = diff.edges.filter((edge) => !edge.regressed);
  if (other.length > 0) {
    lines.push(style.bold("Relationships"));
    for (const edge of other) lines.push(`  ${edge.key}: ${edge.old ?? "absent"} → ${edge.new ?? "absent"}`);
    lines.push("");
  }
  if (diff.findings.appeared.length + diff.findings.resolved.length > 0) {
    lines.push(style.bold("Findings"));
    for (const finding of diff.findings.appeared)
      lines.push(`  + ${finding.severity} ${finding.code} ${finding.title}`);
    for (const finding of diff.findings.resolved)
      lines.push(`  ${style.green("−")} ${finding.severity} ${finding.code} ${finding.title} (resolved)`);
    lines.push("");
  }
  const code = diff.summary.regressions > 0 ? 1 : 0;
  lines.push(`${summaryLine(diff)} — exit ${code}`);
  return `${lines.join("\n")}\n`;
}

/** How each kind reads: every reissue from the same CA is a renewal, with or without a new key. */
export const KIND_WORDS: Record<CertificateChange["kind"], string> = {
  rotated: "rotated (new CA)",
  "re-keyed": "renewed, new key",
  reissued: "renewed",
  renewed: "renewed, same key",
  appeared: "appeared",
  disappeared: "disappeared",
  unchanged: "moved",
};

function changeLines(change: CertificateChange, style: Styler): string[] {
  const subject = change.new?.subject ?? change.old?.subject ?? "";
  const dates =
    change.old && change.new
      ? `until ${dayOf(change.old.notAfter)} → ${dayOf(change.new.notAfter)}`
      : `until ${dayOf((change.new ?? change.old)?.notAfter ?? "")}`;
  const kind = KIND_WORDS[change.kind];
  const colour = change.kind === "rotated" || change.kind === "disappeared" ? style.yellow : style.cyan;
  const lines = [
    `  ${colour(kind.padEnd(18))}  ${pathsLabel(change.paths)}  ${subject}  ${style.dim(dates)}`,
  ];
  if (change.movedFrom) lines.push(`      moved from ${pathsLabel(change.movedFrom)}`);
  if (change.identity) lines.push(`      identity ${change.identity.old} → ${change.identity.new}`);
  if (change.sans)
    lines.push(
      `      SANs ${[...change.sans.added.map((san) => `+${san}`), ...change.sans.removed.map((san) => `−${san}`)].join(" ")}`,
    );
  if (change.issuerChanged) lines.push(`      issued by another CA key: ${change.new?.issuer ?? ""}`);
  return lines;
}
