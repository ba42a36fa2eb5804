/**
 * Which kind of cluster the files come from, and why we think so. Each layout is recognised by the
 * paths its installer writes and the names it gives its CAs (k3s's `k3s-client-ca@<unix>`,
 * minikube's `minikubeCA`, kubespray's `/etc/ssl/etcd/ssl/member-<host>.pem`, …), checked against
 * each project's source. A drop with no Kubernetes evidence at all is `generic-mtls`: then no
 * Kubernetes role is assigned to anything, because a `server.crt` for localhost is not an etcd member.
 */
import type { CertificateRecord, Inventory } from "../inventory";
import type { LayoutName, ReportLayout } from "../report";

interface Clue {
  layout: LayoutName;
  /** Why: the path or name that gave it away. */
  because: string;
  /**
   * Found in a kubeconfig's cluster or user entry: a kubeconfig travels from machine to machine and
   * says which cluster it talks to, not what the node that holds it is.
   */
  portable?: boolean;
}

const PATH_CLUES: [RegExp, LayoutName, string][] = [
  [/(^|\/)var\/lib\/rancher\/k3s\//, "k3s", "k3s data dir /var/lib/rancher/k3s"],
  [/(^|\/)etc\/rancher\/k3s\//, "k3s", "k3s config /etc/rancher/k3s"],
  [/(^|\/)var\/lib\/rancher\/rke2\//, "rke2", "RKE2 data dir /var/lib/rancher/rke2"],
  [/(^|\/)etc\/rancher\/rke2\//, "rke2", "RKE2 config /etc/rancher/rke2"],
  [/(^|\/)var\/snap\/microk8s\//, "microk8s", "MicroK8s snap data /var/snap/microk8s"],
  [/(^|\/)var\/snap\/microk8s\/[^/]+\/args\/kubelite$/, "microk8s", "MicroK8s kubelite args"],
  [/(^|\/)var\/snap\/microk8s\/[^/]+\/certs\/csr\.conf\.template$/, "microk8s", "MicroK8s csr.conf.template"],
  [
    /(^|\/)var\/snap\/microk8s\/[^/]+\/credentials\/[a-z]+\.config$/,
    "microk8s",
    "MicroK8s credentials/*.config",
  ],
  [
    /(^|\/)etc\/kubernetes\/static-pod-resources\/(kube-apiserver|kube-controller-manager|kube-scheduler|etcd)-(certs|pod-\d+)\//,
    "openshift",
    "OpenShift static-pod resources /etc/kubernetes/static-pod-resources/<component>-{certs,pod-N}",
  ],
  [
    /(^|\/)etc\/kubernetes\/kubelet-ca\.crt$/,
    "openshift",
    "OpenShift's kubelet client CA /etc/kubernetes/kubelet-ca.crt",
  ],
  [/(^|\/)var\/lib\/k0s\/pki\//, "k0s", "k0s certificates /var/lib/k0s/pki"],
  [/(^|\/)var\/lib\/k0s\/kubelet\.conf$/, "k0s", "k0s kubelet kubeconfig /var/lib/k0s/kubelet.conf"],
  [/(^|\/)etc\/k0s\/k0s\.ya?ml$/, "k0s", "k0s config /etc/k0s/k0s.yaml"],
  [/(^|\/)\.minikube\//, "minikube", "minikube home ~/.minikube"],
  [/(^|\/)var\/lib\/minikube\/certs\//, "minikube", "minikube certificates dir /var/lib/minikube/certs"],
  [/(^|\/)etc\/ssl\/etcd\/ssl\//, "kubespray", "kubespray etcd certificates /etc/ssl/etcd/ssl"],
  [
    /(^|\/)etc\/kubernetes\/ssl\/(ca|apiserver|front-proxy-ca)\.(crt|key)$/,
    "kubespray",
    "kubespray certificates dir /etc/kubernetes/ssl",
  ],
  [/(^|\/)etc\/kubernetes\/ssl\/kube-ca\.pem$/, "rke1", "RKE's cluster CA /etc/kubernetes/ssl/kube-ca.pem"],
  [
    /(^|\/)etc\/kubernetes\/ssl\/kubecfg-kube-[a-z-]+\.yaml$/,
    "rke1",
    "RKE's kubeconfigs kubecfg-kube-*.yaml",
  ],
  [
    /(^|\/)etc\/kubernetes\/ssl\/kube-etcd-[0-9a-f-]+\.pem$/,
    "rke1",
    "RKE's etcd certificates kube-etcd-<address>.pem",
  ],
  [/(^|\/)kube_config_[^/]+\.ya?ml$/, "rke1", "RKE's kube_config_<cluster>.yml"],
  [/(^|\/)[^/]+\.rkestate$/, "rke1", "RKE's cluster state <cluster>.rkestate"],
  [/(^|\/)etc\/etcd\.env$/, "kubespray", "kubespray etcd environment /etc/etcd.env"],
  [/(^|\/)etc\/kubernetes\/kubelet\/kubelet-config\.json$/, "eks", "EKS kubelet config kubelet-config.json"],
  [/(^|\/)etc\/eks\//, "eks", "EKS bootstrap files /etc/eks"],
  [/(^|\/)etc\/k8s\/[^/]+\//, "vault-hard-way", "per-service folders /etc/k8s/<service>"],
  [/(^|\/)var\/lib\/kubernetes\//, "hard-way", "Kubernetes the Hard Way's /var/lib/kubernetes"],
  [/(^|\/)ca\.conf$/, "hard-way", "openssl ca.conf"],
  [/(^|\/)(kube-apiserver|etcd|kubelet|kube-controller-manager)\.service$/, "hard-way", "systemd units"],
  [/(^|\/)etc\/kubernetes\/(pki|manifests)\//, "kubeadm", "kubeadm's /etc/kubernetes/pki"],
  [/(^|\/)(admin|super-admin|controller-manager|scheduler)\.conf$/, "kubeadm", "kubeadm kubeconfigs"],
  [/(^|\/)var\/lib\/kubelet\/kubeadm-flags\.env$/, "kubeadm", "kubeadm-flags.env"],
];

const CA_NAME_CLUES: [RegExp, LayoutName, string][] = [
  [/^k3s-(client|server|request-header)-ca@\d+$/, "k3s", "k3s CA names (k3s-client-ca@…)"],
  [/^rke2-(client|server|request-header)-ca@\d+$/, "rke2", "RKE2 CA names (rke2-client-ca@…)"],
  [/^minikubeCA$/, "minikube", "minikube's CA (CN minikubeCA)"],
  [/^kubernetes-ca$|^kubernetes-front-proxy-ca$/, "k0s", "k0s CA names (kubernetes-ca)"],
  [
    /^openshift-[a-z0-9-]+_[a-z0-9-]+@\d+$/,
    "openshift",
    "OpenShift operators' signer names (<namespace>_<signer>@<unix>)",
  ],
  [/^etcd-ca$|^front-proxy-ca$/, "kubeadm", "kubeadm CA names"],
  [/^kube-ca$|^kube-apiserver-requestheader-ca$/, "rke1", "RKE's CA names (kube-ca)"],
];

/** Kubernetes names in certificates: enough to say the files belong to a cluster. */
function kubernetesIdentity(cert: CertificateRecord): boolean {
  const cn = cert.subjectCN ?? "";
  return (
    /^system:/.test(cn) ||
    /^kube-|^kubernetes(-admin)?$/.test(cn) ||
    cert.subjectO.some((o) => /^system:|^kubeadm:/.test(o)) ||
    cert.dnsNames.some((name) => /^kubernetes(\.default(\.svc)?)?($|\.)/.test(name))
  );
}

/** Kubeadm's file names in a bare `pki/` copy: `apiserver.crt`, `etcd/peer.crt`, `sa.key`, … */
const KUBEADM_FILE =
  /(^|\/)(apiserver(-etcd-client|-kubelet-client)?\.(crt|key)|front-proxy-(ca|client)\.(crt|key)|sa\.(key|pub)|etcd\/(ca|server|peer|healthcheck-client)\.(crt|key)|kubelet-client-current\.pem)$/;

function collectClues(inventory: Inventory): Clue[] {
  const clues: Clue[] = [];
  const seen = new Set<string>();
  const add = (layout: LayoutName, because: string, portable = false) => {
    const key = `${layout} ${because}`;
    if (seen.has(key)) return;
    seen.add(key);
    clues.push({ layout, because, ...(portable ? { portable } : {}) });
  };
  for (const path of inventory.paths) {
    for (const [pattern, layout, because] of PATH_CLUES) if (pattern.test(path)) add(layout, because);
    if (KUBEADM_FILE.test(path)) add("kubeadm", "kubeadm file names");
  }
  for (const cert of inventory.certificates) {
    if (!cert.isCA) continue;
    for (const [pattern, layout, because] of CA_NAME_CLUES) {
      if (pattern.test(cert.subjectCN ?? "")) add(layout, because);
    }
  }
  for (const kc of inventory.kubeconfigs) {
    if (kc.clusters.some((c) => /\.eks\.amazonaws\.com(:\d+)?$/.test(c.server ?? "")))
      add("eks", "an EKS API endpoint (*.eks.amazonaws.com)", true);
    if (kc.users.some((u) => u.exec && /aws(-iam-authenticator)?$/.test(u.exec.command)))
      add("eks", "an AWS token exec plugin", true);
    if (kc.clusters.some((c) => /^kind-/.test(c.name) || /kind-external-load-balancer/.test(c.server ?? "")))
      add("kind", "kind cluster names", true);
  }
  const talosNames: Record<string, string> = {
    "machine-config": "a Talos machine config (version v1alpha1, machine/cluster)",
    secrets: "a Talos secrets bundle (talosctl gen secrets)",
    talosconfig: "a talosconfig (contexts with ca/crt/key)",
  };
  for (const file of inventory.talosFiles ?? []) add("talos", talosNames[file.kind] ?? file.kind);
  if (
    inventory.talosFiles?.length &&
    inventory.certificates.some((c) => c.isCA && c.subjectO.includes("talos"))
  )
    add("talos", "Talos's OS CA (O=talos)");
  for (const cert of inventory.certificates) {
    if (
      [...cert.dnsNames, cert.subjectCN ?? ""].some((n) =>
        /^kind-(control-plane|external-load-balancer)/.test(n),
      )
    )
      add("kind", "kind node names");
  }
  return clues;
}

/** Any configuration or identity that only Kubernetes uses. */
function kubernetesEvidence(inventory: Inventory, clues: Clue[]): string | undefined {
  if (clues.length > 0) return clues[0]?.because;
  if (inventory.kubeconfigs.length > 0) return "kubeconfig files";
  if (inventory.manifests.length > 0) return "static-pod manifests";
  if (inventory.kubeletConfigs.length > 0 || inventory.kubeadmFlags.length > 0)
    return "kubelet configuration";
  if (inventory.kubeadmConfigs.length > 0) return "kubeadm configuration";
  if (inventory.encryptionConfigs.length > 0) return "an EncryptionConfiguration";
  const named = inventory.certificates.find(kubernetesIdentity);
  return named ? `Kubernetes identities in certificates (${named.subjectCN ?? named.subject})` : undefined;
}

/** Distributions built on kubeadm name themselves over plain kubeadm; more specific first. */
const PRECEDENCE: LayoutName[] = [
  // RKE2 is built on k3s and shares its etcd CA names: its own paths and names decide.
  "openshift",
  "rke2",
  "k3s",
  "microk8s",
  "k0s",
  "minikube",
  "kind",
  "rke1",
  "kubespray",
  "eks",
  "talos",
  "vault-hard-way",
  "hard-way",
  "kubeadm",
];

/** Layouts that run kubeadm underneath: kubeadm's own signs count for them too. */
const ON_KUBEADM = new Set<LayoutName>(["kind", "kubespray", "minikube"]);

/** Signs needed before an installer's fixed layout is taken as fact (one sign may be a coincidence). */
const SIGNS_NEEDED = 2;

export const UNRECOGNISED_NOTE =
  "layout not recognised: certificates, chains, key pairs and expiry are judged; a component's role is assigned only where configuration names its files";

/** The note of an unrecognised drop in which no configuration names any component's files. */
export const UNWIRED_NOTE =
  "layout not recognised: certificates, chains, key pairs and expiry are judged; component roles are not assigned";

/**
 * Name the layout of a drop from its paths, CA names and kubeconfigs. The first layout in
 * precedence order with a clue wins (kubespray and kind run kubeadm underneath); the others with
 * clues are listed in `also`. Without any clue but with Kubernetes configuration or identities the
 * layout is `kubernetes` (hand-made); with none but certificates or keys, `generic-mtls`; with
 * nothing at all, `none`. A layout is `recognised` only from two independent signs or more: only
 * then are its fixed paths taken as fact.
 */
export function detectLayout(inventory: Inventory): ReportLayout {
  const clues = collectClues(inventory);
  const evidence = kubernetesEvidence(inventory, clues);
  if (
    !evidence &&
    inventory.certificates.length + inventory.privateKeys.length + inventory.publicKeys.length === 0
  ) {
    return {
      name: "none",
      evidence: ["no certificates, keys or Kubernetes configuration in the input"],
      recognised: false,
    };
  }
  if (!evidence) {
    return {
      name: "generic-mtls",
      evidence: ["no Kubernetes configuration, file names or identities: CAs, chains and key pairs only"],
      recognised: false,
    };
  }
  const all = PRECEDENCE.filter((layout) => clues.some((c) => c.layout === layout));
  // A layout known only from kubeconfigs names the node only when nothing on the node names another.
  const onNode = all.filter((layout) => clues.some((c) => c.layout === layout && !c.portable));
  const found = onNode.length > 0 ? [...onNode, ...all.filter((l) => !onNode.includes(l))] : all;
  const name = found[0] ?? "kubernetes";
  const because = clues.filter((c) => c.layout === name).map((c) => c.because);
  const signsOf = (layout: LayoutName) =>
    new Set([
      ...clues.filter((c) => c.layout === layout).map((c) => c.because),
      ...(ON_KUBEADM.has(layout) ? clues.filter((c) => c.layout === "kubeadm").map((c) => c.because) : []),
    ]).size;
  const also = found.slice(1);
  const recognised = name !== "kubernetes" && signsOf(name) >= SIGNS_NEEDED;
  const conventions = found.filter((layout) => signsOf(layout) >= SIGNS_NEEDED);
  // kind, kubespray and minikube lay out what kubeadm wrote as kubeadm does.
  if (conventions.some((layout) => ON_KUBEADM.has(layout)) && !conventions.includes("kubeadm"))
    conventions.push("kubeadm");
  return {
    name,
    evidence: because.length > 0 ? because : [evidence],
    ...(also.length > 0 ? { also } : {}),
    recognised,
    ...(conventions.length > 0 ? { conventions } : {}),
    ...(recognised
      ? {}
      : {
          note:
            name === "kubernetes"
              ? UNRECOGNISED_NOTE
              : `${UNRECOGNISED_NOTE} (one sign of ${name} only: ${because.join(", ")})`,
        }),
  };
}
