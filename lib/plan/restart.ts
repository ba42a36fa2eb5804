/**
 * What to restart after a certificate is replaced. Components read their certificates at start,
 * so a renewed file changes nothing until whoever *presents* the certificate restarts: kubeadm's
 * control plane runs as static pods (the kubelet restarts one when its manifest leaves
 * /etc/kubernetes/manifests and comes back — kubectl cannot delete them), the kubelet is a systemd
 * service, and kubectl reads admin.conf only through a copy in ~/.kube/config.
 */
import type { Report, ReportCertificate, ReportComponent } from "../report";

/** One thing to do after the renewal. */
export interface Restart {
  /** For people, as an instruction: "restart kube-apiserver (static pod)", "restart the kubelet on cp-1". */
  what: string;
  /** The shell command, when there is one to give. */
  command?: string;
  /** Run order among restarts: etcd before kube-apiserver before its clients. */
  rank: number;
}

/** kubeadm's static-pod folder and how long the kubelet takes to notice a change (fileCheckFrequency). */
const MANIFESTS = "/etc/kubernetes/manifests";
const STATIC_POD_PAUSE_SECONDS = 20;

const STATIC_PODS: Record<string, { rank: number; manifest: string }> = {
  etcd: { rank: 0, manifest: "etcd.yaml" },
  "kube-apiserver": { rank: 1, manifest: "kube-apiserver.yaml" },
  "kube-controller-manager": { rank: 2, manifest: "kube-controller-manager.yaml" },
  "kube-scheduler": { rank: 3, manifest: "kube-scheduler.yaml" },
};

/** The command that restarts one kubeadm static pod: manifest out, wait for the kubelet, manifest back. */
export function staticPodRestartCommand(manifest: string): string {
  return `mv ${MANIFESTS}/${manifest} /etc/kubernetes/ && sleep ${STATIC_POD_PAUSE_SECONDS} && mv /etc/kubernetes/${manifest} ${MANIFESTS}/`;
}

/** The components that present `certificate` to someone (client or server end of a relationship). */
export function presentingComponents(report: Report, certificate: ReportCertificate): ReportComponent[] {
  const ids = new Set<string>();
  for (const relationship of report.relationships) {
    if (relationship.clientEnd.presents?.certificateId === certificate.id) ids.add(relationship.client);
    if (relationship.serverEnd.presents?.certificateId === certificate.id) ids.add(relationship.server);
  }
  return report.components.filter((component) => ids.has(component.id));
}

/**
 * The restarts after replacing `certificate`: each component that presents it. `kubeadm` says the
 * node is kubeadm's, so control-plane components are static pods even when no manifest was in the
 * input; otherwise only a manifest in the input makes them so, and a component that runs some other
 * way is named without a command.
 */
export function restartsFor(report: Report, certificate: ReportCertificate, kubeadm: boolean): Restart[] {
  return presentingComponents(report, certificate).flatMap((component) => restartOf(component, kubeadm));
}

/** The kubelet's restart; its certificates are read once at start. */
export function kubeletRestart(node: string | undefined): Restart {
  return {
    what: node ? `restart the kubelet on ${node}` : "restart the kubelet",
    command: "systemctl restart kubelet",
    rank: 4,
  };
}

function restartOf(component: ReportComponent, kubeadm: boolean): Restart[] {
  const pod = STATIC_PODS[component.kind];
  if (pod) {
    const manifest = component.sources.some((source) => source.endsWith(`manifests/${pod.manifest}`));
    return manifest || kubeadm
      ? [
          {
            what: `restart ${component.name} (static pod)`,
            command: staticPodRestartCommand(pod.manifest),
            rank: pod.rank,
          },
        ]
      : [{ what: `restart ${component.name}`, rank: pod.rank }];
  }
  switch (component.kind) {
    case "kubelet":
      return [kubeletRestart(component.node)];
    case "kube-proxy":
      return [{ what: "restart kube-proxy", rank: 5 }];
    case "admin":
      // Nothing restarts for kubectl; it reads admin.conf only through the copy in ~/.kube/config.
      return kubeadm && component.sources.some((source) => /(^|\/)admin\.conf$/.test(source))
        ? [
            {
              what: "copy admin.conf to ~/.kube/config for kubectl",
              command: "cp -i /etc/kubernetes/admin.conf $HOME/.kube/config",
              rank: 6,
            },
          ]
        : [];
    default:
      // Aggregated APIs, etcdctl, other API clients: they verify or run per request, nothing to restart.
      return [];
  }
}
