/** Ingest of configuration: kubeconfigs, static-pod manifests, kubelet and kubeadm files, encryption config. */
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import type { InputFile, Inventory } from "../inventory";
import { issue, sampleFile, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });
const b64 = (s: string) => Buffer.from(s).toString("base64");
const TOKEN_SECRET = "0123456789abcdef";

interface Case {
  name: string;
  files: () => Promise<InputFile[]> | InputFile[];
  check: (inv: Inventory) => void;
}

const kubeletConf = `apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: /etc/kubernetes/pki/ca.crt
    server: https://10.0.4.3:6443
  name: default-cluster
contexts:
- context: {cluster: default-cluster, user: default-auth}
  name: default-context
current-context: default-context
users:
- name: default-auth
  user:
    client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem
    client-key: /var/lib/kubelet/pki/kubelet-client-current.pem
`;

const cases: Case[] = [
  {
    name: "kubeconfig file references resolve by path suffix to the dropped files",
    files: async () => {
      const ca = await issue({ subject: "CN=kubernetes", ca: true });
      const node = await issue({
        subject: [{ O: ["system:nodes"] }, { CN: ["system:node:w-1"] }],
        issuer: ca,
      });
      const key = Buffer.from(await crypto.subtle.exportKey("pkcs8", node.keys.privateKey)).toString(
        "base64",
      );
      return [
        text("w-1/etc/kubernetes/kubelet.conf", kubeletConf),
        text("w-1/etc/kubernetes/pki/ca.crt", ca.pem),
        text(
          "w-1/var/lib/kubelet/pki/kubelet-client-current.pem",
          `${node.pem}-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----\n`,
        ),
      ];
    },
    check: (inv) => {
      const [kc] = inv.kubeconfigs;
      const ca = inv.certificates.find((c) => c.subject === "CN=kubernetes");
      const node = inv.certificates.find((c) => c.subjectCN === "system:node:w-1");
      expect(kc?.clusters).toEqual([
        {
          name: "default-cluster",
          server: "https://10.0.4.3:6443",
          caCertificateIds: [ca?.id],
          caPath: "/etc/kubernetes/pki/ca.crt",
          insecureSkipTlsVerify: false,
        },
      ]);
      expect(kc?.users).toEqual([
        {
          name: "default-auth",
          clientCertificateIds: [node?.id],
          clientCertificatePath: "/var/lib/kubelet/pki/kubelet-client-current.pem",
          clientKeyId: "k-1",
          clientKeyPath: "/var/lib/kubelet/pki/kubelet-client-current.pem",
        },
      ]);
      expect(kc?.contexts).toEqual([
        { name: "default-context", cluster: "default-cluster", user: "default-auth" },
      ]);
      expect(kc?.currentContext).toBe("default-context");
      expect(inv.privateKeys[0]?.publicKey?.canonical).toBe(node?.publicKey.canonical);
    },
  },
  {
    name: "relative and missing file references",
    files: () => [
      text(
        "x/admin.conf",
        "apiVersion: v1\nkind: Config\nclusters:\n- name: a\n  cluster: {server: 'https://a', certificate-authority: pki/ca.crt}\n- name: b\n  cluster: {server: 'https://b', certificate-authority: /missing/other-ca.crt, insecure-skip-tls-verify: true}\n",
      ),
      { path: "x/pki/ca.crt", bytes: sampleFile("pki/ca.crt").bytes },
    ],
    check: (inv) => {
      const [a, b] = inv.kubeconfigs[0]?.clusters ?? [];
      expect(a?.caCertificateIds).toEqual([inv.certificates[0]?.id]);
      expect(b).toEqual({
        name: "b",
        server: "https://b",
        caCertificateIds: [],
        caPath: "/missing/other-ca.crt",
        insecureSkipTlsVerify: true,
      });
    },
  },
  {
    name: "bootstrap-token kubeconfig: token id recorded, secret nowhere",
    files: () => [
      text(
        "bootstrap-kubelet.conf",
        `apiVersion: v1\nkind: Config\nclusters: []\nusers:\n- name: tls-bootstrap-token-user\n  user:\n    token: abcdef.${TOKEN_SECRET}\n- name: other\n  user:\n    token: not-a-bootstrap-${TOKEN_SECRET}\n    username: bob\n    password: hunter2-${TOKEN_SECRET}\n`,
      ),
    ],
    check: (inv) => {
      expect(inv.kubeconfigs[0]?.users).toEqual([
        {
          name: "tls-bootstrap-token-user",
          clientCertificateIds: [],
          token: true,
          bootstrapTokenId: "abcdef",
        },
        { name: "other", clientCertificateIds: [], token: true, username: "bob" },
      ]);
      const json = JSON.stringify(inv);
      expect(json).not.toContain(TOKEN_SECRET);
      expect(json).not.toContain("hunter2");
    },
  },
  {
    name: "EKS exec, auth-provider and tokenFile users (JSON kubeconfig)",
    files: () => [
      text(
        "eks.json",
        JSON.stringify({
          apiVersion: "v1",
          kind: "Config",
          clusters: [
            {
              name: "eks",
              cluster: {
                server: "https://ABC.gr7.eu-west-1.eks.amazonaws.com",
                "certificate-authority-data": Buffer.from(sampleFile("pki/ca.crt").bytes).toString("base64"),
              },
            },
          ],
          users: [
            {
              name: "aws",
              user: {
                exec: {
                  apiVersion: "client.authentication.k8s.io/v1beta1",
                  command: "aws",
                  args: ["--region", "eu-west-1", "eks", "get-token", "--cluster-name", "prod"],
                },
              },
            },
            {
              name: "iam",
              user: {
                exec: {
                  apiVersion: "client.authentication.k8s.io/v1alpha1",
                  command: "aws-iam-authenticator",
                  args: ["token", "-i", "prod"],
                },
              },
            },
            {
              name: "gcp",
              user: { "auth-provider": { name: "gcp", config: { "access-token": "secret-gcp" } } },
            },
            { name: "proxy", user: { tokenFile: "/var/run/secrets/kubernetes.io/serviceaccount/token" } },
          ],
        }),
      ),
    ],
    check: (inv) => {
      const users = inv.kubeconfigs[0]?.users ?? [];
      expect(users.map((u) => u.exec ?? u.authProvider ?? u.tokenFile)).toEqual([
        {
          apiVersion: "client.authentication.k8s.io/v1beta1",
          command: "aws",
          args: ["--region", "eu-west-1", "eks", "get-token", "--cluster-name", "prod"],
        },
        {
          apiVersion: "client.authentication.k8s.io/v1alpha1",
          command: "aws-iam-authenticator",
          args: ["token", "-i", "prod"],
        },
        "gcp",
        "/var/run/secrets/kubernetes.io/serviceaccount/token",
      ]);
      expect(inv.kubeconfigs[0]?.clusters[0]?.caCertificateIds).toEqual([inv.certificates[0]?.id]);
      expect(JSON.stringify(inv)).not.toContain("secret-gcp");
    },
  },
  {
    name: "bad embedded data is a problem naming the entry",
    files: () => [
      text(
        "admin.conf",
        "kind: Config\nusers:\n- name: admin\n  user:\n    client-certificate-data: 'not*base64'\n    client-key-data: aGVsbG8=\n",
      ),
    ],
    check: (inv) => {
      expect(inv.problems).toEqual([
        {
          path: "admin.conf",
          reason: expect.stringMatching(/^users\/admin client-certificate-data: invalid base64/),
        },
        { path: "admin.conf", reason: "users/admin client-key-data: neither PEM nor DER" },
      ]);
      expect(inv.kubeconfigs[0]?.users[0]).toEqual({ name: "admin", clientCertificateIds: [] });
    },
  },
  {
    name: "a kubeconfig that is not valid YAML is a problem; unrelated broken text is not",
    files: () => [
      text("kubelet.conf", "apiVersion: v1\nclusters:\n- cluster: {server: [\n"),
      text("nginx.conf", "server {\n  listen 80;\n}\n"),
    ],
    check: (inv) => {
      expect(inv.problems).toEqual([
        { path: "kubelet.conf", reason: expect.stringMatching(/^invalid YAML: /) },
      ]);
      expect(inv.skipped.map((x) => x.path)).toEqual(["nginx.conf"]);
    },
  },
  {
    name: "static-pod manifest with both flag forms, args and a shell wrapper",
    files: () => [
      text(
        "manifests/kube-apiserver.yaml",
        `apiVersion: v1\nkind: Pod\nmetadata:\n  name: kube-apiserver-cp-1\n  labels: {component: kube-apiserver}\n  annotations: {kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint: "10.0.0.1:6443"}\nspec:\n  containers:\n  - name: kube-apiserver\n    image: registry.k8s.io/kube-apiserver:v1.31.2\n    command: [kube-apiserver, --client-ca-file=/etc/kubernetes/pki/ca.crt, --tls-cert-file, /etc/kubernetes/pki/apiserver.crt]\n    args: [--service-account-key-file=/a.pub, --service-account-key-file, /b.pub, --allow-privileged]\n`,
      ),
      text(
        "manifests/etcd.yaml",
        `apiVersion: v1\nkind: Pod\nmetadata: {name: etcd}\nspec:\n  containers:\n  - image: registry.k8s.io/etcd:3.5.15-0\n    command: [/bin/sh, -c, "etcd --cert-file='/etc/kubernetes/pki/etcd/server.crt' --peer-client-cert-auth"]\n`,
      ),
      text(
        "proxy.yaml",
        `kind: Pod\nspec:\n  containers:\n  - image: k8s.gcr.io/kube-proxy:v1.20.2@sha256:abc\n    command: [/usr/local/bin/kube-proxy, --config=/var/lib/kube-proxy/config.conf]\n`,
      ),
    ],
    check: (inv) => {
      const [etcd, apiserver, proxy] = inv.manifests;
      expect(apiserver).toMatchObject({
        component: "kube-apiserver",
        image: "registry.k8s.io/kube-apiserver:v1.31.2",
        version: "v1.31.2",
        annotations: { "kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint": "10.0.0.1:6443" },
        flags: {
          "client-ca-file": ["/etc/kubernetes/pki/ca.crt"],
          "tls-cert-file": ["/etc/kubernetes/pki/apiserver.crt"],
          "service-account-key-file": ["/a.pub", "/b.pub"],
          "allow-privileged": ["true"],
        },
      });
      expect(apiserver?.command).toHaveLength(8);
      expect(etcd).toMatchObject({
        component: "etcd",
        flags: { "cert-file": ["/etc/kubernetes/pki/etcd/server.crt"], "peer-client-cert-auth": ["true"] },
      });
      expect(etcd?.version).toBeUndefined();
      expect(proxy).toMatchObject({ component: "kube-proxy", version: "v1.20.2" });
    },
  },
  {
    name: "KubeletConfiguration",
    files: () => [
      text(
        "var/lib/kubelet/config.yaml",
        "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nauthentication:\n  anonymous: {enabled: false}\n  webhook: {enabled: true}\n  x509: {clientCAFile: /etc/kubernetes/pki/ca.crt}\nauthorization: {mode: Webhook}\nrotateCertificates: true\nserverTLSBootstrap: true\ntlsCertFile: /var/lib/kubelet/pki/kubelet.crt\n",
      ),
    ],
    check: (inv) =>
      expect(inv.kubeletConfigs).toEqual([
        {
          source: { path: "var/lib/kubelet/config.yaml" },
          clientCAFile: "/etc/kubernetes/pki/ca.crt",
          tlsCertFile: "/var/lib/kubelet/pki/kubelet.crt",
          rotateCertificates: true,
          serverTLSBootstrap: true,
          anonymousAuth: false,
          webhookAuthn: true,
          authorizationMode: "Webhook",
        },
      ]),
  },
  {
    name: "kubeadm-flags.env with quotes and the systemd drop-in",
    files: () => [
      text(
        "var/lib/kubelet/kubeadm-flags.env",
        `KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///run/containerd/containerd.sock --node-labels='role=a b' --pod-infra-container-image registry.k8s.io/pause:3.9"\n`,
      ),
      text(
        "etc/systemd/system/kubelet.service.d/10-kubeadm.conf",
        `[Service]\nEnvironment="KUBELET_KUBECONFIG_ARGS=--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf"\nEnvironment="KUBELET_CONFIG_ARGS=--config=/var/lib/kubelet/config.yaml"\nEnvironmentFile=-/var/lib/kubelet/kubeadm-flags.env\nExecStart=\nExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS --v=2\n`,
      ),
    ],
    check: (inv) => {
      expect(inv.kubeadmFlags).toEqual([
        {
          source: { path: "etc/systemd/system/kubelet.service.d/10-kubeadm.conf" },
          flags: {
            "bootstrap-kubeconfig": ["/etc/kubernetes/bootstrap-kubelet.conf"],
            kubeconfig: ["/etc/kubernetes/kubelet.conf"],
            config: ["/var/lib/kubelet/config.yaml"],
            v: ["2"],
          },
        },
        {
          source: { path: "var/lib/kubelet/kubeadm-flags.env" },
          flags: {
            "container-runtime-endpoint": ["unix:///run/containerd/containerd.sock"],
            "node-labels": ["role=a b"],
            "pod-infra-container-image": ["registry.k8s.io/pause:3.9"],
          },
        },
      ]);
      expect(inv.problems).toEqual([]);
    },
  },
  {
    name: "kubeadm Join/ClusterConfiguration and the kubeadm-config ConfigMap",
    files: () => [
      text(
        "join.yaml",
        "apiVersion: kubeadm.k8s.io/v1beta4\nkind: JoinConfiguration\nnodeRegistration: {name: cp-2}\ncontrolPlane:\n  localAPIEndpoint: {advertiseAddress: 10.0.0.2, bindPort: 6443}\n---\napiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\ncontrolPlaneEndpoint: lb.example.com:6443\napiServer:\n  certSANs: [lb.example.com, 10.0.0.100]\n",
      ),
      text(
        "kubeadm-config-cm.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kubeadm-config, namespace: kube-system}\ndata:\n  ClusterConfiguration: |\n    apiVersion: kubeadm.k8s.io/v1beta3\n    kind: ClusterConfiguration\n    kubernetesVersion: v1.28.4\n    networking: {serviceSubnet: 10.96.0.0/12, dnsDomain: cluster.local}\n",
      ),
    ],
    check: (inv) =>
      expect(inv.kubeadmConfigs).toEqual([
        {
          source: { path: "join.yaml" },
          nodeName: "cp-2",
          advertiseAddress: "10.0.0.2",
          bindPort: 6443,
          controlPlaneEndpoint: "lb.example.com:6443",
          certSANs: ["lb.example.com", "10.0.0.100"],
        },
        {
          source: { path: "kubeadm-config-cm.yaml" },
          kubernetesVersion: "v1.28.4",
          serviceSubnet: "10.96.0.0/12",
          dnsDomain: "cluster.local",
          certSANs: [],
        },
      ]),
  },
  {
    name: "EncryptionConfiguration: providers and key lengths, never the secret",
    files: () => [
      text(
        "enc.yaml",
        `apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [secrets, configmaps]\n  providers:\n  - aescbc:\n      keys:\n      - {name: key1, secret: ${b64("k".repeat(32))}}\n      - {name: short, secret: c2VjcmV0IGlzIHNlY3VyZQ==}\n  - kms: {apiVersion: v2, name: vault, endpoint: unix:///kms.sock}\n  - identity: {}\n`,
      ),
    ],
    check: (inv) => {
      expect(inv.encryptionConfigs).toEqual([
        {
          source: { path: "enc.yaml" },
          resources: [
            {
              resources: ["secrets", "configmaps"],
              providers: [
                {
                  name: "aescbc",
                  // The digests: `printf %s <secret> | sha256sum | cut -c1-16`.
                  keys: [
                    { name: "key1", secretBytes: 32, secretDigest: "5e318f8cf9cbe249" },
                    { name: "short", secretBytes: 16, secretDigest: "66337256703eecc9" },
                  ],
                },
                { name: "kms", keys: [{ name: "vault" }] },
                { name: "identity", keys: [] },
              ],
            },
          ],
        },
      ]);
      expect(JSON.stringify(inv)).not.toContain("c2VjcmV0IGlzIHNlY3VyZQ");
      expect(JSON.stringify(inv)).not.toContain("secret is secure");
    },
  },
  {
    name: "TLS Secret dumped as YAML: certificate and key kept, other values not",
    files: async () => {
      const made = await issue({ subject: "CN=webhook" });
      const key = Buffer.from(await crypto.subtle.exportKey("pkcs8", made.keys.privateKey)).toString(
        "base64",
      );
      const keyPem = `-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----\n`;
      return [
        text(
          "webhook-tls.yaml",
          `apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\nmetadata: {name: webhook-tls}\ndata:\n  tls.crt: ${b64(made.pem)}\n  tls.key: ${b64(keyPem)}\n  token: ${b64(`tok-${TOKEN_SECRET}`)}\n`,
        ),
        text(
          "opaque.yaml",
          `apiVersion: v1\nkind: Secret\nmetadata: {name: x}\nstringData:\n  password: pw-${TOKEN_SECRET}\n`,
        ),
      ];
    },
    check: (inv) => {
      // A manifest without a namespace: its keys are named after the Secret alone.
      const object = { kind: "Secret", name: "webhook-tls", type: "kubernetes.io/tls", block: 1 };
      expect(inv.certificates.map((c) => [c.subject, c.sources])).toEqual([
        [
          "CN=webhook",
          [
            {
              path: "webhook-tls.yaml",
              locator: "webhook-tls/data/tls.crt",
              object: { ...object, key: "tls.crt" },
            },
          ],
        ],
      ]);
      expect(inv.privateKeys.map((k) => [k.source, k.publicKey?.canonical])).toEqual([
        [
          {
            path: "webhook-tls.yaml",
            locator: "webhook-tls/data/tls.key",
            object: { ...object, key: "tls.key" },
          },
          inv.certificates[0]?.publicKey.canonical,
        ],
      ]);
      expect(inv.skipped.map((x) => x.path)).toEqual(["opaque.yaml"]);
      expect(JSON.stringify(inv)).not.toContain(TOKEN_SECRET);
    },
  },
];

describe("ingest: configuration files", () => {
  for (const c of cases) {
    it(c.name, async () => {
      c.check(await ingest(await c.files(), { crypto }));
    });
  }

  it("reads a kubeadm kubeconfig's embedded credentials", async () => {
    const inv = await ingest([sampleFile("admin.conf")], { crypto });
    const user = inv.kubeconfigs[0]?.users[0];
    const cert = inv.certificates.find((c) => c.id === user?.clientCertificateIds[0]);
    expect(cert?.subject).toBe("O=system:masters, CN=kubernetes-admin");
    expect(cert?.sources).toEqual([{ path: "admin.conf", locator: "users/kubernetes-admin" }]);
    expect(inv.privateKeys.find((k) => k.id === user?.clientKeyId)?.publicKey?.canonical).toBe(
      cert?.publicKey.canonical,
    );
  });
});
