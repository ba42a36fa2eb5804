// A kubeconfig user with no credential sends requests as system:anonymous: 'forbidden: User "system:anonymous" cannot get path "/"' (k8s-pki-spec §7 row 16, §8 item 9).
import type { KubeconfigRecord, KubeconfigUser } from "../inventory";
import type { Finding } from "../report";
import { contextsOfUser, kubeconfigRef } from "../engine/kubeconfig-relationship";
import type { CheckContext, Rule } from "../engine/rule";

/** Any of the ways client-go can authenticate a user entry (a client certificate needs its key too, but that is another fault). */
function hasCredential(user: KubeconfigUser): boolean {
  return (
    user.clientCertificateIds.length > 0 ||
    user.clientCertificatePath !== undefined ||
    user.clientKeyId !== undefined ||
    user.clientKeyPath !== undefined ||
    !!user.token ||
    user.tokenFile !== undefined ||
    user.exec !== undefined ||
    user.authProvider !== undefined ||
    user.username !== undefined
  );
}

/** A credential that was written but could not be read is a PARSE_ERROR, not a missing credential. */
function unreadable(ctx: CheckContext, kc: KubeconfigRecord, user: KubeconfigUser): boolean {
  const prefix = `users/${user.name} `;
  return ctx.inventory.problems.some((p) => p.path === kc.source.path && p.reason.startsWith(prefix));
}

/** Users some context selects; every user when the file has no contexts. */
function usersInUse(kc: KubeconfigRecord): KubeconfigUser[] {
  if (kc.contexts.length === 0) return kc.users;
  return kc.users.filter((u) => kc.contexts.some((c) => c.user === u.name));
}

function consequence(role: string | undefined): string {
  if (role === "kubelet-bootstrap" || role === "kubelet")
    return 'the kubelet cannot register or ask for its certificate (cannot create certificate signing request: User "system:anonymous" cannot create certificatesigningrequests.certificates.k8s.io at the cluster scope)';
  return 'kubectl fails with Error from server (Forbidden): forbidden: User "system:anonymous" cannot get path "/" (or gets whatever RBAC grants anonymous users)';
}

function fixFor(role: string | undefined, path: string, user: string): string {
  switch (role) {
    case "kubelet-bootstrap":
      return `Put a bootstrap token back into ${path} (\`kubeadm token create\`, then \`kubectl config set-credentials ${user} --token=<id>.<secret> --kubeconfig=${path}\`), or re-run \`kubeadm join\`.`;
    case "admin":
    case "super-admin":
    case "kube-controller-manager":
    case "kube-scheduler":
      return `Regenerate ${path} with \`kubeadm init phase kubeconfig all\` (after moving the file away) or \`kubeadm kubeconfig user --client-name <name>\`.`;
    default:
      return `Add a credential to user ${user}: \`kubectl config set-credentials ${user} --client-certificate=<crt> --client-key=<key> --embed-certs --kubeconfig=${path}\`, a \`--token\`, or an exec plugin; for a kubeadm cluster, copy the user entry of /etc/kubernetes/admin.conf.`;
  }
}

export const kubeconfigNoCredential: Rule = {
  codes: ["KUBECONFIG_NO_CREDENTIAL"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const kc of ctx.inventory.kubeconfigs) {
      const path = kc.source.path;
      const role = ctx.model.kubeconfigRoles.get(kc);
      for (const user of usersInUse(kc)) {
        if (hasCredential(user) || unreadable(ctx, kc, user)) continue;
        const contexts = contextsOfUser(kc, user.name);
        findings.push({
          code: "KUBECONFIG_NO_CREDENTIAL",
          severity: "error",
          title: `${path}: user ${user.name || "(unnamed)"} has no credential`,
          detail: `User ${user.name || "(unnamed)"} in ${path}${contexts.length ? ` (context ${contexts.join(", ")})` : ""} has no client certificate, token, tokenFile, exec plugin, auth-provider or username. Requests go out without credentials and kube-apiserver treats them as system:anonymous: ${consequence(role)}.`,
          ...kubeconfigRef(ctx, kc),
          files: [`${path}#users/${user.name}`],
          fix: fixFor(role, path, user.name),
        });
      }
    }
    return findings;
  },
};
