// kubectl/client-go ≥1.24 reject exec plugins speaking client.authentication.k8s.io/v1alpha1: "error: exec plugin: invalid apiVersion" (k8s-pki-spec §6.7, §7 row 20).
import type { KubeconfigUser } from "../inventory";
import type { Finding } from "../report";
import { contextsOfUser, kubeconfigRef } from "../engine/kubeconfig-relationship";
import type { Rule } from "../engine/rule";

const REMOVED = "client.authentication.k8s.io/v1alpha1";
const CURRENT = "client.authentication.k8s.io/v1beta1";

/** The value following `flag` in an argument list (`--cluster-name demo`). */
function argAfter(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
}

/** What the plugin is, and the concrete way to get a current entry for it. */
function describePlugin(exec: NonNullable<KubeconfigUser["exec"]>, path: string, user: string) {
  const command = exec.command.split("/").pop() ?? exec.command;
  const edit = `set users/${user} exec.apiVersion to ${CURRENT} in ${path}`;
  if (command === "aws" && exec.args.includes("eks")) {
    const name = argAfter(exec.args, "--cluster-name") ?? "<cluster>";
    const region = argAfter(exec.args, "--region");
    return {
      what: `the AWS CLI's EKS token plugin (cluster ${name}${region ? `, region ${region}` : ""})`,
      fix: `Regenerate the entry with a current AWS CLI: \`aws eks update-kubeconfig --name ${name}${region ? ` --region ${region}` : ""}\` (it writes ${CURRENT}), or ${edit}.`,
    };
  }
  if (command === "aws-iam-authenticator") {
    const name = argAfter(exec.args, "-i") ?? argAfter(exec.args, "--cluster-id") ?? "<cluster>";
    return {
      what: `aws-iam-authenticator (cluster ${name})`,
      fix: `Upgrade aws-iam-authenticator and ${edit}, or switch to the AWS CLI: \`aws eks update-kubeconfig --name ${name}\`.`,
    };
  }
  return {
    what: `the exec plugin \`${exec.command}\``,
    fix: `Upgrade \`${exec.command}\` to a release that speaks ${CURRENT} (or client.authentication.k8s.io/v1) and ${edit}; for EKS, \`aws eks update-kubeconfig --name <cluster>\` writes a current entry.`,
  };
}

export const execPluginApiRemoved: Rule = {
  codes: ["EXEC_PLUGIN_API_REMOVED"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const kc of ctx.inventory.kubeconfigs) {
      const path = kc.source.path;
      for (const user of kc.users) {
        const exec = user.exec;
        if (exec?.apiVersion?.trim() !== REMOVED) continue;
        const plugin = describePlugin(exec, path, user.name);
        const contexts = contextsOfUser(kc, user.name);
        findings.push({
          code: "EXEC_PLUGIN_API_REMOVED",
          severity: "error",
          title: `${path} uses the removed exec plugin API ${REMOVED}`,
          detail: `User ${user.name} in ${path}${contexts.length ? ` (context ${contexts.join(", ")})` : ""} gets its token from ${plugin.what} through apiVersion ${REMOVED}. kubectl and client-go 1.24 and later no longer accept that version, so every command with this user fails before reaching the server: error: exec plugin: invalid apiVersion "${REMOVED}".`,
          ...kubeconfigRef(ctx, kc),
          files: [`${path}#users/${user.name}`],
          fix: plugin.fix,
        });
      }
    }
    return findings;
  },
};
