/**
 * The example policies of docs/policies, as data the page offers without reading a file (the
 * files are the source; policy-presets.test.ts holds the two equal). The built-in default is
 * default-policy.ts.
 */
import { KUBEADM_DEFAULT_POLICY } from "./default-policy";
import type { Policy } from "./policy";

export const STRICT_POLICY: Policy = {
  origin: "file",
  name: "strict",
  leaf: {
    maxDays: 90,
  },
  ca: {
    maxDays: 1825,
  },
  keys: {
    minRsaBits: 3072,
    allowedCurves: ["P-256", "P-384"],
  },
  signatureAlgorithms: [
    "sha256WithRSAEncryption",
    "sha384WithRSAEncryption",
    "sha512WithRSAEncryption",
    "rsassaPss",
    "ecdsa-with-SHA256",
    "ecdsa-with-SHA384",
    "ED25519",
  ],
  expiryWindowDays: {
    ca: 365,
    leaf: 30,
    kubelet: 14,
  },
  requiredEku: {
    "apiserver-serving": ["serverAuth"],
    "apiserver-kubelet-client": ["clientAuth"],
    "apiserver-etcd-client": ["clientAuth"],
    "etcd-serving": ["serverAuth"],
    "etcd-peer": ["serverAuth", "clientAuth"],
    "etcd-healthcheck-client": ["clientAuth"],
    "front-proxy-client": ["clientAuth"],
    "controller-manager-client": ["clientAuth"],
    "scheduler-client": ["clientAuth"],
    "admin-client": ["clientAuth"],
    "kubelet-client": ["clientAuth"],
    "kubelet-serving": ["serverAuth"],
  },
};

export const CIS_POLICY: Policy = {
  origin: "file",
  name: "cis",
  leaf: {
    maxDays: 365,
  },
  ca: {
    maxDays: 3650,
  },
  keys: {
    minRsaBits: 2048,
    allowedCurves: ["P-256", "P-384", "P-521"],
  },
  signatureAlgorithms: [
    "sha256WithRSAEncryption",
    "sha384WithRSAEncryption",
    "sha512WithRSAEncryption",
    "rsassaPss",
    "ecdsa-with-SHA256",
    "ecdsa-with-SHA384",
    "ecdsa-with-SHA512",
    "ED25519",
  ],
  expiryWindowDays: {
    kubelet: 36,
  },
  requiredEku: {
    "apiserver-serving": ["serverAuth"],
    "apiserver-etcd-client": ["clientAuth"],
    "apiserver-kubelet-client": ["clientAuth"],
    "etcd-serving": ["serverAuth"],
    "etcd-peer": ["serverAuth", "clientAuth"],
    "kubelet-client": ["clientAuth"],
    "kubelet-serving": ["serverAuth"],
  },
};

/** What the page's policy menu offers, in order: the built-in one first. */
export const POLICY_PRESETS: readonly { id: string; label: string; policy: Policy }[] = [
  { id: "kubeadm-default", label: "kubeadm default (built in)", policy: KUBEADM_DEFAULT_POLICY },
  { id: "strict", label: "strict (docs/policies/strict.yaml)", policy: STRICT_POLICY },
  { id: "cis", label: "CIS-style (docs/policies/cis.yaml)", policy: CIS_POLICY },
];
