/**
 * A CA rotation plan (rotation/rotation-plan.ts) as text for a terminal and as Markdown for a
 * runbook: the trust root, where the cluster stands, then each step with what it is for, what
 * breaks without it, and per node the files and the commands. Names from the input are made inert.
 */
import type { RotationPlan, RotationPlanAction, RotationPlanStep } from "../rotation/rotation-plan";
import { ROTATION_STEPS, STEP_TITLES, stepNumber } from "../rotation/rotation-words";
import { inertText } from "./inert-text";
import { daysLeftWords } from "./relative-time";
import { codeBlock, codeSpan, escapeMarkdown } from "./markdown-text";
import { pushAll } from "../shared/collections";

const STATE_WORDS: Record<NonNullable<RotationPlanStep["state"]>, string> = {
  done: "done on every node",
  partly: "done on some nodes",
  todo: "not started",
};

function who(action: RotationPlanAction): string {
  if (action.node === "cluster") return "cluster (kubectl, from an admin machine)";
  return action.node === "" ? "this node" : inertText(action.node);
}

function headline(plan: RotationPlan): string[] {
  const lines: string[] = [];
  const ca = plan.ca;
  lines.push(
    `Rotation plan: ${plan.words} (${plan.root})` +
      (ca
        ? ` — ${inertText(ca.subject)}, expires ${ca.notAfter.slice(0, 10)} (${daysLeftWords(ca.daysLeft)})`
        : ""),
  );
  const planes = plan.nodes.filter((n) => n.controlPlane).map((n) => inertText(n.node || "this node"));
  const workers = plan.nodes.filter((n) => !n.controlPlane).map((n) => inertText(n.node || "this node"));
  lines.push(
    `Nodes: ${planes.length} control plane${planes.length === 1 ? "" : "s"} (${planes.join(", ") || "none in the drop"})` +
      (workers.length > 0 ? `, ${workers.length} other (${workers.join(", ")})` : ""),
  );
  if (plan.endpoints.length > 0) lines.push(`Shared endpoint: ${plan.endpoints.map(inertText).join(", ")}`);
  if (plan.stand) {
    const stand = plan.stand;
    lines.push(
      `Where the files stand: step ${stepNumber(stand.step)} of ${ROTATION_STEPS} (${STEP_TITLES[stand.step]}); ` +
        stand.nodes.map((n) => `${inertText(n.node || "this node")} ${stepNumber(n.step)}`).join(", "),
    );
    if (stand.hazards.length > 0)
      lines.push(
        `Broken now: ${stand.hazards
          .map(
            (h) =>
              `${h.relationship} ${inertText(h.fromNode)} → ${inertText(h.node)} (${inertText(h.credential)} against ${inertText(h.bundle)})`,
          )
          .join("; ")}`,
      );
  }
  return lines;
}

/** The plan as plain text. */
export function formatRotationPlanText(plan: RotationPlan): string {
  const lines = headline(plan);
  for (const step of plan.steps) {
    lines.push("", `${step.step}. ${step.title}${step.state ? `  [${STATE_WORDS[step.state]}]` : ""}`);
    lines.push(`   Why: ${step.purpose}`);
    lines.push(`   If skipped or out of order: ${step.ifSkipped}`);
    for (const action of step.actions) {
      lines.push(
        `   - ${who(action)}${action.done === true ? "  [done]" : action.done === false ? "  [to do]" : ""}`,
      );
      if (action.files.length > 0) lines.push(`     files: ${action.files.map(inertText).join(", ")}`);
      for (const command of action.commands) lines.push(`     $ ${inertText(command)}`);
      if (action.note) lines.push(`     ${inertText(action.note)}`);
    }
  }
  if (plan.notes.length > 0) {
    lines.push("", "Notes:");
    for (const note of plan.notes) lines.push(`- ${note}`);
  }
  lines.push("", `Procedure: ${plan.docs.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

/** The plan as a Markdown runbook. */
export function formatRotationPlanMarkdown(plan: RotationPlan): string {
  const [title, ...rest] = headline(plan);
  const lines: string[] = [`# ${escapeMarkdown(title ?? "")}`, ""];
  for (const line of rest) lines.push(`- ${escapeMarkdown(line)}`);
  for (const step of plan.steps) {
    lines.push(
      "",
      `## ${step.step}. ${escapeMarkdown(step.title)}${step.state ? ` — ${STATE_WORDS[step.state]}` : ""}`,
      "",
    );
    lines.push(`**Why:** ${escapeMarkdown(step.purpose)}`, "");
    lines.push(`**If skipped or out of order:** ${escapeMarkdown(step.ifSkipped)}`, "");
    for (const action of step.actions) {
      const box = action.done === true ? "[x]" : "[ ]";
      lines.push(
        `- ${box} **${escapeMarkdown(who(action))}**${action.files.length > 0 ? ` — ${action.files.map((f) => codeSpan(inertText(f))).join(", ")}` : ""}`,
      );
      if (action.note) lines.push(`  ${escapeMarkdown(inertText(action.note))}`);
      if (action.commands.length > 0) {
        lines.push("");
        pushAll(
          lines,
          codeBlock(action.commands.map(inertText), "sh").map((l) => `  ${l}`),
        );
        lines.push("");
      }
    }
  }
  if (plan.notes.length > 0) {
    lines.push("", "## Notes", "");
    for (const note of plan.notes) lines.push(`- ${escapeMarkdown(note)}`);
  }
  lines.push("", `Procedure: ${plan.docs.join(", ")}`, "");
  return lines.join("\n");
}
