import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { fixtureDir } from "../../lib/test-support/fixtures";
import * as x509 from "../../lib/x509";
import { issueCertificate } from "../../lib/generate/issue-certificate";
import { generateKey } from "../../lib/generate/keys";
import { leafCert } from "../../lib/generate/healthy-node";
import { loadClusterCa } from "./cluster-ca";

const pki = join(fixtureDir("healthy"), "etc", "kubernetes", "pki");
const read = (name: string) => readFileSync(join(pki, name), "utf8");
const crypto = globalThis.crypto;

describe("loadClusterCa", () => {
  it("signs leaves that verify with ca.crt and carry its key id as AKI", async () => {
    const ca = loadClusterCa(read("ca.crt"), read("ca.key"));
    const key = await generateKey({ algorithm: "ECDSA-P256" }, crypto);
    const spec = leafCert({
      cn: "system:node:x",
      o: ["system:nodes"],
      key: "k",
      issuer: "ca",
      eku: ["clientAuth"],
    });
    const leaf = new x509.X509Certificate(await issueCertificate(spec, key, ca.issuer, crypto));
    const caCert = new x509.X509Certificate(read("ca.crt"));
    expect(await leaf.verify({ publicKey: caCert, signatureOnly: true }, crypto)).toBe(true);
    expect(leaf.issuer).toBe(caCert.subject);
    expect(leaf.getExtension(x509.AuthorityKeyIdentifierExtension)?.keyId).toBe(
      caCert.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId,
    );
  });

  it("refuses a key that is not the certificate's", () => {
    expect(() => loadClusterCa(read("ca.crt"), read("front-proxy-ca.key"))).toThrow(/not the key of ca.crt/);
  });
});
