/**
 * The demo cluster the explorer opens with: the healthy kubeadm v1.31 control-plane node `control-1`
 * and a worker `worker-1` (only its kubelet's files), with two teachable faults. worker-1's kubelet
 * client certificate lacks `O=system:nodes`, so the Node authorizer will not treat it as a node
 * (red); front-proxy-client expires 20 days after the judge date (amber). Everything else is healthy,
 * and without those two faults (`healthyDemoCluster`) it is the base every break-it scenario starts from.
 */
import { caCert, healthyNode, leafCert, HEALTHY_FACTS, VALIDITY } from "./healthy-node";
import { kubeletConfigYaml } from "./kubelet-files";
import {
  K8S_DIR,
  KUBELET_DIR,
  KUBELET_PKI_DIR,
  certSpec,
  type NodeFacts,
  type NodeModel,
} from "./node-model";

/** The fixed instant the demo is judged at, so its verdicts never drift with the calendar. */
export const DEMO_JUDGE_AT = "2026-06-01T00:00:00Z";

export const DEMO_LABEL = "Demo cluster (sample data)";

/** Folder of each node in the demo; every path starts with one of them. */
export const CONTROL_PLANE_DIR = "control-1";
export const WORKER_DIR = "worker-1";

/** front-proxy-client's new end of validity: 20 days after the judge date. */
export const FRONT_PROXY_CLIENT_NOT_AFTER = "2026-06-21T00:00:00Z";

const WORKER_FACTS: NodeFacts = { ...HEALTHY_FACTS, nodeName: "worker-1", advertiseAddress: "10.0.0.21" };

/** The kubelet's self-signed names carry the unix time it generated them: 2026-01-01T00:00:00Z. */
const KUBELET_STAMP = 1767225600;

/** Moves every file of the model under `dir/`. */
function underFolder(model: NodeModel, dir: string): void {
  model.files = Object.fromEntries(
    Object.entries(model.files).map(([path, spec]) => [`${dir}/${path}`, spec]),
  );
}

/** worker-1's kubelet files, signed by control-1's cluster CA (ids prefixed `worker-1-`). */
function addWorker(model: NodeModel): void {
  const { nodeName } = WORKER_FACTS;
  const dir = WORKER_DIR;
  model.keys["worker-1-kubelet-client"] = { algorithm: "ECDSA-P256" };
  model.certs["worker-1-kubelet-client"] = {
    ...leafCert({
      cn: `system:node:${nodeName}`,
      o: ["system:nodes"],
      key: "worker-1-kubelet-client",
      issuer: "ca",
      eku: ["clientAuth"],
    }),
    keyUsage: ["digitalSignature"],
  };
  model.keys["worker-1-kubelet-serving-ca"] = { algorithm: "RSA", bits: 2048 };
  model.keys["worker-1-kubelet-serving"] = { algorithm: "RSA", bits: 2048 };
  model.certs["worker-1-kubelet-serving-ca"] = {
    ...caCert(`${nodeName}-ca@${KUBELET_STAMP}`, "worker-1-kubelet-serving-ca"),
    dns: [],
    notBefore: VALIDITY.kubeletServingNotBefore,
    notAfter: VALIDITY.kubeletServingNotAfter,
  };
  model.certs["worker-1-kubelet-serving"] = {
    ...leafCert({
      cn: `${nodeName}@${KUBELET_STAMP}`,
      key: "worker-1-kubelet-serving",
      issuer: "worker-1-kubelet-serving-ca",
      eku: ["serverAuth"],
      dns: [nodeName],
    }),
    notBefore: VALIDITY.kubeletServingNotBefore,
    notAfter: VALIDITY.kubeletServingNotAfter,
  };

  const current = `/${KUBELET_PKI_DIR}/kubelet-client-current.pem`;
  model.files[`${dir}/${K8S_DIR}/kubelet.conf`] = {
    kind: "kubeconfig",
    kubeconfig: {
      clusterName: HEALTHY_FACTS.clusterName,
      // A worker talks to the control plane's advertised address.
      server: `https://${HEALTHY_FACTS.advertiseAddress}:${HEALTHY_FACTS.bindPort}`,
      caCert: "ca",
      userName: `system:node:${nodeName}`,
      credential: { kind: "files", certificatePath: current, keyPath: current },
    },
  };
  model.files[`${dir}/${KUBELET_DIR}/config.yaml`] = { kind: "text", text: kubeletConfigYaml(WORKER_FACTS) };
  model.files[`${dir}/${KUBELET_PKI_DIR}/kubelet-client-current.pem`] = {
    kind: "pem",
    blocks: [
      { type: "certificate", cert: "worker-1-kubelet-client" },
      { type: "private-key", key: "worker-1-kubelet-client", encoding: "sec1" },
    ],
  };
  model.files[`${dir}/${KUBELET_PKI_DIR}/kubelet.crt`] = {
    kind: "pem",
    blocks: [
      { type: "certificate", cert: "worker-1-kubelet-serving" },
      { type: "certificate", cert: "worker-1-kubelet-serving-ca" },
    ],
  };
  model.files[`${dir}/${KUBELET_PKI_DIR}/kubelet.key`] = {
    kind: "pem",
    blocks: [{ type: "private-key", key: "worker-1-kubelet-serving", encoding: "pkcs1" }],
  };
}

/**
 * The demo without its two faults: control-1's files under `control-1/`, worker-1's under
 * `worker-1/`, every certificate valid for months at DEMO_JUDGE_AT and every identity right.
 */
export function healthyDemoCluster(): NodeModel {
  const model = healthyNode();
  underFolder(model, CONTROL_PLANE_DIR);
  addWorker(model);
  return model;
}

/** The demo as the explorer opens it: the healthy demo with its two faults. */
export function demoCluster(): NodeModel {
  const model = healthyDemoCluster();
  certSpec(model, "front-proxy-client").notAfter = FRONT_PROXY_CLIENT_NOT_AFTER;
  // The red fault: the kubelet's client certificate names the node but not the system:nodes group.
  delete certSpec(model, "worker-1-kubelet-client").subject.o;
  return model;
}
