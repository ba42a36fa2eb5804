// An input whose content never reached the analysis is named, never dropped in silence (DESIGN.md "Principles": honest status).
import type { UnreadInput } from "../inventory";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { examplesText, foldInputs, sharedReason } from "./fold-inputs";

const AFTER =
  "Everything else was analysed without it: a relationship that needs it shows as unknown or missing.";

function skippedFinding(input: UnreadInput): Finding {
  const { path, reason } = input;
  switch (input.kind) {
    case "outside":
      return {
        code: "INPUT_SKIPPED",
        severity: "info",
        title: `${path} points outside the audited folder: not followed`,
        detail: `${path} is a link that ${reason}. A link out of the audited folder is left alone, so what it points at was not analysed.`,
        files: [path],
        fix: "If its target is part of the node's PKI, audit that folder too (`k8s-pki audit <this folder> <the target's folder>`) or copy the file into the audited folder.",
      };
    case "limit":
      return {
        code: "INPUT_SKIPPED",
        severity: "warning",
        title: `${path} was not read: over a size limit`,
        detail: `${path} was not read: ${reason}. ${AFTER}`,
        files: [path],
        fix: "Certificates, keys and kubeconfigs are small: leave out files that are not PKI material, and pack one archive per node (`tar czf node-a.tgz /etc/kubernetes /var/lib/kubelet/pki`) or split the archive, or extract it and audit the folder.",
      };
    case "unreadable":
      return {
        code: "INPUT_SKIPPED",
        severity: "warning",
        title: `${path} could not be read`,
        detail: `${path} could not be read: ${reason}. ${AFTER}`,
        files: [path],
        fix: "Audit as a user who can read every file (`sudo k8s-pki audit /etc/kubernetes /var/lib/kubelet`), repair or remove links that point at nothing, and in the explorer drop the folder again if it changed while it was read.",
      };
  }
}

/** Many inputs not read for one reason: one finding, worded and graded as each would be. */
function foldedFinding(inputs: readonly UnreadInput[], files: number, examples: readonly string[]): Finding {
  const count = files.toLocaleString("en-US");
  const outside = inputs.every((input) => input.kind === "outside");
  const what = outside ? "are links out of the audited folder, not followed" : "were not read";
  return {
    code: "INPUT_SKIPPED",
    severity: outside ? "info" : "warning",
    title: `${count} inputs ${outside ? "point outside the audited folder" : "were not read"}`,
    detail: `${count} inputs ${what}, ${sharedReason(inputs)}. They are counted here rather than listed one by one: ${examplesText(examples, files)}. ${AFTER}`,
    files: [...examples],
    fix: skippedFinding(inputs[0] ?? { path: "", reason: "", kind: "unreadable" }).fix,
  };
}

export const inputSkipped: Rule = {
  codes: ["INPUT_SKIPPED"],
  scope: "input",
  run: (ctx) =>
    foldInputs(ctx.inventory.unread, {
      one: skippedFinding,
      many: foldedFinding,
      kind: (input) => input.kind,
    }),
};
