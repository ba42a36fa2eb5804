/**
 * A large cluster built in memory: the healthy control-plane node plus N worker nodes, each with
 * what a kubeadm worker keeps on disk for its client identity — the rotated client certificate and
 * key (`kubelet-client-current.pem`), the `kubelet.conf` that points at it, and `config.yaml` — and,
 * with `serving`, the serving pair a kubelet with `serverTLSBootstrap: true` gets from the
 * kubelet-serving signer (`kubelet-server-current.pem`). Every worker certificate is signed by the
 * healthy node's cluster CA, so each worker is one more relationship (or two) that verifies.
 */
import type { InputFile } from "../../lib/inventory";
import { issueCertificate } from "../../lib/generate/issue-certificate";
import { HEALTHY_FACTS, leafCert } from "../../lib/generate/healthy-node";
import { generateKey, privateKeyPem } from "../../lib/generate/keys";
import { renderKubeconfig } from "../../lib/generate/kubeconfig";
import { kubeletConfigYaml } from "../../lib/generate/kubelet-files";
import { K8S_DIR, KUBELET_DIR, KUBELET_PKI_DIR, type CertSpec } from "../../lib/generate/node-model";
import { encodePem } from "../../lib/generate/pem";
import type { ClusterCa } from "./cluster-ca";

/** The folder of worker `index` (1-based) inside the synthetic drop. */
export function workerDir(index: number): string {
  return `workers/node-${index}`;
}

/** The rotated kubelet client certificate as the CSR signer issues it: ECDSA, digitalSignature only. */
function kubeletClientSpec(nodeName: string): CertSpec {
  return {
    ...leafCert({
      cn: `system:node:${nodeName}`,
      o: ["system:nodes"],
      key: "kubelet-client",
      issuer: "ca",
      eku: ["clientAuth"],
    }),
    keyUsage: ["digitalSignature"],
  };
}

/** A worker's address: 10.1.0.0/16 counted from node-1 = 10.1.0.1. */
function workerAddress(index: number): string {
  return `10.1.${Math.floor(index / 256) % 256}.${index % 256}`;
}

/**
 * The serving certificate the kubelet-serving signer issues on a serverTLSBootstrap CSR: ECDSA,
 * digitalSignature, serverAuth, the node's host name and address as SANs.
 */
function kubeletServingSpec(nodeName: string, address: string): CertSpec {
  return {
    ...leafCert({
      cn: `system:node:${nodeName}`,
      o: ["system:nodes"],
      key: "kubelet-serving",
      issuer: "ca",
      eku: ["serverAuth"],
      dns: [nodeName],
      ips: [address],
    }),
    keyUsage: ["digitalSignature"],
  };
}

export interface WorkerOptions {
  /** Also the kubelet's CA-signed serving pair, with `serverTLSBootstrap: true` in config.yaml. */
  serving?: boolean;
}

/** The files of one worker node, under `workers/node-<index>/`. */
export async function workerNodeFiles(
  index: number,
  ca: ClusterCa,
  crypto: Crypto,
  options: WorkerOptions = {},
): Promise<InputFile[]> {
  const nodeName = `node-${index}`;
  const key = await generateKey({ algorithm: "ECDSA-P256" }, crypto);
  const der = await issueCertificate(kubeletClientSpec(nodeName), key, ca.issuer, crypto);
  const current = `/${KUBELET_PKI_DIR}/kubelet-client-current.pem`;
  const kubeconfig = renderKubeconfig(
    {
      clusterName: HEALTHY_FACTS.clusterName,
      server: `https://${HEALTHY_FACTS.advertiseAddress}:${HEALTHY_FACTS.bindPort}`,
      caCert: "ca",
      userName: `system:node:${nodeName}`,
      credential: { kind: "files", certificatePath: current, keyPath: current },
    },
    { caPem: ca.certificatePem },
  );
  const text = (value: string) => new TextEncoder().encode(value);
  const dir = workerDir(index);
  const config = kubeletConfigYaml({ ...HEALTHY_FACTS, nodeName });
  const files: InputFile[] = [
    { path: `${dir}/${K8S_DIR}/kubelet.conf`, bytes: text(kubeconfig) },
    {
      path: `${dir}/${KUBELET_DIR}/config.yaml`,
      bytes: text(options.serving ? `${config}serverTLSBootstrap: true\n` : config),
    },
    {
      path: `${dir}/${KUBELET_PKI_DIR}/kubelet-client-current.pem`,
      bytes: text(encodePem("CERTIFICATE", der) + privateKeyPem(key, "sec1")),
    },
  ];
  if (options.serving) {
    const servingKey = await generateKey({ algorithm: "ECDSA-P256" }, crypto);
    const spec = kubeletServingSpec(nodeName, workerAddress(index));
    const servingDer = await issueCertificate(spec, servingKey, ca.issuer, crypto);
    files.push({
      path: `${dir}/${KUBELET_PKI_DIR}/kubelet-server-current.pem`,
      bytes: text(encodePem("CERTIFICATE", servingDer) + privateKeyPem(servingKey, "sec1")),
    });
  }
  return files;
}

/** Generates workers 1..count; element i holds the files of `node-<i+1>`. */
export function generateWorkers(
  count: number,
  ca: ClusterCa,
  crypto: Crypto,
  options: WorkerOptions = {},
): Promise<InputFile[][]> {
  return Promise.all(Array.from({ length: count }, (_, i) => workerNodeFiles(i + 1, ca, crypto, options)));
}

/** The control-plane files plus the first `count` generated workers, as one drop. */
export function syntheticCluster(
  base: readonly InputFile[],
  workers: readonly InputFile[][],
  count: number,
): InputFile[] {
  if (count > workers.length) throw new Error(`asked for ${count} workers, ${workers.length} generated`);
  return [...base, ...workers.slice(0, count).flat()];
}
