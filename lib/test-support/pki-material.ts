/**
 * Test-only helpers for real PKI material: certificates made with @peculiar/x509 + WebCrypto,
 * keys and files made with the openssl command line, and the committed kubeadm v1.20 sample.
 * Node-only (fs, child_process); never imported by lib/ code.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { CertificateRecord, InputFile } from "../inventory";
import { readCertificate } from "../pki/read-certificate";
import { sha256Hex } from "../pki/sha256-hex";
import * as x509 from "../x509";

export const webCrypto = globalThis.crypto;
x509.cryptoProvider.set(webCrypto);

/** The real kubeadm v1.20.2 output committed with the end-to-end fixtures. */
export const SAMPLE_DIR = join(import.meta.dirname, "../../e2e/fixtures/kubeadm-v1.20");

/** Every file under `dir` as InputFiles with paths relative to `dir` (optionally prefixed). */
export function readTree(dir: string, prefix = ""): InputFile[] {
  const out: InputFile[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        out.push({
          path: prefix + relative(dir, full).split("\\").join("/"),
          bytes: new Uint8Array(readFileSync(full)),
        });
    }
  };
  walk(dir);
  return out;
}

/** One file of the sample, by its path inside the sample (`pki/ca.crt`). */
export function sampleFile(path: string): InputFile {
  return { path, bytes: new Uint8Array(readFileSync(join(SAMPLE_DIR, path))) };
}

/** A fresh temporary directory for openssl's output files. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "k8s-pki-test-"));
}

/** Run openssl with arguments in `cwd`; returns stdout. Throws (failing the test) on error. */
export function openssl(args: string[], cwd: string, input?: Uint8Array): Uint8Array {
  return new Uint8Array(execFileSync("openssl", args, { cwd, input, stdio: ["pipe", "pipe", "pipe"] }));
}

/** Read a file openssl wrote. */
export function readBytes(dir: string, name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(dir, name)));
}

/** UTF-8 bytes of a string (file contents in tests). */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** PEM armour around DER bytes. */
export function pem(type: string, der: ArrayBuffer | Uint8Array): string {
  const b64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString("base64");
  return `-----BEGIN ${type}-----\n${b64.replace(/(.{64})/g, "$1\n").replace(/\n$/, "")}\n-----END ${type}-----\n`;
}

export type KeyKind = "RSA" | "P-256" | "P-384" | "Ed25519";

const KEY_ALGORITHMS: Record<KeyKind, RsaHashedKeyGenParams | EcKeyGenParams | Algorithm> = {
  RSA: {
    name: "RSASSA-PKCS1-v1_5",
    hash: "SHA-256",
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  },
  "P-256": { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as EcKeyGenParams,
  "P-384": { name: "ECDSA", namedCurve: "P-384", hash: "SHA-384" } as EcKeyGenParams,
  Ed25519: { name: "Ed25519" },
};

export interface Issued {
  cert: x509.X509Certificate;
  der: Uint8Array;
  keys: CryptoKeyPair;
  pem: string;
}

export interface IssueOptions {
  subject: string | x509.JsonName;
  key?: KeyKind;
  issuer?: Issued;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  serial?: string;
  /** Signature hash for RSA/ECDSA issuers (default SHA-256). */
  hash?: string;
  extensions?: x509.Extension[];
}

/** A certificate (self-signed unless `issuer` is given) with a fresh key, made by WebCrypto. */
export async function issue(options: IssueOptions): Promise<Issued> {
  const algorithm = KEY_ALGORITHMS[options.key ?? "P-256"];
  const keys = (await webCrypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const signer = options.issuer;
  const signingAlgorithm = signer ? (signer.keys.privateKey.algorithm as Algorithm) : algorithm;
  const extensions: x509.Extension[] = [
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, webCrypto),
  ];
  if (options.ca) {
    extensions.push(new x509.BasicConstraintsExtension(true, undefined, true));
    extensions.push(
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    );
  }
  if (signer)
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(signer.cert, false, webCrypto));
  extensions.push(...(options.extensions ?? []));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: options.serial ?? "01",
    subject: options.subject,
    issuer: signer ? signer.cert.subject : options.subject,
    notBefore: options.notBefore ?? new Date("2026-01-01T00:00:00Z"),
    notAfter: options.notAfter ?? new Date("2027-01-01T00:00:00Z"),
    publicKey: keys.publicKey,
    signingKey: signer ? signer.keys.privateKey : keys.privateKey,
    signingAlgorithm: { ...signingAlgorithm, hash: options.hash ?? "SHA-256" } as Algorithm,
    extensions,
  });
  const der = new Uint8Array(cert.rawData);
  return { cert, der, keys, pem: pem("CERTIFICATE", der) };
}

/** A CertificateRecord for DER bytes, with one source, as ingest would make it. */
export async function certRecord(der: Uint8Array, path = "test.crt"): Promise<CertificateRecord> {
  const result = readCertificate(der, sha256Hex(der));
  if (!result.ok) throw new Error(result.reason);
  return { ...result.value, sources: [{ path }] };
}

/** The DER of the `index`th PEM block in the bytes (test input preparation only). */
export function derOf(pemBytes: Uint8Array, index = 0): Uint8Array {
  const blocks = [
    ...Buffer.from(pemBytes)
      .toString("latin1")
      .matchAll(/-----BEGIN [^-]+-----([^-]+)-----END/g),
  ];
  const body = blocks[index]?.[1];
  if (body === undefined) throw new Error(`no PEM block ${index}`);
  return new Uint8Array(Buffer.from(body.replace(/^[A-Za-z-]+:.*$/gm, ""), "base64"));
}

/** A private key exported as PKCS#8 DER (for PEM `PRIVATE KEY` files). */
export async function pkcs8Of(keys: CryptoKeyPair): Promise<Uint8Array> {
  return new Uint8Array(await webCrypto.subtle.exportKey("pkcs8", keys.privateKey));
}
