import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";

// CA_DIFFERS_ACROSS_MEMBERS on the kind HA fixture (three control planes): one member's
// front-proxy CA replaced by an unrelated one (openssl), or extended by one during a rotation.

const NOW = "2026-12-01T00:00:00Z";
const MEMBER = "kind-control-plane3/etc/kubernetes/pki/front-proxy-ca.crt";

/** A fresh self-signed CA named front-proxy-ca, as openssl writes it. */
function otherFrontProxyCA(): Uint8Array {
  const dir = tempDir();
  openssl(
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key"]
      .concat(["-out", "ca.crt", "-subj", "/CN=front-proxy-ca", "-days", "3650"])
      .concat([
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,digitalSignature",
      ]),
    dir,
  );
  return readBytes(dir, "ca.crt");
}

function kindHa(replace: (bytes: Uint8Array) => Uint8Array): InputFile[] {
  return readTree(fixtureDir("layouts/kind-ha")).map((file) =>
    file.path === MEMBER ? { ...file, bytes: replace(file.bytes) } : file,
  );
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

describe("CA_DIFFERS_ACROSS_MEMBERS", () => {
  const other = otherFrontProxyCA();
  const cases = [
    { name: "the healthy kind HA cluster", files: () => kindHa((bytes) => bytes), want: [] as string[] },
    { name: "a member with an unrelated front-proxy CA", files: () => kindHa(() => other), want: [MEMBER] },
    // Old and new CA in one bundle: a rotation under way, judged by the rotation rules, not here.
    {
      name: "a member trusting old and new during a rotation",
      files: () => kindHa((bytes) => concat(bytes, other)),
      want: [],
    },
  ];
  for (const { name, files, want } of cases)
    it(name, async () => {
      const report = await analyze(files(), { now: NOW });
      const found = report.findings.filter((finding) => finding.code === "CA_DIFFERS_ACROSS_MEMBERS");
      expect(found.map((finding) => finding.files[0])).toEqual(want);
      for (const finding of found) {
        expect(finding.severity).toBe("error");
        expect(finding.title).toBe(
          "kind-control-plane3 trusts another front-proxy CA than kind-control-plane",
        );
        expect(finding.relationship).toBe("front-proxy-client");
        expect(finding.evidence?.length).toBeGreaterThan(0);
      }
    });
});
