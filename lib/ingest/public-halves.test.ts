/**
 * Where a public key stands in for a private key (a collection that copied no secret) and where it
 * is only a public key. Real keys and certificates from openssl; the public halves are
 * `openssl pkey -pubout`'s output, as a collector writes them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import { isPrivateKeyName } from "./public-halves";
import type { InputFile, Inventory } from "../inventory";
import { openssl, readBytes, tempDir, utf8 } from "../test-support/pki-material";

let dir = "";
const s = (name: string) => new TextDecoder().decode(readBytes(dir, name));
const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });
const b64 = (content: string) => Buffer.from(content, "utf8").toString("base64");

beforeAll(() => {
  dir = tempDir();
  const run = (...args: string[]) => openssl(args, dir);
  run(
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "client.key",
    "-out",
    "client.crt",
    "-subj",
    "/O=system:nodes/CN=system:node:w-1",
    "-days",
    "2",
  );
  run("pkey", "-in", "client.key", "-pubout", "-out", "client.pub");
  run("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "sa.key");
  run("pkey", "-in", "sa.key", "-pubout", "-out", "sa.pub");
  run("pkey", "-in", "sa.key", "-pubout", "-outform", "DER", "-out", "sa-pub.der");
}, 30_000);

const kubeconfig = (user: string) =>
  `apiVersion: v1\nkind: Config\nclusters:\n- name: k\n  cluster:\n    server: https://10.0.0.1:6443\n    certificate-authority-data: ${b64(s("client.crt"))}\ncontexts:\n- name: c\n  context: {cluster: k, user: w}\ncurrent-context: c\nusers:\n- name: w\n  user:\n${user}`;

const apiserverManifest = (flags: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata: {name: kube-apiserver-cp-1, labels: {component: kube-apiserver}}\nspec:\n  containers:\n  - name: kube-apiserver\n    image: registry.k8s.io/kube-apiserver:v1.31.2\n    command: [kube-apiserver, ${flags}]\n`;

interface Want {
  /** `path` or `path#locator` of every key read as a public half. */
  halves: string[];
  /** `path` or `path#locator` of every plain public key. */
  plain: string[];
}

const name = (source: { path: string; locator?: string }) =>
  source.locator ? `${source.path}#${source.locator}` : source.path;

function seen(inv: Inventory): Want {
  return {
    halves: inv.privateKeys.filter((k) => k.publicOnly).map((k) => name(k.source)),
    plain: inv.publicKeys.map((k) => name(k.source)),
  };
}

const cases: { name: string; files: () => InputFile[]; want: Want }[] = [
  {
    name: "PUBLIC KEY in a *.key file stands in for its private key",
    files: () => [text("pki/apiserver.key", s("client.pub"))],
    want: { halves: ["pki/apiserver.key"], plain: [] },
  },
  {
    name: "in a cfssl *-key.pem file (kubespray, the hard way)",
    files: () => [text("ssl/member-node1-key.pem", s("client.pub"))],
    want: { halves: ["ssl/member-node1-key.pem"], plain: [] },
  },
  {
    name: "DER public key in a *.key file",
    files: () => [{ path: "pki/sa.key", bytes: readBytes(dir, "sa-pub.der") }],
    want: { halves: ["pki/sa.key"], plain: [] },
  },
  {
    name: "sa.pub is the public key file: a plain public key; sa.key beside it is the stand-in",
    files: () => [text("pki/sa.key", s("sa.pub")), text("pki/sa.pub", s("sa.pub"))],
    want: { halves: ["pki/sa.key"], plain: ["pki/sa.pub"] },
  },
  {
    name: "in a certificate+key bundle: the stand-in of that bundle's key",
    files: () => [text("pki/kubelet-client-current.pem", s("client.crt") + s("client.pub"))],
    want: { halves: ["pki/kubelet-client-current.pem#block 2"], plain: [] },
  },
  {
    name: "beside its own private key a public key is only a public key",
    files: () => [text("pki/apiserver.key", s("client.key") + s("client.pub"))],
    want: { halves: [], plain: ["pki/apiserver.key#block 2"] },
  },
  {
    name: "a .pem that no configuration names as a key stays a public key",
    files: () => [text("pki/serving.pem", s("client.pub"))],
    want: { halves: [], plain: ["pki/serving.pem"] },
  },
  {
    name: "a .pem that --tls-private-key-file names is the stand-in",
    files: () => [
      text("pki/serving.pem", s("client.pub")),
      text(
        "manifests/kube-apiserver.yaml",
        apiserverManifest("--tls-private-key-file=/etc/kubernetes/pki/serving.pem"),
      ),
    ],
    want: { halves: ["pki/serving.pem"], plain: [] },
  },
  {
    name: "--service-account-key-file names verification keys: a public key there stays one",
    files: () => [
      text("pki/tokens.pem", s("sa.pub")),
      text(
        "manifests/kube-apiserver.yaml",
        apiserverManifest("--service-account-key-file=/etc/kubernetes/pki/tokens.pem"),
      ),
    ],
    want: { halves: [], plain: ["pki/tokens.pem"] },
  },
  {
    name: "a .pem the kubelet's tlsPrivateKeyFile names is the stand-in",
    files: () => [
      text("pki/serving.pem", s("client.pub")),
      text(
        "kubelet/config.yaml",
        "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ntlsCertFile: /var/lib/kubelet/pki/serving.crt\ntlsPrivateKeyFile: /var/lib/kubelet/pki/serving.pem\n",
      ),
    ],
    want: { halves: ["pki/serving.pem"], plain: [] },
  },
  {
    name: "certificate-authority-data never holds a key: a public key beside the CA stays one",
    files: () => [
      text(
        "admin.conf",
        kubeconfig(`    token: abcdef.0123456789abcdef\n`).replace(
          b64(s("client.crt")),
          b64(s("client.crt") + s("client.pub")),
        ),
      ),
    ],
    want: { halves: [], plain: ["admin.conf#clusters/k"] },
  },
];

describe("public keys standing in for private keys", () => {
  it.each(cases)("$name", async ({ files, want }) => {
    const inv = await ingest(files(), { crypto: globalThis.crypto });
    expect(seen(inv)).toEqual(want);
    for (const key of inv.privateKeys.filter((k) => k.publicOnly))
      expect(key).toMatchObject({ format: "public-half", encrypted: false, publicOnly: true });
    expect(inv.problems).toEqual([]);
  });

  it("the bundle's stand-in pairs with the bundle's certificate", async () => {
    const inv = await ingest([text("pki/kubelet-client-current.pem", s("client.crt") + s("client.pub"))], {
      crypto: globalThis.crypto,
    });
    expect(inv.privateKeys[0]?.publicKey?.canonical).toBe(inv.certificates[0]?.publicKey.canonical);
  });

  const userCases = [
    {
      name: "client-key-data",
      files: () => [
        text(
          "kubelet.conf",
          kubeconfig(
            `    client-certificate-data: ${b64(s("client.crt"))}\n    client-key-data: ${b64(s("client.pub"))}\n`,
          ),
        ),
      ],
      half: "kubelet.conf#users/w",
    },
    {
      name: "client-certificate-data holding the certificate and the public key",
      files: () => [
        text(
          "kubelet.conf",
          kubeconfig(`    client-certificate-data: ${b64(s("client.crt") + s("client.pub"))}\n`),
        ),
      ],
      half: "kubelet.conf#users/w",
    },
    {
      name: "a client-key file of any name",
      files: () => [
        text(
          "kubelet.conf",
          kubeconfig(`    client-certificate: pki/client.crt\n    client-key: pki/client-public.pem\n`),
        ),
        text("pki/client.crt", s("client.crt")),
        text("pki/client-public.pem", s("client.pub")),
      ],
      half: "pki/client-public.pem",
    },
  ];

  it.each(userCases)("$name: the stand-in is the user's key, paired with its certificate", async (c) => {
    const inv = await ingest(c.files(), { crypto: globalThis.crypto });
    const half = inv.privateKeys.find((k) => k.publicOnly);
    expect(half && name(half.source)).toBe(c.half);
    const user = inv.kubeconfigs[0]?.users[0];
    expect(user?.clientKeyId).toBe(half?.id);
    const cert = inv.certificates.find((x) => x.id === user?.clientCertificateIds[0]);
    expect(cert?.subjectCN).toBe("system:node:w-1");
    expect(half?.publicKey?.canonical).toBe(cert?.publicKey.canonical);
    expect(inv.publicKeys).toEqual([]);
  });

  it("a public half is not noted as a secret; a private key is", async () => {
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const inv = await ingest([text("pki/apiserver.key", s("client.pub")), text("pki/sa.key", s("sa.key"))], {
      crypto: globalThis.crypto,
    });
    const texts = inv.secrets?.texts ?? [];
    expect(texts).toContain(body(s("sa.key")));
    expect(texts.some((t) => t.includes(body(s("client.pub")).slice(0, 40)))).toBe(false);
  });
});

describe("isPrivateKeyName", () => {
  it.each([
    ["pki/ca.key", true],
    ["ssl/ca-key.pem", true],
    ["key.pem", true],
    ["tls/server.KEY", true],
    ["keys/private.p8", true],
    ["pki/sa.pub", false],
    ["pki/apiserver.crt", false],
    ["pki/kubelet-client-current.pem", false],
    ["pki/monkey.pem", false],
    ["key.pem/ca.crt", false],
  ])("%s → %s", (path, want) => expect(isPrivateKeyName(path)).toBe(want));
});
