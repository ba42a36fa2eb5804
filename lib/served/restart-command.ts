/**
 * How to make a running component load the certificate on its disk, by how the layout runs it:
 * kubeadm's static pods restart when their manifest leaves /etc/kubernetes/manifests and comes
 * back (kubeadm's "certs renew … restart the control plane Pods", k8s-pki-spec §7.2), a systemd
 * unit restarts with systemctl, k3s and RKE2 run every component inside one service
 * (`k3s`/`k3s-agent`, `rke2-server`/`rke2-agent`).
 */
import type { ClusterModel, ComponentConfig } from "../cluster/model";
import { staticPodRestartCommand } from "../plan/restart";

const MANIFESTS: Record<string, string> = {
  etcd: "etcd.yaml",
  "kube-apiserver": "kube-apiserver.yaml",
  "kube-controller-manager": "kube-controller-manager.yaml",
  "kube-scheduler": "kube-scheduler.yaml",
};

function configOf(model: ClusterModel, component: string): ComponentConfig | undefined {
  switch (component) {
    case "kube-apiserver":
      return model.apiserver;
    case "etcd":
      return model.etcd;
    case "kube-controller-manager":
      return model.controllerManager;
    case "kube-scheduler":
      return model.scheduler;
    default:
      return undefined;
  }
}

/** The unit a systemd-run component's configuration came from (`etcd.service`), when known. */
function unitOf(config: ComponentConfig): string | undefined {
  const source = config.source ?? "";
  const match = /([A-Za-z0-9@_.-]{1,100}\.service)(?:\.d\/[^/]{1,200})?$/.exec(source);
  return match?.[1];
}

/**
 * The command that restarts `component` (a component id: `kube-apiserver`, `etcd`, `kubelet:cp-1`)
 * on its node, with the words naming how it runs; undefined when nothing says how it runs.
 */
export function restartCommand(
  model: ClusterModel,
  component: string,
): { how: string; command: string } | undefined {
  const layout = model.layout.name;
  const kubelet = component.startsWith("kubelet");
  // A drop without a control plane (an agent's folder) leaves the control-plane relationships out.
  const server = model.apiserver !== undefined && !model.apiserver.absent && model.notInDrop === undefined;
  if (layout === "k3s") {
    const unit = kubelet && !server ? "k3s-agent" : "k3s";
    return { how: `k3s runs it inside the ${unit} service`, command: `systemctl restart ${unit}` };
  }
  if (layout === "rke2") {
    if (kubelet && !server)
      return { how: "RKE2 runs it under the rke2-agent service", command: "systemctl restart rke2-agent" };
    return { how: "RKE2 runs it under the rke2-server service", command: "systemctl restart rke2-server" };
  }
  if (kubelet) return { how: "the kubelet is a systemd service", command: "systemctl restart kubelet" };
  const config = configOf(model, component);
  const manifest = MANIFESTS[component];
  if (!config || !manifest) return undefined;
  const kubeadmish = (model.layout.conventions ?? []).includes("kubeadm") || layout === "kubeadm";
  if (config.origin === "manifest" || (config.origin === "convention" && kubeadmish))
    return {
      how: `${component} is a static pod, which kubectl cannot delete: the kubelet restarts it when its manifest leaves /etc/kubernetes/manifests and comes back`,
      command: staticPodRestartCommand(manifest),
    };
  const unit = config.origin === "systemd" ? unitOf(config) : undefined;
  return unit
    ? { how: `${component} runs as the systemd unit ${unit}`, command: `systemctl restart ${unit}` }
    : undefined;
}
