/**
 * Reading keys back without node:crypto must give what node:crypto (OpenSSL) gives: the same public
 * key and the same PKCS#8 wrapping, for every encoding the generator writes — and the renderer must
 * write a read key back byte for byte.
 */
import { createPrivateKey, createPublicKey } from "node:crypto";

import { ECPrivateKey } from "@peculiar/asn1-ecc";
import { AsnConvert } from "@peculiar/asn1-schema";
import { describe, expect, it } from "vitest";

import { keyMaterialFromPem } from "./key-from-pem";
import { generateKey, privateKeyPem } from "./keys";
import type { KeyEncoding, KeySpec } from "./node-model";
import { encodePem } from "./pem";

const crypto = globalThis.crypto;
const RSA: KeySpec = { algorithm: "RSA", bits: 1024 };
const EC: KeySpec = { algorithm: "ECDSA-P256" };
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("keyMaterialFromPem", () => {
  const cases: { name: string; spec: KeySpec; encoding: KeyEncoding }[] = [
    { name: "RSA as PKCS#1", spec: RSA, encoding: "pkcs1" },
    { name: "RSA as PKCS#8", spec: RSA, encoding: "pkcs8" },
    { name: "EC as SEC1", spec: EC, encoding: "sec1" },
    { name: "EC as PKCS#8", spec: EC, encoding: "pkcs8" },
  ];

  it.each(cases)("reads $name as OpenSSL does and writes it back unchanged", async ({ spec, encoding }) => {
    const generated = await generateKey(spec, crypto);
    const pem = privateKeyPem(generated, encoding);
    const read = await keyMaterialFromPem(pem, spec, crypto);
    const openssl = createPrivateKey(pem);
    expect(hex(read.spki)).toBe(hex(createPublicKey(openssl).export({ type: "spki", format: "der" })));
    if (encoding === "pkcs8") expect(hex(read.pkcs8)).toBe(hex(generated.pkcs8));
    else expect(hex(read.pkcs8)).toBe(hex(openssl.export({ type: "pkcs8", format: "der" })));
    expect(read.keyId).toBe(generated.keyId);
    expect(privateKeyPem(read, encoding)).toBe(pem);
  });

  it("derives the public point of a SEC1 key written without it", async () => {
    const generated = await generateKey(EC, crypto);
    const body = privateKeyPem(generated, "sec1").split("\n").slice(1, -2).join("");
    const full = AsnConvert.parse(Buffer.from(body, "base64"), ECPrivateKey);
    const bare = new ECPrivateKey({ version: 1, privateKey: full.privateKey, parameters: full.parameters });
    const pem = encodePem("EC PRIVATE KEY", new Uint8Array(AsnConvert.serialize(bare)));
    const read = await keyMaterialFromPem(pem, EC, crypto);
    expect(hex(read.spki)).toBe(hex(generated.spki));
  });

  it.each([
    { name: "an EC key asked for as RSA", spec: EC, wanted: RSA, message: "key is ECDSA-P256, not RSA-1024" },
    {
      name: "an RSA-1024 key asked for as RSA-2048",
      spec: RSA,
      wanted: { algorithm: "RSA", bits: 2048 } as const,
      message: "key is RSA-1024, not RSA-2048",
    },
  ])("refuses $name", async ({ spec, wanted, message }) => {
    const pem = privateKeyPem(await generateKey(spec, crypto), "pkcs8");
    await expect(keyMaterialFromPem(pem, wanted, crypto)).rejects.toThrow(message);
  });

  it("refuses text without a private key block", async () => {
    const certificateOnly = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    await expect(keyMaterialFromPem(certificateOnly, EC, crypto)).rejects.toThrow("no readable private key");
  });
});
