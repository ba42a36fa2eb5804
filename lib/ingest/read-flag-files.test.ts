/** Component flags kept outside static-pod manifests, read from the text real tools write. */
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import type { InputFile, Inventory } from "../inventory";
import { utf8 } from "../test-support/pki-material";

const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });

// kelseyhightower/kubernetes-the-hard-way units/kube-apiserver.service (flags shortened)
const KTHW_APISERVER = `[Unit]
Description=Kubernetes API Server
Documentation=https://github.com/kubernetes/kubernetes

[Service]
ExecStart=/usr/local/bin/kube-apiserver \\
  --allow-privileged=true \\
  --authorization-mode=Node,RBAC \\
  --client-ca-file=/var/lib/kubernetes/ca.crt \\
  --etcd-servers=http://127.0.0.1:2379 \\
  --runtime-config='api/all=true' \\
  --service-account-key-file=/var/lib/kubernetes/service-accounts.crt \\
  --tls-cert-file=/var/lib/kubernetes/kube-api-server.crt \\
  --tls-private-key-file=/var/lib/kubernetes/kube-api-server.key \\
  --v=2
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
`;

// kelseyhightower/kubernetes-the-hard-way units/etcd.service
const KTHW_ETCD = `[Unit]
Description=etcd
Documentation=https://github.com/etcd-io/etcd

[Service]
Type=notify
ExecStart=/usr/local/bin/etcd \\
  --name controller \\
  --initial-advertise-peer-urls http://127.0.0.1:2380 \\
  --listen-peer-urls http://127.0.0.1:2380 \\
  --listen-client-urls http://127.0.0.1:2379 \\
  --advertise-client-urls http://127.0.0.1:2379 \\
  --initial-cluster-token etcd-cluster-0 \\
  --initial-cluster controller=http://127.0.0.1:2380 \\
  --initial-cluster-state new \\
  --data-dir=/var/lib/etcd
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
`;

// kelseyhightower/kubernetes-the-hard-way units/kubelet.service
const KTHW_KUBELET = `[Unit]
Description=Kubernetes Kubelet
After=containerd.service
Requires=containerd.service

[Service]
ExecStart=/usr/local/bin/kubelet \\
  --config=/var/lib/kubelet/kubelet-config.yaml \\
  --kubeconfig=/var/lib/kubelet/kubeconfig \\
  --v=2
Restart=on-failure
`;

// kubernetes-sigs/kubespray roles/etcd/templates/etcd.env.j2, rendered for node1
const KUBESPRAY_ETCD_ENV = `# Environment file for etcd v3.5.16
ETCD_DATA_DIR=/var/lib/etcd
ETCD_ADVERTISE_CLIENT_URLS=https://10.0.0.11:2379
ETCD_INITIAL_ADVERTISE_PEER_URLS=https://10.0.0.11:2380
ETCD_INITIAL_CLUSTER_STATE=existing
ETCD_METRICS=basic
ETCD_LISTEN_CLIENT_URLS=https://10.0.0.11:2379,https://127.0.0.1:2379
ETCD_ELECTION_TIMEOUT=5000
ETCD_HEARTBEAT_INTERVAL=250
ETCD_INITIAL_CLUSTER_TOKEN=k8s_etcd
ETCD_LISTEN_PEER_URLS=https://10.0.0.11:2380
ETCD_NAME=etcd1
ETCD_PROXY=off
ETCD_INITIAL_CLUSTER=etcd1=https://10.0.0.11:2380
ETCD_AUTO_COMPACTION_RETENTION=8

# TLS settings
ETCD_TRUSTED_CA_FILE=/etc/ssl/etcd/ssl/ca.pem
ETCD_CERT_FILE=/etc/ssl/etcd/ssl/member-node1.pem
ETCD_KEY_FILE=/etc/ssl/etcd/ssl/member-node1-key.pem
ETCD_CLIENT_CERT_AUTH=true

ETCD_PEER_TRUSTED_CA_FILE=/etc/ssl/etcd/ssl/ca.pem
ETCD_PEER_CERT_FILE=/etc/ssl/etcd/ssl/member-node1.pem
ETCD_PEER_KEY_FILE=/etc/ssl/etcd/ssl/member-node1-key.pem
ETCD_PEER_CLIENT_CERT_AUTH=True
`;

// k3s-io/k3s pkg/daemons/executor ETCDConfig.ToConfigFile, as RKE2 writes server/db/etcd/config
const RKE2_ETCD_CONFIG = `advertise-client-urls: https://10.0.0.21:2379
client-transport-security:
  cert-file: /var/lib/rancher/rke2/server/tls/etcd/server-client.crt
  client-cert-auth: true
  key-file: /var/lib/rancher/rke2/server/tls/etcd/server-client.key
  trusted-ca-file: /var/lib/rancher/rke2/server/tls/etcd/server-ca.crt
data-dir: /var/lib/rancher/rke2/server/db/etcd
election-timeout: 5000
heartbeat-interval: 500
listen-client-urls: https://127.0.0.1:2379,https://10.0.0.21:2379
listen-metrics-urls: http://127.0.0.1:2381
listen-peer-urls: https://127.0.0.1:2380,https://10.0.0.21:2380
log-outputs:
- stderr
logger: zap
name: server-1-3b1a2c4d
peer-transport-security:
  cert-file: /var/lib/rancher/rke2/server/tls/etcd/peer-server-client.crt
  client-cert-auth: true
  key-file: /var/lib/rancher/rke2/server/tls/etcd/peer-server-client.key
  trusted-ca-file: /var/lib/rancher/rke2/server/tls/etcd/peer-ca.crt
snapshot-count: 10000
`;

// awslabs/amazon-eks-ami files/kubelet-config.json (feature gates and cipher suites shortened)
const EKS_KUBELET_CONFIG = `{
  "kind": "KubeletConfiguration",
  "apiVersion": "kubelet.config.k8s.io/v1beta1",
  "address": "0.0.0.0",
  "authentication": {
    "anonymous": { "enabled": false },
    "webhook": { "cacheTTL": "2m0s", "enabled": true },
    "x509": { "clientCAFile": "/etc/kubernetes/pki/ca.crt" }
  },
  "authorization": { "mode": "Webhook" },
  "clusterDomain": "cluster.local",
  "readOnlyPort": 0,
  "serverTLSBootstrap": true,
  "tlsCipherSuites": ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"]
}`;

// docs.k3s.io installation/configuration "Configuration File", with the *-arg options it documents
const K3S_CONFIG = `write-kubeconfig-mode: "0644"
tls-san:
  - "foo.local"
  - 10.0.0.5
node-name: server-1
cluster-cidr: 10.42.0.0/16
service-cidr: 10.43.0.0/16
data-dir: /var/lib/rancher/k3s
kube-apiserver-arg:
  - "audit-log-path=/var/lib/rancher/k3s/server/logs/audit.log"
  - "--tls-min-version=VersionTLS12"
kube-controller-manager-arg: "bind-address=127.0.0.1"
etcd-arg:
  - "cipher-suites=TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"
kubelet-arg:
  - "max-pods=110"
`;

interface Case {
  name: string;
  files: InputFile[];
  check: (inv: Inventory) => void;
}

const cases: Case[] = [
  {
    name: "KTHW kube-apiserver.service: continued ExecStart lines become the apiserver's flags",
    files: [text("etc/systemd/system/kube-apiserver.service", KTHW_APISERVER)],
    check: (inv) => {
      const [unit] = inv.componentFlags ?? [];
      expect(unit).toMatchObject({
        origin: "systemd",
        component: "kube-apiserver",
        unit: "kube-apiserver.service",
      });
      expect(unit?.flags).toEqual({
        "allow-privileged": ["true"],
        "authorization-mode": ["Node,RBAC"],
        "client-ca-file": ["/var/lib/kubernetes/ca.crt"],
        "etcd-servers": ["http://127.0.0.1:2379"],
        "runtime-config": ["api/all=true"],
        "service-account-key-file": ["/var/lib/kubernetes/service-accounts.crt"],
        "tls-cert-file": ["/var/lib/kubernetes/kube-api-server.crt"],
        "tls-private-key-file": ["/var/lib/kubernetes/kube-api-server.key"],
        v: ["2"],
      });
      // Not a kubelet: the apiserver's flags must not pass for kubelet flags.
      expect(inv.kubeadmFlags).toEqual([]);
      expect(inv.skipped).toEqual([]);
    },
  },
  {
    name: "KTHW etcd.service: space-separated flag values",
    files: [text("etc/systemd/system/etcd.service", KTHW_ETCD)],
    check: (inv) => {
      const [unit] = inv.componentFlags ?? [];
      expect(unit?.component).toBe("etcd");
      expect(unit?.flags.name).toEqual(["controller"]);
      expect(unit?.flags["initial-cluster"]).toEqual(["controller=http://127.0.0.1:2380"]);
      expect(unit?.flags["data-dir"]).toEqual(["/var/lib/etcd"]);
    },
  },
  {
    name: "KTHW kubelet.service: a kubelet unit, its continued flags also kept as kubelet flags",
    files: [text("etc/systemd/system/kubelet.service", KTHW_KUBELET)],
    check: (inv) => {
      expect(inv.componentFlags?.[0]?.component).toBe("kubelet");
      expect(inv.kubeadmFlags).toEqual([
        {
          source: { path: "etc/systemd/system/kubelet.service" },
          flags: {
            config: ["/var/lib/kubelet/kubelet-config.yaml"],
            kubeconfig: ["/var/lib/kubelet/kubeconfig"],
            v: ["2"],
          },
        },
      ]);
    },
  },
  {
    name: "hyperkube sub-command names the component; a drop-in without ExecStart names it by its folder",
    files: [
      text(
        "n/etc/systemd/system/apiserver.service",
        "[Service]\nExecStart=/usr/bin/hyperkube apiserver --secure-port=6443\n",
      ),
      text(
        "n/etc/systemd/system/kube-scheduler.service.d/10-env.conf",
        '[Service]\nEnvironment="KUBECONFIG_PATH=/etc/k8s/kube-scheduler/kubeconfig"\nEnvironmentFile=-/etc/k8s/kube-scheduler/env\n',
      ),
    ],
    check: (inv) => {
      expect(inv.componentFlags?.map((r) => [r.component, r.unit, r.environmentFiles])).toEqual([
        ["kube-apiserver", "apiserver.service", []],
        ["kube-scheduler", "kube-scheduler.service", ["/etc/k8s/kube-scheduler/env"]],
      ]);
      expect(inv.componentFlags?.[1]?.environment).toEqual({
        KUBECONFIG_PATH: "/etc/k8s/kube-scheduler/kubeconfig",
      });
    },
  },
  {
    name: "kubespray's /etc/etcd.env is an etcd configuration: every ETCD_* variable is a flag",
    files: [text("node1/etc/etcd.env", KUBESPRAY_ETCD_ENV)],
    check: (inv) => {
      const [env] = inv.componentFlags ?? [];
      expect(env).toMatchObject({ origin: "env-file", component: "etcd" });
      expect(env?.flags).toMatchObject({
        "cert-file": ["/etc/ssl/etcd/ssl/member-node1.pem"],
        "key-file": ["/etc/ssl/etcd/ssl/member-node1-key.pem"],
        "trusted-ca-file": ["/etc/ssl/etcd/ssl/ca.pem"],
        "client-cert-auth": ["true"],
        "peer-cert-file": ["/etc/ssl/etcd/ssl/member-node1.pem"],
        "peer-key-file": ["/etc/ssl/etcd/ssl/member-node1-key.pem"],
        "peer-trusted-ca-file": ["/etc/ssl/etcd/ssl/ca.pem"],
        "peer-client-cert-auth": ["True"],
        name: ["etcd1"],
        "listen-client-urls": ["https://10.0.0.11:2379,https://127.0.0.1:2379"],
        "advertise-client-urls": ["https://10.0.0.11:2379"],
        "initial-advertise-peer-urls": ["https://10.0.0.11:2380"],
      });
      expect(inv.skipped).toEqual([]);
    },
  },
  {
    name: "a KEY=value file without etcd variables is kept for units that name it, and skipped",
    files: [text("etc/k8s/kube-scheduler/env", "KUBE_LOG_LEVEL=--v=2\n")],
    check: (inv) => {
      expect(inv.componentFlags?.[0]).toMatchObject({
        origin: "env-file",
        environment: { KUBE_LOG_LEVEL: "--v=2" },
      });
      expect(inv.componentFlags?.[0]?.component).toBeUndefined();
      expect(inv.skipped).toEqual([
        { path: "etc/k8s/kube-scheduler/env", reason: "environment file without component flags" },
      ]);
    },
  },
  {
    name: "RKE2's etcd config file: nested TLS sections become cert-file, peer-trusted-ca-file, ...",
    files: [text("var/lib/rancher/rke2/server/db/etcd/config", RKE2_ETCD_CONFIG)],
    check: (inv) => {
      const [config] = inv.componentFlags ?? [];
      expect(config).toMatchObject({ origin: "etcd-config", component: "etcd" });
      expect(config?.flags).toMatchObject({
        name: ["server-1-3b1a2c4d"],
        "cert-file": ["/var/lib/rancher/rke2/server/tls/etcd/server-client.crt"],
        "key-file": ["/var/lib/rancher/rke2/server/tls/etcd/server-client.key"],
        "trusted-ca-file": ["/var/lib/rancher/rke2/server/tls/etcd/server-ca.crt"],
        "client-cert-auth": ["true"],
        "peer-cert-file": ["/var/lib/rancher/rke2/server/tls/etcd/peer-server-client.crt"],
        "peer-key-file": ["/var/lib/rancher/rke2/server/tls/etcd/peer-server-client.key"],
        "peer-trusted-ca-file": ["/var/lib/rancher/rke2/server/tls/etcd/peer-ca.crt"],
        "peer-client-cert-auth": ["true"],
        "listen-peer-urls": ["https://127.0.0.1:2380,https://10.0.0.21:2380"],
        "log-outputs": ["stderr"],
      });
      expect(config?.flags["client-transport-security"]).toBeUndefined();
    },
  },
  {
    name: "EKS kubelet-config.json is a KubeletConfiguration",
    files: [text("etc/kubernetes/kubelet/kubelet-config.json", EKS_KUBELET_CONFIG)],
    check: (inv) => {
      expect(inv.kubeletConfigs).toEqual([
        {
          source: { path: "etc/kubernetes/kubelet/kubelet-config.json" },
          clientCAFile: "/etc/kubernetes/pki/ca.crt",
          serverTLSBootstrap: true,
          anonymousAuth: false,
          webhookAuthn: true,
          authorizationMode: "Webhook",
        },
      ]);
    },
  },
  {
    name: "k3s config.yaml: options and *-arg lists by component",
    files: [text("etc/rancher/k3s/config.yaml", K3S_CONFIG)],
    check: (inv) => {
      expect(inv.k3sConfigs).toEqual([
        {
          source: { path: "etc/rancher/k3s/config.yaml" },
          distribution: "k3s",
          nodeName: "server-1",
          tlsSans: ["foo.local", "10.0.0.5"],
          clusterCidr: "10.42.0.0/16",
          serviceCidr: "10.43.0.0/16",
          dataDir: "/var/lib/rancher/k3s",
          args: {
            "kube-apiserver": {
              "audit-log-path": ["/var/lib/rancher/k3s/server/logs/audit.log"],
              "tls-min-version": ["VersionTLS12"],
            },
            "kube-controller-manager": { "bind-address": ["127.0.0.1"] },
            etcd: { "cipher-suites": ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"] },
            kubelet: { "max-pods": ["110"] },
          },
        },
      ]);
    },
  },
  {
    name: "an RKE2 config.yaml.d drop-in is recognised by its path, `+` keys included",
    files: [
      text(
        "etc/rancher/rke2/config.yaml.d/50-audit.yaml",
        'kube-apiserver-arg+:\n  - "anonymous-auth=false"\n',
      ),
    ],
    check: (inv) => {
      expect(inv.k3sConfigs?.[0]).toMatchObject({
        distribution: "rke2",
        args: { "kube-apiserver": { "anonymous-auth": ["false"] } },
      });
    },
  },
];

describe("component flags outside manifests", () => {
  it.each(cases.map((c) => ({ ...c, label: c.name })))("$label", async ({ files, check }) => {
    check(await ingest(files, { crypto: globalThis.crypto }));
  });
});
