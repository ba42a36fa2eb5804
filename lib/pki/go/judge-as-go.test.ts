/**
 * The Go release a cluster is judged as, from its Kubernetes version, and what changes with it.
 */
import { describe, expect, it } from "vitest";
import { integer, oid, seq, tlv } from "../../test-support/der-writer";
import { goRulesFor } from "./judge-as-go";
import { parseGoCertificate } from "./parse-certificate";

describe("goRulesFor", () => {
  it.each([
    ["v1.29.3", "1.21", false, 0],
    ["v1.31.4", "1.22", false, 0],
    ["v1.32.0", "1.23", true, 0],
    ["1.33", "1.24", true, 1024],
    ["v1.35.1", "1.25", true, 1024],
  ])("Kubernetes %s is built with Go %s", (version, go, refuseNegativeSerial, rsaMinBits) => {
    const rules = goRulesFor(version);
    expect(rules).toMatchObject({ go, refuseNegativeSerial, rsaMinBits });
    expect(rules.because).toContain(`Go ${go}`);
  });

  it("judges as the newest Go when the version is not in the files, and says so", () => {
    const rules = goRulesFor(undefined);
    expect(rules).toMatchObject({ go: "1.24", refuseNegativeSerial: true, rsaMinBits: 1024 });
    expect(rules.because).toContain("not in the files");
  });
});

describe("a negative serial", () => {
  // The smallest certificate shape Go reads up to its serial: what follows is malformed on purpose,
  // so the error says how far the parser got.
  const certificate = (serial: bigint) =>
    seq(
      seq(tlv(0xa0, integer(2n)), integer(serial), seq(oid("1.2.840.10045.4.3.2"))),
      seq(oid("1.2.840.10045.4.3.2")),
    );

  it("is refused from Go 1.23 and read before it", () => {
    const refused = parseGoCertificate(certificate(-5n), { refuseNegativeSerial: true });
    expect(refused).toEqual({ ok: false, error: "x509: negative serial number" });
    const read = parseGoCertificate(certificate(-5n), { refuseNegativeSerial: false });
    expect(read).toEqual({ ok: false, error: "x509: malformed issuer" });
  });
});
