/**
 * kubeadm's configuration (InitConfiguration, ClusterConfiguration, JoinConfiguration — usually
 * several documents in one file, or the `kubeadm-config` ConfigMap from kube-system): the node
 * name, advertise address, SANs and service subnet that the serving certificates must match.
 */
import { parseYamlDocuments } from "./parse-yaml-documents";
import type { KubeadmConfigRecord } from "../inventory";
import { mapAt, numberAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";
import { pushAll } from "../shared/collections";

const KINDS = new Set(["InitConfiguration", "ClusterConfiguration", "JoinConfiguration"]);

/** True for a kubeadm.k8s.io Init/Cluster/JoinConfiguration document. */
export function isKubeadmConfig(doc: YamlMap): boolean {
  return (
    typeof doc.kind === "string" &&
    KINDS.has(doc.kind) &&
    String(doc.apiVersion ?? "").startsWith("kubeadm.k8s.io/")
  );
}

/**
 * The configuration documents inside `kubectl get cm kubeadm-config -o yaml` (their YAML is
 * stored as strings under `data`); empty for any other document.
 */
export function kubeadmConfigMapDocuments(doc: YamlMap): YamlMap[] {
  if (doc.kind !== "ConfigMap" || stringAt(mapAt(doc, "metadata"), "name") !== "kubeadm-config") return [];
  const out: YamlMap[] = [];
  for (const value of Object.values(mapAt(doc, "data") ?? {})) {
    if (typeof value !== "string") continue;
    const docs = parseYamlDocuments(value);
    if (!docs.ok) continue;
    for (const inner of docs.value) {
      const map = mapAt(inner);
      if (map && (isKubeadmConfig(map) || (typeof map.kind === "string" && KINDS.has(map.kind))))
        out.push(map);
    }
  }
  return out;
}

type Fields = Omit<KubeadmConfigRecord, "source">;

/** Merge kubeadm documents of one file into one record; later documents fill what earlier lacked. */
export function readKubeadmConfig(docs: readonly YamlMap[]): Fields {
  const out: Fields = { certSANs: [] };
  const set = <K extends keyof Fields>(key: K, value: Fields[K] | undefined) => {
    if (value !== undefined && out[key] === undefined) out[key] = value;
  };
  for (const doc of docs) {
    const endpoint = mapAt(doc, "localAPIEndpoint") ?? mapAt(doc, "controlPlane", "localAPIEndpoint");
    set("nodeName", stringAt(mapAt(doc, "nodeRegistration"), "name"));
    set("advertiseAddress", stringAt(endpoint, "advertiseAddress"));
    set("bindPort", numberAt(endpoint, "bindPort"));
    set("kubernetesVersion", stringAt(doc, "kubernetesVersion"));
    set("controlPlaneEndpoint", stringAt(doc, "controlPlaneEndpoint"));
    set("serviceSubnet", stringAt(mapAt(doc, "networking"), "serviceSubnet"));
    set("dnsDomain", stringAt(mapAt(doc, "networking"), "dnsDomain"));
    set("certificatesDir", stringAt(doc, "certificatesDir"));
    set("certificateValidityPeriod", stringAt(doc, "certificateValidityPeriod"));
    set("caCertificateValidityPeriod", stringAt(doc, "caCertificateValidityPeriod"));
    pushAll(out.certSANs, stringsAt(mapAt(doc, "apiServer"), "certSANs"));
  }
  return out;
}
