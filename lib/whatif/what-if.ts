/**
 * What-if: apply actions to a copy of the dropped files, judge the changed copy, and say what each
 * action changed — which relationships change colour, in the order of the actions, and what is
 * still broken afterwards. Actions:
 *
 * - `date:<ISO date>`: let time pass (the judge date of every later step);
 * - `renew:<name>`: reissue a certificate from its own CA with a fresh key, as `kubeadm certs renew
 *   <name>` does (`apiserver`, `admin.conf`, `etcd-peer`…), or a file path ending; `renew:all` is
 *   `kubeadm certs renew all` on every control plane of the drop;
 * - `stop-rotation:<node>`: the kubelet on that node stops rotating its client certificate.
 *
 * The renewal is real cryptography: a new key from WebCrypto, a certificate signed with the issuing
 * CA's own private key from the drop. Nothing here writes the caller's files; every result says it
 * is simulated. Certificates a copy of a file holds elsewhere (a `~/.kube/config` copied from
 * admin.conf) are not touched, as `kubeadm certs renew` would not touch them.
 */
import { analyze, type AnalyzeOptions } from "../analyze";
import type { InputFile } from "../inventory";
import type { Finding, Report, ReportCertificate, RelationshipStatus } from "../report";
import { renewCommand } from "../cluster/kubeadm-renew";
import { renewalPlan } from "../plan/renewal-plan";
import { archiveKind } from "../ingest/archive-kind";
import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { expandArchives } from "../ingest/expand-archives";
import { rotationPlan } from "../rotation/rotation-plan";
import { decodeBase64 } from "../shared/base64";
import { generateKey, importSigningKey, privateKeyPem, type KeyMaterial } from "../generate/keys";
import { keyMaterialFromPem } from "../generate/key-from-pem";
import { encodeBase64, encodePem } from "../generate/pem";
import type { KeyEncoding, KeySpec } from "../generate/node-model";
import * as x509 from "../x509";
import { sha256Hex } from "../pki/sha256-hex";
import { actionLabel, type WhatIfAction } from "./actions";

export { actionLabel, parseWhatIf, type WhatIfAction } from "./actions";

/** One relationship whose status an action changed. */
export interface EdgeChange {
  key: string;
  from: RelationshipStatus;
  to: RelationshipStatus;
}

export interface WhatIfStep {
  action: WhatIfAction;
  label: string;
  /** What the action did to the copy: the files it rewrote, the certificates it issued. */
  done: string[];
  /** Why it did less than asked (no CA key in the drop, nothing matched). */
  problems: string[];
  changes: EdgeChange[];
  /** Codes and titles of findings that appeared, and of those that went away. */
  added: Pick<Finding, "code" | "severity" | "title">[];
  removed: Pick<Finding, "code" | "severity" | "title">[];
  summary: Report["summary"];
}

export interface WhatIfResult {
  /** Always true: nothing in here happened to the cluster or to the files. */
  simulated: true;
  actions: WhatIfAction[];
  before: Report;
  after: Report;
  steps: WhatIfStep[];
  /** Relationships not ok after the last action, with their findings' codes. */
  stillBroken: { key: string; status: RelationshipStatus; findings: string[] }[];
}

type Files = Map<string, InputFile>;

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (value: string) => new TextEncoder().encode(value);

/** The file part of a report path (`admin.conf#users/x` → `admin.conf`). */
const fileOf = (path: string) => path.split("#", 1)[0] ?? path;

function keySpecOf(algorithm: string): KeySpec | undefined {
  if (/^RSA 2048/.test(algorithm)) return { algorithm: "RSA", bits: 2048 };
  if (/^RSA 1024/.test(algorithm)) return { algorithm: "RSA", bits: 1024 };
  if (/P-256/.test(algorithm)) return { algorithm: "ECDSA-P256" };
  return undefined;
}

const PEM_KEY = /-----BEGIN (RSA PRIVATE KEY|EC PRIVATE KEY|PRIVATE KEY)-----[\s\S]*?-----END \1-----\r?\n?/;
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\r?\n?/g;

function encodingOf(label: string): KeyEncoding {
  return label === "RSA PRIVATE KEY" ? "pkcs1" : label === "EC PRIVATE KEY" ? "sec1" : "pkcs8";
}

/** The certificates `target` names among the report's. */
function targets(report: Report, target: string): ReportCertificate[] {
  if (target === "plan") {
    // What the renewal plan says to run now: its kubeadm steps for what is expired or due.
    const due = new Set(
      renewalPlan(report)
        .days.flatMap((day) => day.items)
        .filter((item) => item.kind === "kubeadm" && item.expiryState !== "ok")
        .map((item) => item.certificateId),
    );
    return report.certificates.filter((c) => due.has(c.id));
  }
  if (target === "all")
    return report.certificates.filter((c) => !c.isCA && c.paths.some((p) => renewCommand(p) !== undefined));
  const command = `kubeadm certs renew ${target}`;
  const byName = report.certificates.filter(
    (c) => !c.isCA && c.paths.some((p) => renewCommand(p) === command),
  );
  if (byName.length > 0) return byName;
  return report.certificates.filter((c) =>
    c.paths.some((p) => p === target || p.endsWith(`/${target}`) || fileOf(p).endsWith(`/${target}`)),
  );
}

/** A private key PEM of a certificate's key, from the drop's files (its first key file). */
function keyPemOf(files: Files, cert: ReportCertificate): { pem: string; path: string } | undefined {
  for (const path of cert.keyPaths) {
    const file = files.get(fileOf(path));
    if (!file) continue;
    const body = text(file.bytes);
    const kubeconfigKey = /#users\//.test(path) ? embeddedKey(body) : undefined;
    const pem = kubeconfigKey ?? PEM_KEY.exec(body)?.[0];
    if (pem) return { pem, path };
  }
  return undefined;
}

function embeddedKey(kubeconfig: string): string | undefined {
  const data = /client-key-data:\s*(\S+)/.exec(kubeconfig)?.[1];
  const decoded = data ? decodeBase64(data) : undefined;
  return decoded?.ok ? text(decoded.value) : undefined;
}

/** WebCrypto's parameters for a generated key's algorithm, signing with SHA-256. */
function algorithmOf(spec: KeySpec): RsaHashedImportParams | EcKeyImportParams {
  return spec.algorithm === "RSA"
    ? { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }
    : { name: "ECDSA", namedCurve: "P-256" };
}

/** Sign a certificate of `subjectKey` with `issuerKey`; the serial is derived from the new key. */
async function signCertificate(
  fields: {
    subject: x509.Name;
    issuer: x509.Name;
    notBefore: Date;
    notAfter: Date;
    extensions: x509.Extension[];
  },
  subjectKey: KeyMaterial,
  issuerKey: KeyMaterial,
  crypto: Crypto,
): Promise<Uint8Array> {
  const serial = new Uint8Array(await crypto.subtle.digest("SHA-256", subjectKey.spki)).slice(0, 8);
  serial[0] = (serial[0] ?? 0) & 0x7f || 0x01;
  const created = await x509.X509CertificateGenerator.create(
    {
      ...fields,
      serialNumber: [...serial].map((b) => b.toString(16).padStart(2, "0")).join(""),
      signingAlgorithm: { ...algorithmOf(issuerKey.spec), hash: "SHA-256" },
      publicKey: await crypto.subtle.importKey("spki", subjectKey.spki, algorithmOf(subjectKey.spec), true, [
        "verify",
      ]),
      signingKey: await importSigningKey(issuerKey, "SHA-256", crypto),
    },
    crypto,
  );
  return new Uint8Array(created.rawData);
}

/** Issue the replacement of `old`: same subject, names and usages, a fresh key, the same lifetime from `now`. */
async function reissue(
  old: ReportCertificate,
  oldDer: Uint8Array,
  issuer: { cert: ReportCertificate; der: Uint8Array; key: KeyMaterial },
  now: Date,
  crypto: Crypto,
): Promise<{ der: Uint8Array; key: KeyMaterial }> {
  const spec = keySpecOf(old.keyAlgorithm) ?? { algorithm: "ECDSA-P256" };
  const key = await generateKey(spec, crypto);
  const previous = new x509.X509Certificate(oldDer.slice());
  const ca = new x509.X509Certificate(issuer.der.slice());
  // kubeadm renews for its default validity (a year); anything else keeps the lifetime it had.
  const kubeadm = old.paths.some((path) => renewCommand(path) !== undefined);
  const lifetime = kubeadm ? 365 * 86_400_000 : Date.parse(old.notAfter) - Date.parse(old.notBefore);
  const extensions = previous.extensions.filter((e) => e.type !== "2.5.29.14" && e.type !== "2.5.29.35");
  const caKeyId = ca.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  if (caKeyId) extensions.push(new x509.AuthorityKeyIdentifierExtension(caKeyId));
  const der = await signCertificate(
    {
      subject: previous.subjectName,
      issuer: ca.subjectName,
      notBefore: now,
      notAfter: new Date(now.getTime() + lifetime),
      extensions,
    },
    key,
    issuer.key,
    crypto,
  );
  return { der, key };
}

/** Replace, in a kubeconfig's text, the user whose client certificate is `oldDer`. */
function rewriteKubeconfig(
  body: string,
  oldDer: Uint8Array,
  certPem: string,
  keyPem: string,
): string | undefined {
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*client-certificate-data:\s*)(\S+)\s*$/.exec(lines[i] ?? "");
    if (!match) continue;
    const decoded = decodeBase64(match[2] ?? "");
    if (!decoded.ok || !sameCertificate(text(decoded.value), oldDer)) continue;
    lines[i] = `${match[1]}${encodeBase64(bytesOf(certPem))}`;
    for (let j = i - 4; j < Math.min(lines.length, i + 5); j++) {
      const key = /^(\s*client-key-data:\s*)(\S+)\s*$/.exec(lines[j] ?? "");
      if (key && j >= 0) lines[j] = `${key[1]}${encodeBase64(bytesOf(keyPem))}`;
    }
    return lines.join("\n");
  }
  return undefined;
}

function derOfPem(pem: string): Uint8Array | undefined {
  const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  const decoded = decodeBase64(body);
  return decoded.ok ? decoded.value : undefined;
}

function sameCertificate(pemText: string, der: Uint8Array): boolean {
  for (const block of pemText.match(PEM_CERT) ?? []) {
    const bytes = derOfPem(block);
    if (bytes && bytes.length === der.length && bytes.every((b, i) => b === der[i])) return true;
  }
  return false;
}

/** The DER of a report certificate, from the first of its files that holds it. */
function derOf(files: Files, cert: ReportCertificate): Uint8Array | undefined {
  for (const path of cert.paths) {
    const file = files.get(fileOf(path));
    if (!file) continue;
    const body = text(file.bytes);
    const candidates = /#users\//.test(path)
      ? [...body.matchAll(/client-certificate-data:\s*(\S+)/g)].flatMap((m) => {
          const decoded = decodeBase64(m[1] ?? "");
          return decoded.ok ? (text(decoded.value).match(PEM_CERT) ?? []) : [];
        })
      : /#clusters\//.test(path)
        ? [...body.matchAll(/certificate-authority-data:\s*(\S+)/g)].flatMap((m) => {
            const decoded = decodeBase64(m[1] ?? "");
            return decoded.ok ? (text(decoded.value).match(PEM_CERT) ?? []) : [];
          })
        : (body.match(PEM_CERT) ?? []);
    for (const block of candidates) {
      const der = derOfPem(block);
      if (!der) continue;
      // The certificate whose SHA-256 is the report's.
      if (sha256Hex(der) === cert.sha256) return der;
    }
  }
  return undefined;
}

/** Write a reissued certificate (and its new key) into the copy at `ownPaths` and the certificate's key files. */
function writeRenewed(
  files: Files,
  cert: ReportCertificate,
  oldDer: Uint8Array,
  renewed: { der: Uint8Array; key: KeyMaterial },
  ownPaths: readonly string[],
): Set<string> {
  const certPem = encodePem("CERTIFICATE", renewed.der);
  const written = new Set<string>();
  const put = (file: InputFile, body: string) => {
    files.set(file.path, {
      path: file.path,
      bytes: bytesOf(body),
      ...(file.linkTarget ? { linkTarget: file.linkTarget } : {}),
    });
    written.add(file.path);
  };
  for (const path of ownPaths) {
    const file = files.get(fileOf(path));
    if (!file || written.has(file.path)) continue;
    const body = text(file.bytes);
    if (/#users\//.test(path)) {
      const keyPem = privateKeyPem(renewed.key, renewed.key.spec.algorithm === "RSA" ? "pkcs1" : "sec1");
      const next = rewriteKubeconfig(body, oldDer, certPem, keyPem);
      if (next !== undefined) put(file, next);
      continue;
    }
    if (/#clusters\//.test(path)) continue;
    // A PEM file: the certificate block replaced; a key block in the same file too (kubelet's pair).
    let next = body.replace(PEM_CERT, (block) => (sameCertificate(block, oldDer) ? certPem : block));
    const keyInFile = PEM_KEY.exec(next);
    if (keyInFile) next = next.replace(PEM_KEY, privateKeyPem(renewed.key, encodingOf(keyInFile[1] ?? "")));
    put(file, next);
  }
  for (const keyPath of cert.keyPaths) {
    const file = files.get(fileOf(keyPath));
    if (!file || written.has(file.path) || keyPath.includes("#users/")) continue;
    const body = text(file.bytes);
    const found = PEM_KEY.exec(body);
    if (!found) continue;
    put(file, body.replace(PEM_KEY, privateKeyPem(renewed.key, encodingOf(found[1] ?? ""))));
  }
  return written;
}

/** Renew every certificate `target` names, in the copy. */
async function applyRenew(
  files: Files,
  report: Report,
  target: string,
  now: Date,
  crypto: Crypto,
): Promise<{ done: string[]; problems: string[] }> {
  const done: string[] = [];
  const problems: string[] = [];
  const chosen = targets(report, target);
  if (chosen.length === 0) problems.push(`nothing in the drop is '${target}'`);
  for (const cert of chosen) {
    const name = cert.paths.find((p) => !p.includes("#block")) ?? cert.paths[0] ?? cert.id;
    const issuer = report.certificates.find((c) => c.id === cert.issuerId);
    if (!issuer || issuer.id === cert.id) {
      problems.push(`${name}: its issuing CA is not in the drop`);
      continue;
    }
    const caKey = keyPemOf(files, issuer);
    const caSpec = keySpecOf(issuer.keyAlgorithm);
    const oldDer = derOf(files, cert);
    const caDer = derOf(files, issuer);
    if (!caKey || !caSpec || !caDer) {
      problems.push(
        `${name}: the private key of its CA (${issuer.subject}) is not in the drop, so it cannot be reissued here`,
      );
      continue;
    }
    if (!oldDer) {
      problems.push(`${name}: its certificate could not be found in the files again`);
      continue;
    }
    const key = await keyMaterialFromPem(caKey.pem, caSpec, crypto);
    const renewed = await reissue(cert, oldDer, { cert: issuer, der: caDer, key }, now, crypto);
    // Only the files the command writes: `kubeadm certs renew admin.conf` rewrites
    // /etc/kubernetes/admin.conf, never a copy of it in ~/.kube/config.
    const byKubeadm =
      target === "all" ||
      target === "plan" ||
      cert.paths.some((p) => renewCommand(p) === `kubeadm certs renew ${target}`);
    const ownPaths = cert.paths.filter((p) =>
      byKubeadm
        ? renewCommand(p) !== undefined
        : p === target || p.endsWith(`/${target}`) || fileOf(p).endsWith(`/${target}`),
    );
    const skipped = cert.paths.filter((p) => !ownPaths.includes(p) && !p.includes("#block"));
    const written = writeRenewed(files, cert, oldDer, renewed, ownPaths);
    const until = new x509.X509Certificate(renewed.der.slice()).notAfter.toISOString().slice(0, 10);
    if (skipped.length > 0)
      problems.push(
        `${skipped.join(", ")} holds the same certificate and is not renewed with it: copy it again`,
      );
    done.push(
      `reissued ${name} from ${issuer.subject} with a fresh ${renewed.key.spec.algorithm === "RSA" ? "RSA" : "ECDSA P-256"} key, valid to ${until} (${[...written].join(", ")})`,
    );
  }
  return { done, problems };
}

/** A self-signed CA certificate for `subject`, on `key`, valid ten years from `now`. */
async function newCaCertificate(
  subject: x509.Name,
  key: KeyMaterial,
  now: Date,
  crypto: Crypto,
): Promise<Uint8Array> {
  return signCertificate(
    {
      subject,
      issuer: subject,
      notBefore: now,
      notAfter: new Date(now.getTime() + 3650 * 86_400_000),
      extensions: [
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature |
            x509.KeyUsageFlags.keyEncipherment |
            x509.KeyUsageFlags.keyCertSign,
          true,
        ),
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.SubjectKeyIdentifierExtension(key.keyId),
      ],
    },
    key,
    key,
    crypto,
  );
}

/** The PEM blocks of a bundle, each with whether it is the certificate `der`. */
function rebundle(pemText: string, oldDer: Uint8Array, order: (old: string) => string[]): string | undefined {
  let touched = false;
  const next = pemText.replace(PEM_CERT, (block) => {
    if (!sameCertificate(block, oldDer)) return block;
    touched = true;
    return order(block.endsWith("\n") ? block : `${block}\n`).join("");
  });
  return touched ? next : undefined;
}

/** Rewrite every certificate-authority-data of a kubeconfig that holds `oldDer`. */
function rebundleKubeconfig(
  body: string,
  oldDer: Uint8Array,
  order: (old: string) => string[],
): string | undefined {
  let touched = false;
  const next = body.replace(
    /^(\s*certificate-authority-data:\s*)(\S+)\s*$/gm,
    (line, head: string, data: string) => {
      const decoded = decodeBase64(data);
      if (!decoded.ok) return line;
      const pem = rebundle(text(decoded.value), oldDer, order);
      if (pem === undefined) return line;
      touched = true;
      return `${head}${encodeBase64(bytesOf(pem))}`;
    },
  );
  return touched ? next : undefined;
}

/**
 * Take a rotation of `root` through `step` on the copy, as the rotation plan does it: 1 the new CA
 * (a fresh key) next to the old one in every bundle and kubeconfig that trusts it; 2 every leaf it
 * signed reissued from the new CA, but the kubelets' client certificates; 3 the new CA first in the
 * signer's file with its key, and the kubelets' client certificates from it; 5 the old CA removed.
 */
async function applyRotate(
  files: Files,
  report: Report,
  root: string,
  step: 1 | 2 | 3 | 5,
  now: Date,
  crypto: Crypto,
): Promise<{ done: string[]; problems: string[] }> {
  const plan = rotationPlan(report, root);
  const old = plan?.ca ? report.certificates.find((c) => c.id === plan.ca?.certificateId) : undefined;
  if (!plan || !old) return { done: [], problems: [`no CA '${root}' in the drop to rotate`] };
  const oldDer = derOf(files, old);
  if (!oldDer)
    return { done: [], problems: [`${root}: its certificate could not be found in the files again`] };
  const key = await generateKey(keySpecOf(old.keyAlgorithm) ?? { algorithm: "ECDSA-P256" }, crypto);
  const subject = new x509.X509Certificate(oldDer.slice()).subjectName;
  const newDer = await newCaCertificate(subject, key, now, crypto);
  const newPem = encodePem("CERTIFICATE", newDer);
  const done: string[] = [`made a new ${old.subject} with a fresh key`];
  const problems: string[] = [];
  const put = (file: InputFile, body: string) =>
    files.set(file.path, {
      path: file.path,
      bytes: bytesOf(body),
      ...(file.linkTarget ? { linkTarget: file.linkTarget } : {}),
    });
  // Every file holding the old CA as a certificate (bundles, the CA's own file) or in kubeconfig data.
  const holders = [...new Set([...old.paths.map(fileOf)])];
  const signerFiles = new Set(
    old.keyPaths.length > 0 ? old.paths.filter((p) => !p.includes("#")).map(fileOf) : [],
  );
  const rewriteAll = (order: (oldBlock: string, path: string) => string[]) => {
    const touched: string[] = [];
    for (const path of holders) {
      const file = files.get(path);
      if (!file) continue;
      const body = text(file.bytes);
      const next = /\.(conf|kubeconfig|ya?ml)$|(^|\/)config$/.test(path)
        ? rebundleKubeconfig(body, oldDer, (b) => order(b, path))
        : rebundle(body, oldDer, (b) => order(b, path));
      if (next !== undefined) {
        put(file, next);
        touched.push(path);
      }
    }
    return touched;
  };
  // Step 1: both CAs, the old one first (its key still signs).
  const distributed = rewriteAll((block) => [block, newPem]);
  done.push(`step 1: the new CA next to the old one in ${distributed.length} files`);
  const issuer = { cert: old, der: newDer, key };
  const leaves = report.certificates.filter((c) => !c.isCA && c.issuerId === old.id);
  const signed = (c: ReportCertificate) => c.paths.some((p) => /kubelet-client-/.test(p));
  const reissueAll = async (list: ReportCertificate[]) => {
    for (const leaf of list) {
      const der = derOf(files, leaf);
      if (!der) continue;
      const renewed = await reissue(leaf, der, issuer, now, crypto);
      writeRenewed(
        files,
        leaf,
        der,
        renewed,
        leaf.paths.filter((p) => !/#clusters\//.test(p)),
      );
    }
    return list.length;
  };
  if (step >= 2)
    done.push(
      `step 2: ${await reissueAll(leaves.filter((c) => !signed(c)))} leaves reissued from the new CA`,
    );
  if (step >= 3) {
    // The signer: the new CA first in the CA's own file, with its key.
    for (const path of signerFiles) {
      const file = files.get(path);
      if (!file) continue;
      const body = text(file.bytes);
      const next = body.replace(PEM_CERT, (block) => (sameCertificate(block, newDer) ? "" : block));
      put(file, next.replace(/-----BEGIN CERTIFICATE-----/, `${newPem}-----BEGIN CERTIFICATE-----`));
    }
    for (const keyPath of old.keyPaths) {
      const file = files.get(fileOf(keyPath));
      const found = file ? PEM_KEY.exec(text(file.bytes)) : undefined;
      if (file && found)
        put(file, text(file.bytes).replace(PEM_KEY, privateKeyPem(key, encodingOf(found[1] ?? ""))));
    }
    done.push(
      `step 3: the signer on the new CA; ${await reissueAll(leaves.filter(signed))} kubelet client certificates rotated from it`,
    );
  }
  if (step >= 5) {
    const removed = rewriteAll(() => [newPem]);
    done.push(`step 5: the old CA removed from ${removed.length} files`);
  }
  if (distributed.length === 0)
    problems.push(`${root}: no file holds its CA as a certificate to add the new one to`);
  return { done, problems };
}

/** The kubelet on `node` stops rotating: `rotateCertificates: false` in its configuration. */
function applyStopRotation(
  files: Files,
  report: Report,
  node: string,
): { done: string[]; problems: string[] } {
  const kubelet = report.components.find((c) => c.kind === "kubelet" && c.node === node);
  const config = kubelet?.sources.find((s) => /config\.ya?ml$/.test(s));
  const file = config ? files.get(config) : undefined;
  if (!file) return { done: [], problems: [`no kubelet configuration file for node '${node}' in the drop`] };
  const body = text(file.bytes);
  const next = /^rotateCertificates:.*$/m.test(body)
    ? body.replace(/^rotateCertificates:.*$/m, "rotateCertificates: false")
    : `${body.replace(/\n?$/, "\n")}rotateCertificates: false\n`;
  files.set(file.path, { path: file.path, bytes: bytesOf(next) });
  return { done: [`set rotateCertificates: false in ${file.path}`], problems: [] };
}

function findingKey(finding: Finding): string {
  return JSON.stringify([finding.code, finding.severity, finding.title]);
}

function diff(before: Report, after: Report): Pick<WhatIfStep, "changes" | "added" | "removed"> {
  const was = new Map(before.relationships.map((r) => [r.key, r.status]));
  const changes: EdgeChange[] = [];
  for (const relationship of after.relationships) {
    const from = was.get(relationship.key);
    if (from !== undefined && from !== relationship.status)
      changes.push({ key: relationship.key, from, to: relationship.status });
  }
  const beforeKeys = new Set(before.findings.map(findingKey));
  const afterKeys = new Set(after.findings.map(findingKey));
  const pick = ({ code, severity, title }: Finding) => ({ code, severity, title });
  return {
    changes,
    added: after.findings.filter((f) => !beforeKeys.has(findingKey(f))).map(pick),
    removed: before.findings.filter((f) => !afterKeys.has(findingKey(f))).map(pick),
  };
}

/**
 * The inputs with their archives unpacked, so a renewal can rewrite a file that came in a tarball
 * (a collector archive); kept as they are when an archive did not unpack cleanly (a corrupt or
 * over-limit one is judged as the analysis judges it, and its files are not rewritten).
 */
function unpacked(files: readonly InputFile[]): readonly InputFile[] {
  if (!files.some((file) => archiveKind(file.bytes) !== undefined)) return files;
  const expanded = expandArchives(files, DEFAULT_ARCHIVE_LIMITS);
  return expanded.problems.length === 0 && expanded.unread.length === 0 ? expanded.files : files;
}

export interface WhatIfOptions extends Omit<AnalyzeOptions, "consumeInput" | "now"> {
  now: Date;
  crypto: Crypto;
}

/**
 * Judge `files` as they are, then after each action in turn, on a copy. `files` is not changed (nor
 * consumed); the copies live only in memory.
 */
export async function simulateWhatIf(
  files: readonly InputFile[],
  actions: readonly WhatIfAction[],
  options: WhatIfOptions,
): Promise<WhatIfResult> {
  const copy: Files = new Map(
    unpacked(files).map((file) => [
      file.path,
      {
        path: file.path,
        bytes: file.bytes,
        ...(file.linkTarget ? { linkTarget: file.linkTarget } : {}),
        ...(file.unreadable ? { unreadable: file.unreadable } : {}),
      },
    ]),
  );
  const judge = (now: Date) =>
    analyze(
      [...copy.values()].map((f) => ({ ...f })),
      { ...options, now },
    );
  let now = options.now;
  const before = await judge(now);
  let current = before;
  const steps: WhatIfStep[] = [];
  for (const action of actions) {
    let outcome: { done: string[]; problems: string[] } = { done: [], problems: [] };
    if (action.kind === "date") {
      now = new Date(action.at);
      outcome = { done: [`judged at ${action.at.slice(0, 10)}`], problems: [] };
    } else if (action.kind === "renew") {
      outcome = await applyRenew(copy, current, action.target, now, options.crypto);
    } else if (action.kind === "rotate") {
      outcome = await applyRotate(copy, current, action.root, action.step, now, options.crypto);
    } else {
      outcome = applyStopRotation(copy, current, action.node);
    }
    const next = await judge(now);
    steps.push({
      action,
      label: actionLabel(action),
      ...outcome,
      ...diff(current, next),
      summary: next.summary,
    });
    current = next;
  }
  const stillBroken = current.relationships
    .filter((r) => r.status === "error" || r.status === "warning")
    .map((r) => ({ key: r.key, status: r.status, findings: [...new Set(r.findings)] }));
  return { simulated: true, actions: [...actions], before, after: current, steps, stillBroken };
}
