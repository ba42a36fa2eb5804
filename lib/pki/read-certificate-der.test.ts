import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { openssl, readBytes, tempDir } from "../test-support/pki-material";
import { decodeBase64 } from "../shared/base64";
import { certificateId, readCertificateSchema } from "./read-certificate";
import { readCertificateDer } from "./read-certificate-der";
import { sha256Hex } from "./sha256-hex";

const FIXTURES = join(__dirname, "../../e2e/fixtures");

/** Every certificate in the fixture trees: PEM blocks in any file and kubeconfigs' embedded data. */
function fixtureCertificates(): { where: string; der: Uint8Array }[] {
  const found = new Map<string, { where: string; der: Uint8Array }>();
  const addPem = (text: string, where: string) => {
    for (const match of text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)) {
      const der = decodeBase64(match[1] ?? "");
      if (der.ok) found.set(sha256Hex(der.value), { where, der: der.value });
    }
  };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const info = statSync(full, { throwIfNoEntry: false });
      if (!info) continue;
      if (info.isDirectory()) walk(full);
      else if (info.size < 1_000_000) {
        const text = readFileSync(full, "latin1");
        addPem(text, full);
        for (const data of text.matchAll(
          /(?:certificate-authority|client-certificate)-data:\s*([A-Za-z0-9+/=]+)/g,
        )) {
          const pem = decodeBase64(data[1] ?? "");
          if (pem.ok) addPem(new TextDecoder().decode(pem.value), full);
        }
      }
    }
  };
  walk(FIXTURES);
  return [...found.values()];
}

function both(der: Uint8Array) {
  const sha256 = sha256Hex(der);
  const schema = readCertificateSchema(der, sha256);
  return { fast: readCertificateDer(der, sha256, certificateId(sha256)), schema };
}

describe("readCertificateDer", () => {
  const certificates = fixtureCertificates();

  it("finds the fixtures' certificates", () => {
    expect(certificates.length).toBeGreaterThan(200);
  });

  it("reads every fixture certificate exactly as the schema parser does, or declines it", () => {
    let read = 0;
    for (const { where, der } of certificates) {
      const { fast, schema } = both(der);
      if (!fast) continue;
      read++;
      expect(schema.ok, where).toBe(true);
      if (schema.ok) expect(fast, where).toStrictEqual(schema.value);
    }
    // The fast path is the path: only the odd certificate may need the schema parser.
    expect(read).toBeGreaterThan(certificates.length * 0.95);
  });

  it("reads what kubeadm, kind and k3s issue without declining", () => {
    // The served fixtures are copies of healthy/ (a certificate is listed at the last place found).
    const kubeadm = certificates.filter(({ where }) =>
      /\/(healthy|kubeadm-v1\.20|served\/kubeadm-[a-z-]+)\//.test(where),
    );
    expect(kubeadm.length).toBeGreaterThan(20);
    for (const { where, der } of kubeadm) expect(both(der).fast, where).toBeDefined();
  });

  it.each([
    [
      "IPv6, e-mail and URI names, a UTF-8 subject",
      "subjectAltName=IP:::1,IP:2001:db8::5,IP:fe80:0:0:1:0:0:0:1,email:a@b.c,URI:spiffe://c/x",
    ],
    ["a CA with a path length", "basicConstraints=critical,CA:TRUE,pathlen:3"],
    ["an IPv4-mapped IPv6 address", "subjectAltName=IP:::ffff:10.0.0.1"],
  ])("agrees with the schema parser on %s", (_, extension) => {
    const dir = tempDir();
    openssl(
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        "k.pem",
        "-subj",
        '/O=système/O=b+c/CN=Ünïcode, "quoted"',
        "-utf8",
        "-days",
        "40000",
        "-addext",
        extension,
        "-outform",
        "DER",
        "-out",
        "c.der",
      ],
      dir,
    );
    const { fast, schema } = both(readBytes(dir, "c.der"));
    expect(schema.ok).toBe(true);
    expect(fast).toBeDefined();
    if (schema.ok) expect(fast).toStrictEqual(schema.value);
  });

  it.each([
    ["a truncated certificate", (der: Uint8Array) => der.subarray(0, der.length - 10)],
    ["trailing bytes", (der: Uint8Array) => Uint8Array.from([...der, 0])],
    ["a broken inner length", (der: Uint8Array) => Uint8Array.from(der, (b, i) => (i === 4 ? b ^ 0x7f : b))],
  ])("declines %s", (_, damage) => {
    const good = certificates[0];
    if (!good) throw new Error("no fixture certificate");
    const der = damage(good.der);
    expect(readCertificateDer(der, sha256Hex(der), "c-x")).toBeUndefined();
  });
});
