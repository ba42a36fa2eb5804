import { describe, expect, it } from "vitest";
import { derivePublicKey } from "./derive-public-key";
import { sameKey } from "./key-match";
import { readPkcs1PublicKey, readSpki } from "./public-key-info";
import { readCertificate } from "./read-certificate";
import {
  readEncryptedPkcs8,
  readPkcs1PrivateKey,
  readPkcs8PrivateKey,
  readSec1PrivateKey,
  type ParsedPrivateKey,
} from "./read-private-key";
import type { Result } from "../shared/result";
import { derOf, openssl, readBytes, sampleFile, tempDir, webCrypto } from "../test-support/pki-material";
import type { PublicKeyInfo } from "../inventory";

async function publicHalf(
  result: Result<ParsedPrivateKey>,
): Promise<{ key: ParsedPrivateKey; info?: PublicKeyInfo }> {
  if (!result.ok) throw new Error(result.reason);
  const key = result.value;
  if (key.publicKey) return { key, info: key.publicKey };
  if (!key.derive) return { key };
  const derived = await derivePublicKey(key.derive, webCrypto);
  if (!derived.ok) throw new Error(derived.reason);
  return { key, info: derived.value };
}

function certKey(dir: string, keyFile: string): PublicKeyInfo {
  openssl(
    ["req", "-new", "-x509", "-key", keyFile, "-out", `${keyFile}.crt`, "-subj", "/CN=t", "-days", "1"],
    dir,
  );
  const cert = readCertificate(derOf(readBytes(dir, `${keyFile}.crt`)), "00");
  if (!cert.ok) throw new Error(cert.reason);
  return cert.value.publicKey;
}

describe("private keys", () => {
  const dir = tempDir();
  openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ec.pem"], dir);
  openssl(["ec", "-in", "ec.pem", "-no_public", "-out", "ec-nopub.pem"], dir);
  openssl(["ec", "-in", "ec.pem", "-conv_form", "compressed", "-out", "ec-compressed.pem"], dir);
  openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "ec.pem", "-out", "ec-p8.pem"], dir);
  openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "ec-nopub.pem", "-out", "ec-nopub-p8.pem"], dir);
  openssl(["ecparam", "-name", "secp384r1", "-genkey", "-noout", "-out", "ec384.pem"], dir);
  openssl(["ec", "-in", "ec384.pem", "-no_public", "-out", "ec384-nopub.pem"], dir);
  openssl(["ec", "-in", "ec384.pem", "-conv_form", "compressed", "-out", "ec384-compressed.pem"], dir);
  openssl(["ecparam", "-name", "secp521r1", "-genkey", "-noout", "-out", "ec521.pem"], dir);
  openssl(["ec", "-in", "ec521.pem", "-conv_form", "compressed", "-out", "ec521-compressed.pem"], dir);
  openssl(["genrsa", "-traditional", "-out", "rsa1.pem", "2048"], dir);
  openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "rsa1.pem", "-out", "rsa8.pem"], dir);
  openssl(["genpkey", "-algorithm", "ed25519", "-out", "ed.pem"], dir);
  openssl(
    ["pkcs8", "-topk8", "-v2", "aes-256-cbc", "-passout", "pass:x", "-in", "rsa1.pem", "-out", "enc.pem"],
    dir,
  );

  const cases: {
    name: string;
    file: string;
    read: (der: Uint8Array) => Result<ParsedPrivateKey>;
    format: string;
    derived: boolean;
    matches: string;
    label: string;
  }[] = [
    {
      name: "PKCS#1 RSA",
      file: "rsa1.pem",
      read: readPkcs1PrivateKey,
      format: "pkcs1",
      derived: false,
      matches: "rsa1.pem",
      label: "RSA 2048",
    },
    {
      name: "PKCS#8 RSA",
      file: "rsa8.pem",
      read: readPkcs8PrivateKey,
      format: "pkcs8",
      derived: false,
      matches: "rsa1.pem",
      label: "RSA 2048",
    },
    {
      name: "SEC1 with public key",
      file: "ec.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: false,
      matches: "ec.pem",
      label: "ECDSA P-256",
    },
    {
      name: "SEC1 without public key",
      file: "ec-nopub.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: true,
      matches: "ec.pem",
      label: "ECDSA P-256",
    },
    {
      name: "SEC1 with a compressed point",
      file: "ec-compressed.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: false,
      matches: "ec.pem",
      label: "ECDSA P-256",
    },
    {
      name: "P-521 compressed point",
      file: "ec521-compressed.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: false,
      matches: "ec521.pem",
      label: "ECDSA P-521",
    },
    {
      name: "P-384 compressed point",
      file: "ec384-compressed.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: false,
      matches: "ec384.pem",
      label: "ECDSA P-384",
    },
    {
      name: "P-384 without public key",
      file: "ec384-nopub.pem",
      read: (d) => readSec1PrivateKey(d),
      format: "sec1",
      derived: true,
      matches: "ec384.pem",
      label: "ECDSA P-384",
    },
    {
      name: "PKCS#8 EC",
      file: "ec-p8.pem",
      read: readPkcs8PrivateKey,
      format: "pkcs8",
      derived: false,
      matches: "ec.pem",
      label: "ECDSA P-256",
    },
    {
      name: "PKCS#8 EC without public key",
      file: "ec-nopub-p8.pem",
      read: readPkcs8PrivateKey,
      format: "pkcs8",
      derived: true,
      matches: "ec.pem",
      label: "ECDSA P-256",
    },
    {
      name: "Ed25519",
      file: "ed.pem",
      read: readPkcs8PrivateKey,
      format: "pkcs8",
      derived: true,
      matches: "ed.pem",
      label: "Ed25519",
    },
  ];
  for (const c of cases) {
    it(`${c.name}: public half matches a certificate made from the key`, async () => {
      const { key, info } = await publicHalf(c.read(derOf(readBytes(dir, c.file))));
      expect(key.format).toBe(c.format);
      expect(key.encrypted).toBe(false);
      expect(key.derive !== undefined).toBe(c.derived);
      expect(info?.label).toBe(c.label);
      expect(info && sameKey(info, certKey(dir, c.matches))).toBe(true);
    });
  }

  it("a different key does not match", async () => {
    const { info } = await publicHalf(readSec1PrivateKey(derOf(readBytes(dir, "ec384-nopub.pem"))));
    expect(info && sameKey(info, certKey(dir, "ec.pem"))).toBe(false);
  });

  it("encrypted PKCS#8 is recognised without a public half", () => {
    const result = readEncryptedPkcs8(derOf(readBytes(dir, "enc.pem")));
    expect(result).toEqual({ ok: true, value: { format: "encrypted-pkcs8", encrypted: true } });
  });

  it("wrong container fails with a reason", () => {
    const result = readPkcs1PrivateKey(derOf(readBytes(dir, "ec.pem")));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/not a PKCS#1 RSA private key/);
  });

  it("kubeadm's sa.pub is the public half of sa.key; the RSA PUBLIC KEY form agrees", async () => {
    const { info } = await publicHalf(readPkcs1PrivateKey(derOf(sampleFile("pki/sa.key").bytes)));
    const pub = readSpki(derOf(sampleFile("pki/sa.pub").bytes));
    if (!pub.ok || !info) throw new Error("unreadable sample");
    expect(sameKey(info, pub.value)).toBe(true);
    openssl(["rsa", "-in", "rsa1.pem", "-RSAPublicKey_out", "-out", "rsapub.pem"], dir);
    const pkcs1Pub = readPkcs1PublicKey(derOf(readBytes(dir, "rsapub.pem")));
    const rsa1 = await publicHalf(readPkcs1PrivateKey(derOf(readBytes(dir, "rsa1.pem"))));
    expect(pkcs1Pub.ok && rsa1.info && sameKey(pkcs1Pub.value, rsa1.info)).toBe(true);
    expect(pkcs1Pub.ok && sameKey(pkcs1Pub.value, pub.value)).toBe(false);
  });
});
