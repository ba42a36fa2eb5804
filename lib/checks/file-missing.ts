// A flag or kubeconfig names a file that is not in the input: the relationship cannot be judged (DESIGN.md "Findings").
import type { FileRef } from "../cluster/model";
import type { Finding } from "../report";
import type { CheckContext, Rule } from "../engine/rule";

function directoryWasDropped(ctx: CheckContext, ref: FileRef): boolean {
  const dir = ref.declared.split("/").slice(0, -1).filter(Boolean);
  const tail = dir.slice(-2).join("/");
  if (!tail) return false;
  return ctx.inventory.paths.some((path) => {
    const parent = path.split("/").slice(0, -1).join("/");
    return parent === tail || parent.endsWith(`/${tail}`);
  });
}

export const fileMissing: Rule = {
  codes: ["FILE_MISSING"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const ref of ctx.model.refs) {
      if (ref.origin !== "declared" || ref.path || !ref.declaredIn) continue;
      const dedupe = `${ref.declared}|${ref.declaredIn}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      const wiring = ctx.model.wirings.find((p) => p.missing.some((m) => m.includes(ref.declared)));
      const dropped = directoryWasDropped(ctx, ref);
      findings.push({
        code: "FILE_MISSING",
        severity: dropped ? "warning" : "info",
        title: `${ref.declared} is not in the input`,
        detail: dropped
          ? `${ref.declaredIn} names ${ref.declared} (${ref.field}), but its folder was dropped without it. The component will fail to start or to connect; the relationship is shown as unknown.`
          : `${ref.declaredIn} names ${ref.declared} (${ref.field}), which lives in a folder that was not dropped. Add that folder to judge ${wiring?.id ?? "this relationship"}; until then it is unknown.`,
        ...(wiring ? { relationship: wiring.id, relationshipKey: wiring.key } : {}),
        files: [ref.declaredIn],
        fix: dropped
          ? `Restore ${ref.declared} (kubeadm: \`kubeadm init phase certs …\` or \`kubeadm certs renew …\` for that file), or fix ${ref.field} in ${ref.declaredIn}.`
          : `Drop the folder holding ${ref.declared} as well (e.g. /var/lib/kubelet/pki next to /etc/kubernetes).`,
      });
    }
    return findings;
  },
};
