import { describe, expect, it } from "vitest";
import { splitCertificate } from "./split-certificate";
import { derOf, issue, sampleFile } from "../test-support/pki-material";
import { AsnConvert } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, Certificate } from "@peculiar/asn1-x509";

const sampleDer = Uint8Array.from(derOf(sampleFile("pki/apiserver.crt").bytes));

function bytes(data: ArrayBuffer | Uint8Array): number[] {
  return [...(data instanceof Uint8Array ? data : new Uint8Array(data))];
}

/** DER with one byte replaced; lengths stay as they were. */
function patched(der: Uint8Array, offset: number, value: number): Uint8Array<ArrayBuffer> {
  const copy = Uint8Array.from(der);
  copy[offset] = value;
  return copy;
}

describe("splitCertificate", () => {
  it("finds the parts the ASN.1 schema decodes, for kubeadm's RSA and a fresh ECDSA certificate", async () => {
    const ec = await issue({ subject: "CN=ec", key: "P-256" });
    for (const der of [sampleDer, Uint8Array.from(ec.der)]) {
      const cert = AsnConvert.parse(der, Certificate);
      const parts = splitCertificate(der);
      if (!parts.ok) throw new Error(parts.reason);
      expect(bytes(parts.value.tbs)).toEqual(bytes(AsnConvert.serialize(cert.tbsCertificate)));
      expect(bytes(parts.value.signature)).toEqual(bytes(cert.signatureValue));
      const algorithm = AsnConvert.parse(parts.value.signatureAlgorithm, AlgorithmIdentifier);
      expect(algorithm.isEqual(cert.signatureAlgorithm)).toBe(true);
    }
  });

  // apiserver.crt: 30 82 LL LL | tbs 30 82 ... — offsets below point into that framing.
  const tbsLength = (sampleDer[6] ?? 0) * 256 + (sampleDer[7] ?? 0);
  const algorithmOffset = 4 + 4 + tbsLength;
  const cases: { name: string; der: Uint8Array<ArrayBuffer>; reason: RegExp }[] = [
    { name: "empty", der: new Uint8Array(0), reason: /^certificate: no ASN.1 element/ },
    { name: "truncated", der: sampleDer.slice(0, 200), reason: /^certificate: truncated DER/ },
    {
      name: "not a SEQUENCE",
      der: patched(sampleDer, 0, 0x31),
      reason: /^certificate: unexpected ASN.1 tag 0x31/,
    },
    { name: "tbs not a SEQUENCE", der: patched(sampleDer, 4, 0x04), reason: /^tbsCertificate: unexpected/ },
    {
      name: "algorithm not a SEQUENCE",
      der: patched(sampleDer, algorithmOffset, 0x06),
      reason: /^signatureAlgorithm: unexpected/,
    },
    {
      name: "trailing data inside the certificate",
      der: (() => {
        const longer = new Uint8Array(sampleDer.length + 2);
        longer.set(sampleDer);
        longer[3] = (longer[3] ?? 0) + 2;
        return longer;
      })(),
      reason: /^certificate: unexpected data after signatureValue/,
    },
  ];
  for (const c of cases) {
    it(`fails with the reason: ${c.name}`, () => {
      const result = splitCertificate(c.der);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(c.reason);
    });
  }

  it("returns views into the DER, not copies", () => {
    const parts = splitCertificate(sampleDer);
    if (!parts.ok) throw new Error(parts.reason);
    expect(parts.value.tbs.buffer).toBe(sampleDer.buffer);
    expect(parts.value.signature.byteOffset + parts.value.signature.length).toBe(sampleDer.length);
  });
});
