/** Merging every file that configures one running component into one ComponentConfig. */
import { describe, expect, it } from "vitest";
import { ingest } from "../ingest/ingest";
import type { InputFile } from "../inventory";
import { utf8 } from "../test-support/pki-material";
import type { ComponentKind } from "../report";
import { componentConfig, componentConfigs } from "./components";

const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });

const APISERVER_UNIT = (host: string) =>
  `[Service]\nExecStart=/usr/local/bin/kube-apiserver \\\n  --advertise-address=${host} \\\n  --client-ca-file=/var/lib/kubernetes/ca.crt \\\n  --tls-cert-file=\${PKI}/kube-api-server.crt \\\n  $EXTRA_ARGS\n`;

// kubernetes/kubernetes cluster/gce/manifests/etcd.manifest style static pod pointing etcd at a config file,
// as RKE2 writes /var/lib/rancher/rke2/agent/pod-manifests/etcd.yaml
const ETCD_POD = `apiVersion: v1
kind: Pod
metadata:
  name: etcd
  labels: {component: etcd}
spec:
  containers:
  - name: etcd
    image: index.docker.io/rancher/hardened-etcd:v3.5.16-k3s1-build20241106
    command: [etcd, --config-file=/var/lib/rancher/rke2/server/db/etcd/config, --cert-file=/ignored.crt]
`;

const ETCD_CONFIG = `name: server-1
listen-client-urls: https://127.0.0.1:2379
client-transport-security:
  cert-file: /var/lib/rancher/rke2/server/tls/etcd/server-client.crt
  key-file: /var/lib/rancher/rke2/server/tls/etcd/server-client.key
  client-cert-auth: true
  trusted-ca-file: /var/lib/rancher/rke2/server/tls/etcd/server-ca.crt
`;

interface Case {
  name: string;
  kind: ComponentKind;
  files: InputFile[];
  check: (configs: ReturnType<typeof componentConfigs>) => void;
}

const cases: Case[] = [
  {
    name: "unit + drop-in + EnvironmentFile: ${VAR} and $VAR expanded, every file a source",
    kind: "kube-apiserver",
    files: [
      text("cp/etc/systemd/system/kube-apiserver.service", APISERVER_UNIT("10.0.0.1")),
      text(
        "cp/etc/systemd/system/kube-apiserver.service.d/10-pki.conf",
        '[Service]\nEnvironment="PKI=/var/lib/kubernetes"\nEnvironmentFile=-/etc/k8s/kube-apiserver/env\n',
      ),
      text(
        "cp/etc/k8s/kube-apiserver/env",
        'EXTRA_ARGS="--tls-private-key-file=/etc/k8s/kube-apiserver/tls.key --v=2"\n',
      ),
    ],
    check: ([cfg, ...rest]) => {
      expect(rest).toEqual([]);
      expect(cfg?.origin).toBe("systemd");
      expect(cfg?.source).toBe("cp/etc/systemd/system/kube-apiserver.service");
      expect(cfg?.sources).toEqual([
        "cp/etc/systemd/system/kube-apiserver.service",
        "cp/etc/systemd/system/kube-apiserver.service.d/10-pki.conf",
        "cp/etc/k8s/kube-apiserver/env",
      ]);
      expect(cfg?.flags).toEqual({
        "advertise-address": ["10.0.0.1"],
        "client-ca-file": ["/var/lib/kubernetes/ca.crt"],
        "tls-cert-file": ["/var/lib/kubernetes/kube-api-server.crt"],
        "tls-private-key-file": ["/etc/k8s/kube-apiserver/tls.key"],
        v: ["2"],
      });
      expect(cfg?.unresolvedVariables).toBeUndefined();
    },
  },
  {
    name: "a variable no dropped file sets is reported, and expands to nothing as systemd does",
    kind: "kube-apiserver",
    files: [text("etc/systemd/system/kube-apiserver.service", APISERVER_UNIT("10.0.0.1"))],
    check: ([cfg]) => {
      expect(cfg?.unresolvedVariables).toEqual(["PKI", "EXTRA_ARGS"]);
      expect(cfg?.flags["tls-cert-file"]).toEqual(["/kube-api-server.crt"]);
    },
  },
  {
    name: "two nodes' apiserver units stay two configurations; componentConfig keeps the first",
    kind: "kube-apiserver",
    files: [
      text("cp-1/etc/systemd/system/kube-apiserver.service", APISERVER_UNIT("10.0.0.1")),
      text("cp-2/etc/systemd/system/kube-apiserver.service", APISERVER_UNIT("10.0.0.2")),
    ],
    check: (configs) => {
      expect(configs.map((c) => c.flags["advertise-address"])).toEqual([["10.0.0.1"], ["10.0.0.2"]]);
    },
  },
  {
    name: "kubespray: etcd.service naming /etc/etcd.env, command line over the environment",
    kind: "etcd",
    files: [
      text(
        "node1/etc/systemd/system/etcd.service",
        "[Service]\nEnvironmentFile=/etc/etcd.env\nExecStart=/usr/local/bin/etcd --name=from-command\n",
      ),
      text("node1/etc/etcd.env", "ETCD_NAME=etcd1\nETCD_CERT_FILE=/etc/ssl/etcd/ssl/member-node1.pem\n"),
    ],
    check: ([cfg, ...rest]) => {
      expect(rest).toEqual([]);
      expect(cfg?.flags).toEqual({
        name: ["from-command"],
        "cert-file": ["/etc/ssl/etcd/ssl/member-node1.pem"],
      });
      expect(cfg?.flagSources?.["cert-file"]).toEqual({ path: "node1/etc/etcd.env", origin: "env-file" });
      expect(cfg?.flagSources?.name).toEqual({
        path: "node1/etc/systemd/system/etcd.service",
        origin: "systemd",
      });
    },
  },
  {
    name: "a lone etcd.env is an etcd configuration of its own",
    kind: "etcd",
    files: [text("node1/etc/etcd.env", "ETCD_NAME=etcd1\nETCD_TRUSTED_CA_FILE=/etc/ssl/etcd/ssl/ca.pem\n")],
    check: ([cfg]) => {
      expect(cfg).toMatchObject({ origin: "env-file", source: "node1/etc/etcd.env" });
      expect(cfg?.flags["trusted-ca-file"]).toEqual(["/etc/ssl/etcd/ssl/ca.pem"]);
    },
  },
  {
    name: "RKE2: the etcd pod's --config-file is merged in; etcd then ignores its other flags",
    kind: "etcd",
    files: [
      text("s1/var/lib/rancher/rke2/agent/pod-manifests/etcd.yaml", ETCD_POD),
      text("s1/var/lib/rancher/rke2/server/db/etcd/config", ETCD_CONFIG),
    ],
    check: ([cfg, ...rest]) => {
      expect(rest).toEqual([]);
      expect(cfg?.origin).toBe("manifest");
      expect(cfg?.sources).toEqual([
        "s1/var/lib/rancher/rke2/agent/pod-manifests/etcd.yaml",
        "s1/var/lib/rancher/rke2/server/db/etcd/config",
      ]);
      expect(cfg?.flags["cert-file"]).toEqual(["/var/lib/rancher/rke2/server/tls/etcd/server-client.crt"]);
      expect(cfg?.flags["client-cert-auth"]).toEqual(["true"]);
      expect(cfg?.flagSources?.["cert-file"]?.origin).toBe("etcd-config");
    },
  },
  {
    name: "k3s *-arg options layer over the defaults when no manifest or unit was dropped",
    kind: "kube-apiserver",
    files: [
      text("etc/rancher/k3s/config.yaml", 'kube-apiserver-arg:\n  - "tls-cert-file=/custom/serving.crt"\n'),
    ],
    check: ([cfg]) => {
      expect(cfg?.origin).toBe("convention");
      expect(cfg?.flags["tls-cert-file"]).toEqual(["/custom/serving.crt"]);
      expect(cfg?.flags["client-ca-file"]).toEqual(["/etc/kubernetes/pki/ca.crt"]);
      expect(cfg?.flagSources?.["tls-cert-file"]).toEqual({
        path: "etc/rancher/k3s/config.yaml",
        origin: "k3s-config",
      });
    },
  },
  {
    name: "RKE2 *-arg options under a node's static pod: the pod's own flags win",
    kind: "kube-apiserver",
    files: [
      text(
        "s1/var/lib/rancher/rke2/agent/pod-manifests/kube-apiserver.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: kube-apiserver}\nspec:\n  containers:\n  - name: kube-apiserver\n    command: [kube-apiserver, --anonymous-auth=false]\n",
      ),
      text(
        "s1/etc/rancher/rke2/config.yaml",
        'kube-apiserver-arg:\n  - "anonymous-auth=true"\n  - "audit-log-maxage=30"\n',
      ),
    ],
    check: ([cfg, ...rest]) => {
      expect(rest).toEqual([]);
      expect(cfg?.origin).toBe("manifest");
      expect(cfg?.flags).toEqual({ "anonymous-auth": ["false"], "audit-log-maxage": ["30"] });
      expect(cfg?.sources).toContain("s1/etc/rancher/rke2/config.yaml");
    },
  },
];

describe("componentConfigs", () => {
  it.each(cases.map((c) => ({ ...c, label: c.name })))("$label", async ({ kind, files, check }) => {
    const inventory = await ingest(files, { crypto: globalThis.crypto });
    const configs = componentConfigs(kind, inventory);
    check(configs);
    expect(componentConfig(kind, inventory)).toEqual(configs[0]);
  });

  it("falls back to kubeadm's conventional flags when nothing configures the kind", async () => {
    const inventory = await ingest([], { crypto: globalThis.crypto });
    expect(componentConfigs("kube-scheduler", inventory)).toEqual([]);
    expect(componentConfig("kube-scheduler", inventory)).toEqual({
      kind: "kube-scheduler",
      origin: "convention",
      flags: { kubeconfig: ["/etc/kubernetes/scheduler.conf"] },
    });
  });
});
