import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import {
  EKU,
  basicConstraints,
  craftCertificate,
  craftKey,
  extKeyUsage,
  keyUsage,
  name,
  subjectKeyId,
} from "../test-support/craft-certificate";
import { pem, webCrypto } from "../test-support/pki-material";
import { explainText } from "./explain-text";

const NOW = new Date("2026-06-01T00:00:00Z");

/**
 * A CA and a serving certificate for `etcd.example` with no subjectAltName at all: the name is in
 * its CN only, as pre-2017 how-tos made them. Go refuses it ("relies on legacy Common Name field",
 * or "not valid for any names" once GODEBUG x509ignoreCN is gone).
 */
async function legacyDrop() {
  const caKey = await craftKey("ECDSA", webCrypto);
  const leafKey = await craftKey("ECDSA", webCrypto);
  const validity = {
    notBefore: new Date("2026-01-01T00:00:00Z"),
    notAfter: new Date("2027-01-01T00:00:00Z"),
  };
  const ca = await craftCertificate(
    {
      subject: name("legacy-ca"),
      issuer: name("legacy-ca"),
      ...validity,
      spki: caKey.spki,
      extensions: [basicConstraints(true), keyUsage([5, 6]), subjectKeyId(caKey.keyId)],
      signer: caKey,
    },
    webCrypto,
  );
  const leaf = await craftCertificate(
    {
      subject: name("etcd.example"),
      issuer: name("legacy-ca"),
      ...validity,
      spki: leafKey.spki,
      extensions: [basicConstraints(false), keyUsage([0]), extKeyUsage([EKU.serverAuth])],
      signer: caKey,
    },
    webCrypto,
  );
  const encoder = new TextEncoder();
  return analyze(
    [
      { path: "pki/legacy-ca.crt", bytes: encoder.encode(pem("CERTIFICATE", ca)) },
      { path: "pki/etcd.crt", bytes: encoder.encode(pem("CERTIFICATE", leaf)) },
    ],
    { now: NOW },
  );
}

describe("explainText on a serving certificate without SANs", () => {
  it.each([
    [
      "x509: certificate relies on legacy Common Name field, use SANs instead",
      "x509-legacy-common-name",
      /names its host only in CN=etcd\.example/,
    ],
    [
      "x509: certificate is not valid for any names, but wanted to match etcd.example",
      "x509-no-names",
      /has no DNS SAN to match etcd\.example/,
    ],
  ])("%s", async (text, pattern, why) => {
    const report = await legacyDrop();
    const answer = explainText(text, report, NOW);
    expect(answer.patterns.map((p) => p.id)).toEqual([pattern]);
    expect(answer.verdict).toBe("explained");
    expect(answer.certificates.map((c) => c.path)).toEqual(["pki/etcd.crt"]);
    expect(answer.why).toMatch(why);
  });
});
