// kubeadm runs --authorization-mode=Node,RBAC with --enable-admission-plugins=NodeRestriction; without Node, kubelets lose their scoped permissions (k8s-pki-spec §5.1).
import { flagList } from "../cluster/flags";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";

export const nodeAuthorizer: Rule = {
  codes: ["NODE_AUTHORIZER_DISABLED"],
  scope: "relationship",
  run: (ctx) => {
    const apiserver = ctx.model.apiserver;
    if (!apiserver || apiserver.origin === "convention" || !apiserver.source) return [];
    const findings: Finding[] = [];
    const modes = flagList(apiserver.flags, "authorization-mode") ?? ["AlwaysAllow"];
    const enabled = flagList(apiserver.flags, "enable-admission-plugins") ?? [];
    const disabled = flagList(apiserver.flags, "disable-admission-plugins") ?? [];
    // No authorization at all (MicroK8s's default): nothing denies a node, and any certificate the
    // client CA signed may do anything. A posture to know, not a broken relationship.
    if (modes.length === 1 && modes[0] === "AlwaysAllow") {
      return [
        {
          code: "NODE_AUTHORIZER_DISABLED",
          severity: "info",
          title: "kube-apiserver authorizes every request (AlwaysAllow)",
          detail: `${apiserver.source} sets --authorization-mode=AlwaysAllow${flagList(apiserver.flags, "authorization-mode") ? "" : " (the default when unset)"}: every client the apiserver authenticates may do anything, so every certificate its client CA signed — a kubelet's included — acts as cluster-admin. Node identities are not used to limit anything.`,
          relationship: "kubelet-client",
          files: [apiserver.source],
          fix: "Enable RBAC and the Node authorizer: --authorization-mode=Node,RBAC (MicroK8s: `microk8s enable rbac`).",
        },
      ];
    }
    if (!modes.includes("Node")) {
      findings.push({
        code: "NODE_AUTHORIZER_DISABLED",
        severity: "error",
        title: "kube-apiserver runs without the Node authorizer",
        detail: `${apiserver.source} sets --authorization-mode=${modes.join(",")}. Kubelets authenticate as system:node:<name>, and without the Node authorizer nothing grants them access to their pods' secrets, configmaps and volumes (RBAC alone no longer binds system:nodes), so nodes cannot run workloads — or, with a broad binding, every node can read every secret.`,
        relationship: "kubelet-client",
        files: [apiserver.source],
        fix: "Set --authorization-mode=Node,RBAC on kube-apiserver (kubeadm's default).",
      });
    }
    if (!enabled.includes("NodeRestriction") || disabled.includes("NodeRestriction")) {
      findings.push({
        code: "NODE_AUTHORIZER_DISABLED",
        severity: "warning",
        title: "NodeRestriction admission is not enabled",
        detail: `${apiserver.source} sets --enable-admission-plugins=${enabled.join(",") || "(unset)"}${disabled.length ? ` and --disable-admission-plugins=${disabled.join(",")}` : ""}. Without NodeRestriction a kubelet's credentials can modify other nodes and pods not bound to it.`,
        relationship: "kubelet-client",
        files: [apiserver.source],
        fix: "Add NodeRestriction to --enable-admission-plugins on kube-apiserver.",
      });
    }
    return findings;
  },
};
