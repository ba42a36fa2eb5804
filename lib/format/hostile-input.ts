/**
 * A hostile cluster for the text formats' tests: the healthy demo cluster rendered with the project's
 * generator, but with terminal escapes, bidi and invisible characters, NUL and Markdown/HTML in what
 * the input decides — certificate subjects (CN, O, OU), SAN DNS names, file and folder names,
 * kubeconfig user, cluster and context names, a node's name. Real certificates and kubeconfigs, so
 * the strings reach the report the way an attacker's would: through `analyze`.
 */
import type { InputFile } from "../inventory";
import { demoCluster, healthyDemoCluster } from "../generate/demo-cluster";
import { leafCert } from "../generate/healthy-node";
import { certSpec, kubeconfigSpec, type NodeModel } from "../generate/node-model";
import { encodePem } from "../generate/pem";
import { renderOnFiles } from "../generate/render-on-files";
import * as x509 from "../x509";

/** What each hostile sequence would do on a terminal that honoured it. */
export const HOSTILE_SEQUENCES = {
  clearScreen: "\u001b[2J",
  windowTitle: "\u001b]0;owned\u0007",
  hyperlink: "\u001b]8;;https:attacker.invalid\u001b\\click\u001b]8;;\u001b\\",
  lineBreak: "\r\n| forged | row |",
  tab: "\t",
  rightToLeft: "\u202egnp.exe",
  zeroWidth: "\u200b",
  c1Csi: "\u009b31m",
  del: "\u007f",
} as const;

/** A name a file system accepts (no `/`, no NUL) holding every hostile sequence. */
export const HOSTILE_NAME = `evil${Object.values(HOSTILE_SEQUENCES).join("")}`;

/** Markdown and HTML that must stay text in a rendered Markdown report. */
export const HOSTILE_MARKUP =
  " `tick` <img src=x onerror=alert(1)> <script>alert(1)</script> &#x202E; $\\color{red}{x}$ *b* [l](https://x.invalid) a|b";

/** Subject text: the hostile name, a NUL, and markup. */
export const HOSTILE_TEXT = `${HOSTILE_NAME}\u0000${HOSTILE_MARKUP}`;

/** A SAN DNS name is an IA5String: ASCII only, so the C0 controls, DEL and NUL. */
export const HOSTILE_DNS = "evil\u001b[2J\u001b]0;owned\u0007\r\n\t\u007f\u0000.example";

/** The folder names, a node name and the judge date of the hostile cluster. */
export const HOSTILE_CONTROL_PLANE = `control${HOSTILE_NAME}`;
export const HOSTILE_WORKER = `worker${HOSTILE_NAME}`;
export const HOSTILE_NODE = `node${HOSTILE_SEQUENCES.clearScreen}${HOSTILE_SEQUENCES.rightToLeft}`;
export const HOSTILE_NOW = "2026-06-01T00:00:00Z";

/** Moves every file of `model` from `from/` to `to/`. */
function moveFolder(model: NodeModel, from: string, to: string): void {
  model.files = Object.fromEntries(
    Object.entries(model.files).map(([path, spec]) => [
      path.startsWith(`${from}/`) ? `${to}${path.slice(from.length)}` : path,
      spec,
    ]),
  );
}

/** The demo cluster with hostile names, subjects and SANs (still a working cluster). */
function hostileModel(): NodeModel {
  const model = healthyDemoCluster();
  const ca = certSpec(model, "ca");
  ca.subject.o = [HOSTILE_TEXT];
  const apiserver = certSpec(model, "apiserver");
  apiserver.subject = { cn: `kube-apiserver${HOSTILE_TEXT}`, o: [HOSTILE_TEXT] };
  apiserver.dns.push(HOSTILE_DNS);
  const worker = certSpec(model, "worker-1-kubelet-client");
  worker.subject.cn = `system:node:${HOSTILE_NODE}`;
  const admin = kubeconfigSpec(model, "control-1/etc/kubernetes/admin.conf");
  admin.userName = `admin${HOSTILE_TEXT}`;
  admin.clusterName = `cluster${HOSTILE_TEXT}`;
  admin.contextName = `context${HOSTILE_TEXT}`;
  const kubelet = kubeconfigSpec(model, "worker-1/etc/kubernetes/kubelet.conf");
  kubelet.userName = `system:node:${HOSTILE_NODE}`;
  // An expired certificate under a hostile file name: a finding and a renewal step that name it.
  model.keys.hostile = { algorithm: "ECDSA-P256" };
  model.certs.hostile = {
    ...leafCert({
      cn: HOSTILE_TEXT,
      o: [HOSTILE_TEXT],
      key: "hostile",
      issuer: "ca",
      eku: ["clientAuth"],
      dns: [HOSTILE_DNS],
    }),
    notAfter: "2026-05-01T00:00:00Z",
  };
  model.files[`control-1/etc/kubernetes/pki/${HOSTILE_NAME}.crt`] = {
    kind: "pem",
    blocks: [{ type: "certificate", cert: "hostile" }],
  };
  // Unreadable certificate material under a hostile name: a parse error that quotes the path.
  model.files[`control-1/etc/kubernetes/pki/${HOSTILE_NAME}-broken.crt`] = {
    kind: "text",
    text: "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n",
  };
  moveFolder(model, "control-1", HOSTILE_CONTROL_PLANE);
  moveFolder(model, "worker-1", HOSTILE_WORKER);
  return model;
}

/** A self-signed certificate whose subject has a hostile CN, O and OU (the generator writes no OU). */
async function organisationalUnitFile(crypto: Crypto): Promise<InputFile> {
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = (await crypto.subtle.generateKey(algorithm, false, ["sign", "verify"])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: "0badc0de",
      name: [{ O: [HOSTILE_TEXT] }, { OU: [HOSTILE_TEXT] }, { CN: [`ou${HOSTILE_TEXT}`] }],
      notBefore: new Date("2026-01-01T00:00:00Z"),
      notAfter: new Date("2026-07-01T00:00:00Z"),
      keys,
      signingAlgorithm: algorithm,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: "dns", value: HOSTILE_DNS }])],
    },
    crypto,
  );
  return {
    path: `${HOSTILE_CONTROL_PLANE}/${HOSTILE_NAME}-ou.pem`,
    bytes: new TextEncoder().encode(encodePem("CERTIFICATE", new Uint8Array(certificate.rawData))),
  };
}

/**
 * The hostile cluster's files, rendered on `demoFiles` (the files of the demo archive, whose keys
 * are reused so no RSA key is generated). With `withNul` a file name holds a NUL too, which an
 * archive or a test can carry but a file system cannot.
 */
export async function hostileFiles(
  demoFiles: readonly InputFile[],
  crypto: Crypto,
  withNul = false,
): Promise<InputFile[]> {
  const { files } = await renderOnFiles(hostileModel(), demoCluster(), demoFiles, crypto);
  const extra = await organisationalUnitFile(crypto);
  const nul = withNul ? [{ ...extra, path: extra.path.replace("-ou.pem", "\u0000-nul.pem") }] : [];
  return [...files, extra, ...nul];
}
