/**
 * What each authorizer needs to see in a client certificate (k8s-pki-spec §4.1 "Identity the server's
 * authz needs", §5.1 Node authorizer): the x509 authenticator maps CN → user and O → groups.
 */
import type { IdentityRule } from "./model";
import { adminGroupsFor, kubeletApiGroupsFor } from "./version";

const malformed = (orgs: string[]) => orgs.find((o) => o !== o.trim() || /[,;]$/.test(o));

/** CN must be exactly `user` (RBAC bootstrap bindings name the user, not a group). */
export function exactUserRule(user: string, binding: string): IdentityRule {
  return {
    authority: `RBAC's bootstrap ClusterRoleBinding ${binding}`,
    check: (cn) =>
      cn === user
        ? undefined
        : {
            severity: "error",
            problem: `its CN is "${cn ?? ""}", but the bootstrap ClusterRoleBinding ${binding} grants only the user "${user}", so every request is Forbidden`,
            fix: `Reissue the certificate with CN=${user} (kubeadm: \`kubeadm certs renew ${binding === "system:kube-scheduler" ? "scheduler.conf" : "controller-manager.conf"}\`).`,
          },
  };
}

/** Kubelets: CN `system:node:<node>` and O `system:nodes`, or the Node authorizer does not recognise them. */
export function nodeRule(node: string | undefined): IdentityRule {
  return {
    authority: "the Node authorizer",
    check: (cn, orgs) => {
      const problems: string[] = [];
      if (!cn?.startsWith("system:node:") || cn === "system:node:") {
        problems.push(`its CN is "${cn ?? ""}", not "system:node:<node name>"`);
      } else if (node && node !== "node" && cn !== `system:node:${node}`) {
        problems.push(`its CN "${cn}" names another node than this kubelet's "${node}"`);
      }
      if (!orgs.includes("system:nodes")) {
        const shown = orgs.length ? orgs.map((o) => `"${o}"`).join(", ") : "none";
        problems.push(`its O (groups) is ${shown}, without "system:nodes"`);
      }
      if (problems.length === 0) return undefined;
      return {
        severity: "error",
        problem: `${problems.join("; ")} — the Node authorizer only treats a client as a node when the user is system:node:<name> and the groups contain system:nodes ("could not determine node from user", or Forbidden)`,
        fix: "Let the kubelet request a correct certificate: delete the bad kubelet-client-*.pem, restore a bootstrap kubeconfig (`kubeadm token create`, then `kubeadm join phase kubelet-start`) and restart the kubelet; or issue one by hand with CN=system:node:<node> and O=system:nodes.",
      };
    },
  };
}

/**
 * RKE1 gives every node one certificate, CN system:node in O system:nodes, and binds that group to
 * the ClusterRole system:node (rancher/rke templates/authz.go): by design, so information, not a
 * fault — but the Node authorizer and NodeRestriction cannot confine a node to its own objects.
 */
export function sharedNodeRule(): IdentityRule {
  return {
    authority: "RKE's binding of system:nodes to ClusterRole system:node",
    check: (cn, orgs) => {
      if (cn !== "system:node" || !orgs.includes("system:nodes")) return nodeRule(undefined).check(cn, orgs);
      return {
        severity: "info",
        problem:
          'every node presents the same identity, CN "system:node" in group "system:nodes" (RKE\'s design): the Node authorizer and NodeRestriction do not recognise it, so nothing confines a node to its own Node, Pods and Secrets, and one node\'s kube-node.pem acts for all of them',
        fix: "By design in RKE1; to confine nodes, migrate to RKE2, whose kubelets each have system:node:<name> certificates.",
      };
    },
  };
}

/** Admin kubeconfigs: the group that makes them cluster-admin at this version. */
export function adminRule(minor: number | undefined, superAdmin: boolean): IdentityRule {
  const groups = adminGroupsFor(minor, superAdmin);
  const file = superAdmin ? "super-admin.conf" : "admin.conf";
  return {
    authority: minor === undefined ? "RBAC (version unknown)" : `RBAC in Kubernetes 1.${minor}`,
    check: (_cn, orgs) => {
      const bad = malformed(orgs);
      if (bad) {
        return {
          severity: "error",
          problem: `its O contains "${bad}" with stray punctuation or whitespace, which matches no group binding`,
          fix: `Reissue it with O=${groups[0]}: \`kubeadm certs renew ${file}\` (or \`-subj "/O=${groups[0]}/CN=…"\` with openssl).`,
        };
      }
      if (orgs.some((o) => groups.includes(o))) return undefined;
      if (!superAdmin && orgs.includes("system:masters")) {
        // system:masters still works (it bypasses RBAC); the fault is that it cannot be revoked.
        return {
          severity: "warning",
          problem: `it is still in "system:masters", which bypasses RBAC and cannot be revoked by deleting a binding; since 1.29 kubeadm writes admin.conf in "kubeadm:cluster-admins" and keeps system:masters for the break-glass super-admin.conf`,
          fix: "Renew it with kubeadm ≥1.29 (`kubeadm certs renew admin.conf`), which reissues it in kubeadm:cluster-admins, and keep super-admin.conf off everyday machines.",
        };
      }
      return {
        severity: "warning",
        problem: `its O (groups) is ${orgs.length ? orgs.map((o) => `"${o}"`).join(", ") : "empty"}, none of ${groups.map((g) => `"${g}"`).join(" or ")} — kubectl gets Forbidden unless a ClusterRoleBinding grants this user`,
        fix: `Reissue it: \`kubeadm certs renew ${file}\` (kubeadm ≥1.29 uses O=kubeadm:cluster-admins for admin.conf, system:masters for super-admin.conf).`,
      };
    },
  };
}

/** apiserver → kubelet: the kubelet's webhook authorizer must allow nodes/proxy for this identity. */
export function kubeletApiRule(minor: number | undefined): IdentityRule {
  const groups = kubeletApiGroupsFor(minor);
  return {
    authority: "the kubelet's Webhook authorizer (SubjectAccessReview on nodes/proxy)",
    check: (cn, orgs) => {
      const bad = malformed(orgs);
      if (bad) {
        return {
          severity: "error",
          problem: `its O contains "${bad}" with stray punctuation or whitespace, so no group binding matches: \`kubectl logs/exec\` fail with Forbidden (user=${cn ?? "?"}, resource=nodes, subresource=proxy)`,
          fix: "Reissue it: `kubeadm certs renew apiserver-kubelet-client`, then restart kube-apiserver.",
        };
      }
      if (orgs.some((o) => groups.includes(o))) return undefined;
      return {
        severity: "warning",
        problem: `its O (groups) is ${orgs.length ? orgs.map((o) => `"${o}"`).join(", ") : "empty"}, none of ${groups.map((g) => `"${g}"`).join(", ")} — \`kubectl logs/exec\` are Forbidden unless a ClusterRoleBinding gives user "${cn ?? "?"}" the system:kubelet-api-admin role`,
        fix: "Reissue it: `kubeadm certs renew apiserver-kubelet-client`, or bind the user to ClusterRole system:kubelet-api-admin.",
      };
    },
  };
}

/** Front proxy: CN must be in --requestheader-allowed-names (an empty list entry rejects all). */
export function allowedNamesRule(allowed: string[]): IdentityRule {
  return {
    authority: "--requestheader-allowed-names",
    check: (cn) =>
      allowed.length === 0 || (cn !== undefined && allowed.includes(cn))
        ? undefined
        : {
            severity: "error",
            problem: `its CN "${cn ?? ""}" is not in --requestheader-allowed-names=${allowed.join(",")} — aggregated APIs reject every proxied request ("x509: subject with cn=${cn ?? ""} is not in the allowed list")`,
            fix: `Set --requestheader-allowed-names=${cn ?? "front-proxy-client"} on kube-apiserver, or reissue the proxy client certificate with an allowed CN (\`kubeadm certs renew front-proxy-client\`).`,
          },
  };
}
