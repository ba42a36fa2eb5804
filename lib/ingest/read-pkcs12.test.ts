/** PKCS#12 files as `openssl pkcs12 -export` writes them, read by content under any name. */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW } from "../test-support/fixtures";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";
import { ingest } from "./ingest";
import { isPkcs12, readPkcs12 } from "./read-pkcs12";
import { KdfBudget } from "../pki/decrypt-pbe";
import { explicit0, integer, octets, oid, seq } from "../test-support/der-writer";

const crypto = globalThis.crypto;
let dir = "";
const f = (name: string) => readBytes(dir, name);

beforeAll(() => {
  dir = tempDir();
  const run = (...args: string[]) => openssl(args, dir);
  const days = ["-days", "3650"];
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-subj",
    "/CN=ca",
    ...days,
  );
  run(
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "leaf.key",
    "-out",
    "leaf.crt",
    "-subj",
    "/CN=leaf",
    ...days,
  );
  const exp = (out: string, ...extra: string[]) =>
    run("pkcs12", "-export", "-in", "leaf.crt", "-inkey", "leaf.key", "-out", out, ...extra);
  exp("secret.p12", "-passout", "pass:s3cret");
  exp("empty.p12", "-passout", "pass:");
  exp("legacy.p12", "-legacy", "-passout", "pass:s3cret");
  // One iteration over the cap: OpenSSL computes it once here; the reader must refuse it unread.
  exp("costly.p12", "-iter", "1000001", "-passout", "pass:s3cret");
  exp("chain.p12", "-certfile", "ca.crt", "-passout", "pass:");
  exp("plain.p12", "-keypbe", "NONE", "-certpbe", "NONE", "-passout", "pass:");
  run("pkcs12", "-export", "-in", "leaf.crt", "-nokeys", "-out", "nokeys.p12", "-passout", "pass:");
  run("x509", "-in", "leaf.crt", "-outform", "DER", "-out", "leaf.der");
}, 60_000);

describe("readPkcs12 through ingest", () => {
  it.each([
    {
      name: "OpenSSL 3 default (PBES2, AES-256-CBC) with its password",
      file: "secret.p12",
      passwords: ["s3cret"],
      certs: 1,
      keys: 1,
    },
    {
      name: "the right password after a wrong one",
      file: "secret.p12",
      passwords: ["nope", "s3cret"],
      certs: 1,
      keys: 1,
    },
    {
      name: "empty password (-passout pass:), none given",
      file: "empty.p12",
      passwords: [],
      certs: 1,
      keys: 1,
    },
    { name: "with its CA (-certfile)", file: "chain.p12", passwords: [], certs: 2, keys: 1 },
    {
      name: "unencrypted bags (-keypbe NONE -certpbe NONE)",
      file: "plain.p12",
      passwords: [],
      certs: 1,
      keys: 1,
    },
    { name: "certificate only (-nokeys)", file: "nokeys.p12", passwords: [], certs: 1, keys: 0 },
  ])("$name", async ({ file, passwords, certs, keys }) => {
    // Named without an extension: PKCS#12 is recognised by content.
    const inventory = await ingest([{ path: `pki/${file.replace(".p12", "")}`, bytes: f(file) }], {
      crypto,
      passwords,
    });
    expect(inventory.problems).toEqual([]);
    expect(inventory.locked).toEqual([]);
    expect(inventory.certificates).toHaveLength(certs);
    expect(inventory.privateKeys).toHaveLength(keys);
    const leaf = inventory.certificates.find((c) => c.subjectCN === "leaf");
    expect(leaf?.sources[0]?.locator).toMatch(/^bag \d$/);
    for (const key of inventory.privateKeys) {
      expect(key).toMatchObject({ encrypted: false, format: "pkcs8" });
      expect(key.publicKey?.canonical).toBe(leaf?.publicKey.canonical);
    }
  });

  it.each([
    { name: "no password given", passwords: [], status: "password-needed" },
    { name: "only a wrong password given", passwords: ["nope"], status: "wrong-password" },
  ])("password-protected: $name", async ({ passwords, status }) => {
    const inventory = await ingest([{ path: "secret.p12", bytes: f("secret.p12") }], { crypto, passwords });
    expect(inventory.problems).toEqual([]);
    expect(inventory.certificates).toEqual([]);
    expect(inventory.locked).toEqual([
      expect.objectContaining({ path: "secret.p12", format: "PKCS#12", status }),
    ]);
  });

  it("refuses a key derivation over the iteration cap before any work, for every password tried", async () => {
    const inventory = await ingest([{ path: "costly.p12", bytes: f("costly.p12") }], {
      crypto,
      passwords: ["nope", "again", "s3cret"],
    });
    // Refused by its parameters, before any derivation: three passwords would cost seconds.
    expect(inventory.locked).toEqual([
      expect.objectContaining({
        status: "unsupported",
        reason: expect.stringMatching(/1000001 iterations \(refused/),
      }),
    ]);
  });

  it("counts key-derivation iterations per analysis, not per file or password", async () => {
    // secret.p12 costs one derivation of 2048 iterations for the empty password tried first, then
    // two (certificate safe, key bag) for its own: a budget of 7000 opens it once, and refuses
    // the second reading before any work.
    const budget = new KdfBudget(7000);
    const first = await readPkcs12(f("secret.p12"), ["s3cret"], crypto, budget);
    expect(first.kind).toBe("opened");
    const second = await readPkcs12(f("secret.p12"), ["s3cret"], crypto, budget);
    expect(second).toMatchObject({
      kind: "locked",
      status: "unsupported",
      reason: expect.stringMatching(/refused: the analysis has spent its 7,000 key-derivation iterations/),
    });
  });

  it.each([
    { depth: 12, reason: /bags nested more than 8 levels deep \(refused\)/ },
    { depth: 5000, reason: /unreadable bags: .*nesting depth/ },
  ])(
    "bags nested $depth deep: a damaged file (PARSE_ERROR), not one asking for a password",
    async ({ depth, reason }) => {
      let contents = seq();
      for (let i = 0; i < depth; i++)
        contents = seq(seq(oid("1.2.840.113549.1.12.10.1.6"), explicit0(contents)));
      const data = "1.2.840.113549.1.7.1";
      const authSafe = seq(seq(oid(data), explicit0(octets(contents))));
      const pfx = seq(integer(3n), seq(oid(data), explicit0(octets(authSafe))));
      const inventory = await ingest([{ path: "deep.p12", bytes: pfx }], { crypto });
      expect(inventory.locked).toEqual([]);
      expect(inventory.problems).toEqual([{ path: "deep.p12", reason: expect.stringMatching(reason) }]);
    },
  );

  it("names the legacy scheme it cannot decrypt", async () => {
    const inventory = await ingest([{ path: "legacy.pfx", bytes: f("legacy.p12") }], {
      crypto,
      passwords: ["s3cret"],
    });
    expect(inventory.problems).toEqual([]);
    expect(inventory.locked).toEqual([
      expect.objectContaining({
        status: "unsupported",
        reason: expect.stringMatching(/legacy pbeWithSHAAnd/),
      }),
    ]);
  });

  it.each([
    { file: "secret.p12", want: true },
    { file: "leaf.der", want: false },
  ])("isPkcs12($file) is $want", ({ file, want }) => {
    expect(isPkcs12(f(file))).toBe(want);
  });
});

describe("PKCS#12 in the report", () => {
  it("pairs the bag's key with its certificate", async () => {
    const report = await analyze([{ path: "tls/leaf.pfx", bytes: f("secret.p12") }], {
      now: FIXTURE_NOW,
      passwords: ["s3cret"],
    });
    const leaf = report.certificates.find((c) => c.subject === "CN=leaf");
    expect(leaf?.paths).toEqual(["tls/leaf.pfx#bag 1"]);
    expect(leaf?.keyPaths).toEqual(["tls/leaf.pfx#bag 2"]);
    expect(report.inputs.locked).toBeUndefined();
    expect(JSON.stringify(report)).not.toContain("s3cret");
  });

  it.each([
    {
      passwords: [],
      title: /is a password-protected PKCS#12 file/,
      detail: /needs a password.*--password-file/,
    },
    { passwords: ["hunter2"], title: /wrong password/, detail: /password given is wrong.*--password-file/ },
  ])(
    "a locked file is KEY_ENCRYPTED info, not PARSE_ERROR (passwords $passwords)",
    async ({ passwords, title, detail }) => {
      const report = await analyze([{ path: "tls/leaf.p12", bytes: f("secret.p12") }], {
        now: FIXTURE_NOW,
        passwords,
      });
      expect(report.findings.map((x) => x.code)).toEqual(["KEY_ENCRYPTED"]);
      const [finding] = report.findings;
      expect(finding).toMatchObject({ severity: "info", files: ["tls/leaf.p12"] });
      expect(finding?.title).toMatch(title);
      expect(finding?.detail).toMatch(detail);
      expect(report.inputs.locked).toEqual([
        {
          path: "tls/leaf.p12",
          format: "PKCS#12",
          status: passwords.length ? "wrong-password" : "password-needed",
        },
      ]);
      expect(JSON.stringify(report)).not.toContain("hunter2");
    },
  );
});
