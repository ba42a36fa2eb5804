/**
 * Which component a kubeconfig belongs to. Declared wiring first (the controller-manager's and
 * scheduler's `--kubeconfig`), kubeadm's file names second, the client certificate's identity third,
 * the file name's words last — so `cred/controller.kubeconfig` (k3s) or a Vault-issued
 * `kcm.kubeconfig` still lands on the right edge.
 */
import type { KubeconfigRecord } from "../inventory";
import type { CredentialResolver } from "./credentials";
import { flagValue } from "./flags";
import { hostPathOf } from "../ingest/container-path";
import type { ComponentConfig, RoleEvidence } from "./model";

export type KubeconfigRole =
  | "kube-controller-manager"
  | "kube-scheduler"
  | "kubelet"
  | "kubelet-bootstrap"
  | "admin"
  | "super-admin"
  | "cluster-admin"
  | "kube-proxy"
  | "user"
  /** A kubeconfig the installer writes and no component reads (RKE's kubecfg-kube-apiserver-*.yaml). */
  | "unused";

const BY_FILE_NAME: [RegExp, KubeconfigRole][] = [
  [/(^|\/)super-admin\.conf$/, "super-admin"],
  [/(^|\/)admin\.conf$/, "admin"],
  [/(^|\/)bootstrap-kubelet\.conf$/, "kubelet-bootstrap"],
  [/(^|\/)kubelet\.conf$/, "kubelet"],
  [/(^|\/)controller-manager\.conf$/, "kube-controller-manager"],
  [/(^|\/)scheduler\.conf$/, "kube-scheduler"],
];

/**
 * RKE1's kubeconfigs, one per certificate, all in /etc/kubernetes/ssl (rancher/rke pki/util.go
 * GetConfigPath); those of the front proxy and of the request-header CA are written but no component
 * reads them (cluster/plan.go passes the .pem files instead).
 */
const RKE1_FILE_NAME: [RegExp, KubeconfigRole][] = [
  [/(^|\/)kubecfg-kube-node\.yaml$/, "kubelet"],
  [/(^|\/)kubecfg-kube-proxy\.yaml$/, "kube-proxy"],
  [/(^|\/)kubecfg-kube-controller-manager\.yaml$/, "kube-controller-manager"],
  [/(^|\/)kubecfg-kube-scheduler\.yaml$/, "kube-scheduler"],
  [/(^|\/)kubecfg-kube-apiserver-(proxy-client|requestheader-ca)\.yaml$/, "unused"],
];

/**
 * A MicroK8s worker keeps the credentials of the control plane it was installed with; only the
 * kubelet's and kube-proxy's are read (their args name them, so they are claimed first).
 */
function microk8sIdle(path: string, workers: readonly string[] | undefined): string | undefined {
  const dir = workers?.find((worker) => path.startsWith(`${worker}/credentials/`));
  return dir
    ? `${dir}/args/kubelite says --start-control-plane=false: no component of this MicroK8s worker reads it`
    : undefined;
}

const BY_WORD: [RegExp, KubeconfigRole][] = [
  [/bootstrap/, "kubelet-bootstrap"],
  [/controller/, "kube-controller-manager"],
  [/scheduler/, "kube-scheduler"],
  [/proxy/, "kube-proxy"],
  [/kubelet|node/, "kubelet"],
  [/admin/, "admin"],
];

/**
 * k3s and RKE2 run their own controllers and supervisor as API clients (pkg/daemons/control/deps/
 * deps.go: system:k3s-controller, k3s-cloud-controller-manager, system:k3s-supervisor, and the
 * apiserver's own system:apiserver); they are neither kube-controller-manager nor a person's kubectl.
 */
export const DISTRIBUTION_CLIENT =
  /^(system:(k3s|rke2)-(controller|supervisor)|(k3s|rke2)-cloud-controller-manager|system:apiserver)$/;

function roleByIdentity(cn: string | undefined, orgs: string[]): KubeconfigRole | undefined {
  if (cn && DISTRIBUTION_CLIENT.test(cn)) return "user";
  if (cn === "system:kube-controller-manager") return "kube-controller-manager";
  if (cn === "system:kube-scheduler") return "kube-scheduler";
  if (cn === "system:kube-proxy") return "kube-proxy";
  if (cn?.startsWith("system:node:") || orgs.includes("system:nodes")) return "kubelet";
  // An admin credential not written by kubeadm (k3s.yaml, minikube's ~/.kube/config): kubeadm's
  // group rules for admin.conf do not apply to it.
  if (orgs.includes("system:masters") || orgs.includes("kubeadm:cluster-admins")) return "cluster-admin";
  return undefined;
}

/**
 * Assign every kubeconfig a role. `origins`, when given, receives why each role was given: a flag
 * that names the file (configured), kubeadm's file name (convention), the client certificate's
 * identity or a bootstrap token (configured: what the apiserver itself goes by), a word in the file
 * name (guess).
 */
export function assignKubeconfigRoles(
  kubeconfigs: KubeconfigRecord[],
  resolver: CredentialResolver,
  configs: { controllerManager: ComponentConfig; scheduler: ComponentConfig },
  origins?: Map<KubeconfigRecord, RoleEvidence>,
): Map<KubeconfigRecord, KubeconfigRole> {
  const roles = new Map<KubeconfigRecord, KubeconfigRole>();
  const declaredBy = new Map<string, string>();
  const declared: [ComponentConfig, KubeconfigRole][] = [
    [configs.controllerManager, "kube-controller-manager"],
    [configs.scheduler, "kube-scheduler"],
  ];
  const declaredPaths = new Map<string, KubeconfigRole>();
  for (const [cfg, role] of declared) {
    const value = flagValue(cfg.flags, "kubeconfig");
    // A static pod names the file as its container sees it (OpenShift's mounted folders).
    const path = value
      ? resolver.files.resolve(hostPathOf(value, cfg.manifest?.mounts), cfg.source)
      : undefined;
    if (!path) continue;
    declaredPaths.set(path, role);
    if (cfg.origin !== "convention")
      declaredBy.set(path, `--kubeconfig of ${cfg.kind} in ${cfg.source ?? "?"}`);
  }
  // The kubelet's own flags (a unit, kubeadm-flags.env, /etc/default/kubelet) name its kubeconfigs:
  // EKS's /var/lib/kubelet/kubeconfig is the kubelet's, whatever its name says.
  for (const record of resolver.inventory.kubeadmFlags) {
    for (const [flag, role] of [
      ["kubeconfig", "kubelet"],
      ["bootstrap-kubeconfig", "kubelet-bootstrap"],
    ] as const) {
      const value = flagValue(record.flags, flag);
      const path = value ? resolver.files.resolve(value, record.source.path) : undefined;
      if (path && !declaredPaths.has(path)) {
        declaredPaths.set(path, role);
        declaredBy.set(path, `--${flag} of the kubelet in ${record.source.path}`);
      }
    }
  }
  for (const kc of kubeconfigs) {
    const path = kc.source.path;
    const user = resolver.currentUser(kc);
    const cert = user?.clientCertificateIds[0] ? resolver.cert(user.clientCertificateIds[0]) : undefined;
    const identity = roleByIdentity(cert?.subjectCN ?? user?.name, cert?.subjectO ?? []);
    const rke1 = RKE1_FILE_NAME.find(([pattern]) => pattern.test(path))?.[1];
    const idleWorker = microk8sIdle(path, resolver.inventory.microk8sWorkers);
    const byName = BY_FILE_NAME.find(([pattern]) => pattern.test(path))?.[1];
    const byWord = BY_WORD.find(([pattern]) => pattern.test(path.split("/").pop() ?? ""))?.[1];
    const declared = declaredPaths.get(path);
    const name = path.split("/").pop() ?? path;
    const [role, origin]: [KubeconfigRole, RoleEvidence] = declared
      ? [
          declared,
          declaredBy.has(path)
            ? { source: "configured", from: declaredBy.get(path) ?? "" }
            : { source: "convention", from: `kubeadm's ${name}` },
        ]
      : idleWorker
        ? ["unused", { source: "configured", from: idleWorker }]
        : rke1
          ? [rke1, { source: "convention", from: `RKE's file name ${name}` }]
          : identity === "user"
            ? [
                identity,
                { source: "configured", from: `its client certificate is ${cert?.subjectCN ?? "?"}` },
              ]
            : byName
              ? [byName, { source: "convention", from: `kubeadm's file name ${name}` }]
              : user?.bootstrapTokenId
                ? [
                    "kubelet-bootstrap",
                    { source: "configured", from: "it authenticates with a bootstrap token" },
                  ]
                : identity
                  ? [
                      identity,
                      {
                        source: "configured",
                        from: `its client certificate is ${cert?.subjectCN ?? user?.name ?? "?"}${cert?.subjectO.length ? ` (O ${cert.subjectO.join(", ")})` : ""}`,
                      },
                    ]
                  : byWord
                    ? [byWord, { source: "guess", from: `a word in its file name (${name})` }]
                    : [
                        "user",
                        {
                          source: "configured",
                          from: "a kubeconfig no component claims: a person's or a tool's",
                        },
                      ];
    origins?.set(kc, origin);
    roles.set(kc, role);
  }
  return roles;
}
