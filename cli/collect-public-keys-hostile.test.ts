/**
 * `--public-keys-only` on keys hidden where a pattern does not look, each in a copy of the healthy
 * control plane: (a) a kubeconfig's client-key-data as a YAML block scalar wrapped at 16 columns;
 * (b) a P-256 key in binary DER (SEC1, no public point, no zero byte, so text to a NUL test); (c) an
 * unencrypted PKCS#12 bundle whose certificate's CN holds "-----BEGIN"; (d) a link to a DER RSA key
 * whose name holds a line break. Under dash and busybox, each archive holds no private key (judged
 * apart from the collector, by openssl and node:crypto), keeps every other file of the node, and
 * holds the key's public half where the key was, paired as before. Without openssl, all four are
 * left out.
 */
import { execFileSync } from "node:child_process";
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { cpSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { privateKeysInArchive, secretPartsOf } from "./collect-fuzz-oracle";
import {
  archiveEntries,
  auditReport,
  busyboxPath,
  collect,
  collectorWorkspace,
  FIXTURE_NOW,
  FIXTURES,
  HOST,
  type Shell,
  verdict,
} from "./test-support/collector";

const workspace = collectorWorkspace("k8s-pki-collect-hostile-");

const HEALTHY = join(FIXTURES, "healthy");
const PKI = "etc/kubernetes/pki";

/** The public key of a PEM or DER key (private or public), as SPKI DER, for comparing. */
function spki(key: string | Buffer | KeyObject): string {
  return createPublicKey(key).export({ format: "der", type: "spki" }).toString("base64");
}

/** Every file and link below root, as paths relative to it. */
function pathsBelow(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (lstatSync(full).isDirectory() && !lstatSync(full).isSymbolicLink()) walk(full);
      else found.push(relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

interface HostileCase {
  name: string;
  /** Put the hostile key into the node copied to root; returns the archive path of its public half. */
  plant(root: string): string;
  /** The key whose public half must be there. */
  key: () => KeyObject;
  /** Judged against: the healthy fixture (the same material, re-encoded) or the node itself. */
  judgedAs: "healthy" | "itself";
  /** The public half in the archive: the bytes of the entry at the path plant returned. */
  publicHalf(bytes: Buffer): string;
}

const pemKey = (path: string) => () => createPrivateKey(readFileSync(join(HEALTHY, path)));

/** The first PEM block of a text with the given label, or "". */
function block(text: string, label: string): string {
  return new RegExp(`-----BEGIN ${label}-----[\\s\\S]*?-----END ${label}-----\\n?`).exec(text)?.[0] ?? "";
}

const CASES: HostileCase[] = [
  {
    name: "(a) client-key-data as a block scalar wrapped at 16 columns",
    plant(root) {
      const path = join(root, "etc/kubernetes/admin.conf");
      const text = readFileSync(path, "utf8");
      const value = /^ {4}client-key-data: (\S+)$/m.exec(text)?.[1] ?? "";
      const wrapped = value.match(/.{1,16}/g)?.map((line) => `      ${line}\n`) ?? [];
      writeFileSync(
        path,
        text.replace(`    client-key-data: ${value}\n`, `    client-key-data: |\n${wrapped.join("")}`),
      );
      expect(readFileSync(path, "utf8")).toMatch(
        /^ {4}client-key-data: \|\n( {6}[A-Za-z0-9+/=]{1,16}\n){10,}/m,
      );
      return "etc/kubernetes/admin.conf";
    },
    key: () => {
      const text = readFileSync(join(HEALTHY, "etc/kubernetes/admin.conf"), "utf8");
      return createPrivateKey(Buffer.from(/client-key-data: (\S+)/.exec(text)?.[1] ?? "", "base64"));
    },
    judgedAs: "healthy",
    publicHalf(bytes) {
      const lines = bytes.toString().split("\n");
      const at = lines.indexOf("    client-key-data: |");
      return block(Buffer.from(lines[at + 1]?.trim() ?? "", "base64").toString(), "PUBLIC KEY");
    },
  },
  {
    name: "(b) a P-256 key in binary DER, SEC1 without its public point, with no zero byte",
    plant(root) {
      const der = sec1WithoutPublicPoint(pemKey(`${PKI}/front-proxy-client.key`)());
      expect(der.includes(0)).toBe(false);
      writeFileSync(join(root, PKI, "front-proxy-client.key"), der);
      return `${PKI}/front-proxy-client.key`;
    },
    key: pemKey(`${PKI}/front-proxy-client.key`),
    judgedAs: "healthy",
    publicHalf: (bytes) => block(bytes.toString(), "PUBLIC KEY"),
  },
  {
    name: "(c) an unencrypted PKCS#12 bundle whose certificate's CN holds -----BEGIN",
    plant(root) {
      const key = join(root, PKI, "apiserver.key");
      const cert = workspace.file("hostile-cn.crt");
      execFileSync(
        "openssl",
        ["req", "-x509", "-key", key, "-subj", "/CN=-----BEGIN CERTIFICATE-----"].concat([
          "-days",
          "3650",
          "-out",
          cert,
        ]),
      );
      execFileSync(
        "openssl",
        ["pkcs12", "-export", "-keypbe", "NONE", "-certpbe", "NONE", "-passout", "pass:"].concat([
          "-in",
          cert,
          "-inkey",
          key,
          "-out",
          join(root, PKI, "apiserver.p12"),
        ]),
      );
      expect(readFileSync(join(root, PKI, "apiserver.p12")).includes("-----BEGIN")).toBe(true);
      return `${PKI}/apiserver.p12`;
    },
    key: pemKey(`${PKI}/apiserver.key`),
    judgedAs: "itself",
    publicHalf: (bytes) => block(bytes.toString(), "PUBLIC KEY"),
  },
  {
    name: "(d) a link to a DER RSA key whose name holds a line break",
    plant(root) {
      const der = pemKey(`${PKI}/ca.key`)().export({ format: "der", type: "pkcs1" });
      rmSync(join(root, PKI, "ca.key"));
      writeFileSync(join(root, PKI, "ca\nkey.der"), der);
      symlinkSync("ca\nkey.der", join(root, PKI, "ca.key"));
      return `${PKI}/ca\nkey.der`;
    },
    key: pemKey(`${PKI}/ca.key`),
    judgedAs: "healthy",
    publicHalf: (bytes) => block(bytes.toString(), "PUBLIC KEY"),
  },
];

/** An EC key as SEC1 DER without the optional public point: SEQUENCE { 1, d, [0] curve }. */
function sec1WithoutPublicPoint(key: KeyObject): Buffer {
  const sec1 = key.export({ format: "der", type: "sec1" });
  const d = Buffer.from(key.export({ format: "jwk" }).d ?? "", "base64url");
  // P-256's OID, 1.2.840.10045.3.1.7, in its [0] wrapper.
  const curve = Buffer.from("a00a06082a8648ce3d030107", "hex");
  expect(sec1.includes(curve)).toBe(true);
  const body = Buffer.concat([Buffer.from([0x02, 0x01, 0x01, 0x04, d.length]), d, curve]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

/** The healthy node's own report, audited once for every case judged against it. */
let healthy: ReturnType<typeof auditReport> | undefined;
const healthyReport = () => (healthy ??= auditReport(HEALTHY, FIXTURE_NOW));

describe.each(CASES)("--public-keys-only on $name", (hostile) => {
  it.each<Shell>(["dash", "busybox"])(
    "under %s: no private key, every other file, the public half",
    async (shell) => {
      const name = `${hostile.name.slice(1, 2)}-${shell}`;
      const root = workspace.file(name);
      cpSync(HEALTHY, root, { recursive: true });
      writeFileSync(join(root, "etc/hostname"), `${HOST}\n`);
      const planted = hostile.plant(root);
      const out = workspace.file(`${name}.tgz`);
      const result = await collect(root, out, { shell, path: workspace.path(shell), publicKeysOnly: true });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain("LEFT OUT");

      const keys = readdirSync(join(HEALTHY, PKI))
        .filter((file) => file.endsWith(".key"))
        .map((file) => readFileSync(join(HEALTHY, PKI, file), "utf8"));
      expect(await privateKeysInArchive(out, secretPartsOf(keys))).toEqual([]);

      const entries = archiveEntries(out);
      const archived = entries.map((entry) => entry.path.replace(/\/$/, ""));
      // Every file of the node (but etc/hostname, which names the archive's folder) is there.
      for (const path of pathsBelow(root).filter((path) => path !== "etc/hostname"))
        expect(archived).toContain(`${HOST}/${path}`);

      const half = entries.find((entry) => entry.path === `${HOST}/${planted}`);
      expect(half?.type).toBe("file");
      expect(spki(hostile.publicHalf(Buffer.from(half?.bytes ?? [])))).toBe(spki(hostile.key()));

      const folder = await (hostile.judgedAs === "healthy"
        ? healthyReport()
        : auditReport(root, FIXTURE_NOW));
      const archive = await auditReport(out, FIXTURE_NOW);
      // The node's own bundle is read bag by bag ("apiserver.p12#bag 1"); the archive's is PEM.
      const unbagged = (report: typeof folder) =>
        JSON.parse(JSON.stringify(verdict(report)).replace(/#bag \d+/g, "")) as ReturnType<typeof verdict>;
      expect(verdict(archive, HOST)).toEqual(unbagged(folder));
      expect(archive.inputs.publicHalves?.length).toBeGreaterThan(0);
    },
  );
});

describe("--public-keys-only without openssl", () => {
  it("leaves all four out, the structure of their bytes telling", async () => {
    const root = workspace.file("all-four-no-openssl");
    cpSync(HEALTHY, root, { recursive: true });
    writeFileSync(join(root, "etc/hostname"), `${HOST}\n`);
    for (const hostile of CASES) hostile.plant(root);
    const out = workspace.file("all-four-no-openssl.tgz");
    const bin = busyboxPath(workspace.file("bin-no-openssl"), { openssl: false });
    const result = await collect(root, out, { shell: "busybox", path: bin, publicKeysOnly: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "  /etc/kubernetes/pki/apiserver.p12: its bytes are a PKCS#12 bundle (DER)\n",
    );
    expect(result.stderr).toContain(
      "  /etc/kubernetes/pki/front-proxy-client.key: its bytes are a private key (DER)\n",
    );
    const keys = readdirSync(join(HEALTHY, PKI))
      .filter((file) => file.endsWith(".key"))
      .map((file) => readFileSync(join(HEALTHY, PKI, file), "utf8"));
    expect(await privateKeysInArchive(out, secretPartsOf(keys))).toEqual([]);
    const archived = archiveEntries(out).map((entry) => entry.path);
    expect(archived).toContain(`${HOST}/etc/kubernetes/pki/ca.crt`);
    expect(archived).toContain(`${HOST}/etc/kubernetes/admin.conf`);
  });
});
