import { describe, expect, it } from "vitest";
import { readCertificate } from "./read-certificate";
import { sha256Hex } from "./sha256-hex";
import { derOf, issue, openssl, readBytes, sampleFile, tempDir } from "../test-support/pki-material";
import * as x509 from "../x509";

async function read(der: Uint8Array) {
  const result = readCertificate(der, sha256Hex(der));
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("readCertificate", () => {
  it("reads every field of kubeadm's apiserver.crt", async () => {
    const cert = await read(derOf(sampleFile("pki/apiserver.crt").bytes));
    expect(cert).toMatchObject({
      subject: "CN=kube-apiserver",
      subjectCN: "kube-apiserver",
      subjectO: [],
      issuer: "CN=kubernetes",
      issuerCN: "kubernetes",
      serial: "44add1f9dc631f9d",
      notBefore: "2026-11-22T03:22:34.000Z",
      notAfter: "2027-11-22T03:22:35.000Z",
      dnsNames: [
        "cp-1",
        "kubernetes",
        "kubernetes.default",
        "kubernetes.default.svc",
        "kubernetes.default.svc.cluster.local",
      ],
      ipAddresses: ["10.96.0.1", "10.0.4.3"],
      otherSans: [],
      eku: ["serverAuth"],
      ekuPresent: true,
      keyUsage: ["digitalSignature", "keyEncipherment"],
      keyUsagePresent: true,
      basicConstraintsPresent: false,
      isCA: false,
      authorityKeyId: "76ae8a8e57bf3349b362abab8e10ad8e18fdae77",
      signatureAlgorithm: "sha256WithRSAEncryption",
      signatureHash: "SHA-256",
      selfIssued: false,
    });
    expect(cert.publicKey).toMatchObject({ algorithm: "RSA", bits: 2048, label: "RSA 2048" });
    expect(cert.publicKey.canonical).toMatch(/^rsa:aafeb494[0-9a-f]+1ca1:010001$/);
    expect(cert.subjectKeyId).toBeUndefined();
  });

  it("renders O before CN in encoding order, with id and sha256 from the DER", async () => {
    const cert = await read(derOf(sampleFile("pki/apiserver-kubelet-client.crt").bytes));
    expect(cert.subject).toBe("O=system:masters, CN=kube-apiserver-kubelet-client");
    expect(cert.subjectO).toEqual(["system:masters"]);
    expect(cert.serial).toBe("51079ba62c5de0a0");
    expect(cert.sha256).toBe("e8c3107ce6861b149f4e240fb4783d646ba13f93aa676d76e5d8ae4ca0ac9dee");
    expect(cert.id).toBe("c-e8c3107ce6861b14");
  });

  it("reads a CA's basic constraints, key usage and SKI", async () => {
    const cert = await read(derOf(sampleFile("pki/ca.crt").bytes));
    expect(cert).toMatchObject({
      isCA: true,
      basicConstraintsPresent: true,
      keyUsage: ["digitalSignature", "keyEncipherment", "keyCertSign"],
      subjectKeyId: "76ae8a8e57bf3349b362abab8e10ad8e18fdae77",
      selfIssued: true,
      ekuPresent: false,
      eku: [],
    });
  });

  it("names EKUs, compresses IPv6 and keeps other SANs (openssl-made)", async () => {
    const dir = tempDir();
    openssl(
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-384",
        "-nodes",
        "-keyout",
        "k.pem",
        "-out",
        "c.pem",
        "-days",
        "30",
        "-subj",
        "/O=system:nodes/CN=system:node:cp-1",
        "-sha384",
        "-addext",
        "subjectAltName=DNS:cp-1,IP:::1,IP:fd00:0:0:1::10,IP:10.0.0.1,email:a@b.c,URI:spiffe://x/y",
        "-addext",
        "extendedKeyUsage=serverAuth,clientAuth,codeSigning,1.2.3.4",
        "-addext",
        "basicConstraints=critical,CA:TRUE,pathlen:0",
      ],
      dir,
    );
    const cert = await read(derOf(readBytes(dir, "c.pem")));
    expect(cert.subject).toBe("O=system:nodes, CN=system:node:cp-1");
    expect(cert.ipAddresses).toEqual(["::1", "fd00:0:0:1::10", "10.0.0.1"]);
    expect(cert.otherSans).toEqual(["email:a@b.c", "URI:spiffe://x/y"]);
    expect(cert.eku).toEqual(["serverAuth", "clientAuth", "codeSigning", "1.2.3.4"]);
    expect(cert.pathLength).toBe(0);
    expect(cert.publicKey).toMatchObject({
      algorithm: "ECDSA",
      curve: "P-384",
      bits: 384,
      label: "ECDSA P-384",
    });
    expect(cert.signatureAlgorithm).toBe("ecdsa-with-SHA384");
  });

  it("reads SHA-1 and Ed25519 signatures", async () => {
    const dir = tempDir();
    openssl(
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:1024",
        "-nodes",
        "-keyout",
        "k1",
        "-out",
        "c1",
        "-subj",
        "/CN=old",
        "-sha1",
      ],
      dir,
    );
    openssl(
      ["req", "-x509", "-newkey", "ed25519", "-nodes", "-keyout", "k2", "-out", "c2", "-subj", "/CN=ed"],
      dir,
    );
    const old = await read(derOf(readBytes(dir, "c1")));
    expect([old.signatureAlgorithm, old.signatureHash, old.publicKey.label]).toEqual([
      "sha1WithRSAEncryption",
      "SHA-1",
      "RSA 1024",
    ]);
    const ed = await read(derOf(readBytes(dir, "c2")));
    expect([ed.signatureAlgorithm, ed.publicKey.algorithm]).toEqual(["ED25519", "Ed25519"]);
    expect(ed.publicKey.canonical).toMatch(/^ed25519:[0-9a-f]{64}$/);
  });

  it("escapes RFC 4514 specials and uses the last CN like Go", async () => {
    const made = await issue({ subject: [{ CN: ["first"] }, { CN: ["a,b+c"] }, { O: ['x"y', " lead"] }] });
    const cert = await read(made.der);
    expect(cert.subject).toBe('CN=first, CN=a\\,b\\+c, O=x\\"y + O=\\ lead');
    expect(cert.subjectCN).toBe("a,b+c");
  });

  it("fails with a reason for DER that is not a certificate", async () => {
    const result = readCertificate(Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x00), "00");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/not an X\.509 certificate/);
  });

  it("agrees with @peculiar/x509 on subject and serial for a generated cert", async () => {
    const made = await issue({ subject: "CN=agree", serial: "00ff01" });
    const cert = await read(made.der);
    const ref = new x509.X509Certificate(Uint8Array.from(made.der));
    expect(cert.serial).toBe("ff01");
    expect(cert.subject).toBe(ref.subject);
  });
});
