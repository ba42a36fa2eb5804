/**
 * The keys the collector fuzz hides in its nodes, and every encoding of them a Kubernetes component
 * (or openssl) accepts: PEM in PKCS#1, SEC1 and PKCS#8, DER (SEC1 with and without its public
 * point), encrypted PKCS#8 and legacy encrypted PEM, PKCS#12 bundles with and without a password
 * and with a certificate whose name reads like a PEM label. The keys are the healthy fixture's
 * (RSA and P-256, with their certificates) and EC and Ed25519 keys derived from fixed scalars, so
 * a seed always makes the same node.
 */
import { execFileSync } from "node:child_process";
import { createECDH, createHash, createPrivateKey, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./test-support/collector";

export type KeyKind = "rsa" | "ec" | "ed25519";

export interface FuzzKey {
  id: string;
  kind: KeyKind;
  key: KeyObject;
  /** PKCS#8 PEM. */
  pem: string;
  /** Its certificate (PEM), when the fixture has one. */
  cert?: string;
}

const HEALTHY_PKI = join(FIXTURES, "healthy", "etc", "kubernetes", "pki");

/** A fixed scalar from a name: the same bytes in every run. */
function scalar(name: string, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  for (let i = 0, block = 0; i < bytes; block++)
    i += createHash("sha256").update(`${name} ${block}`).digest().copy(out, i);
  // Below every curve's order: the top byte cleared.
  out[0] = (out[0] ?? 0) & 0x7f;
  return out;
}

function ecKey(curve: "P-256" | "P-384" | "P-521", name: string): KeyObject {
  const openssl = { "P-256": "prime256v1", "P-384": "secp384r1", "P-521": "secp521r1" }[curve];
  const size = { "P-256": 32, "P-384": 48, "P-521": 66 }[curve];
  const d = scalar(name, size);
  if (curve === "P-521") d[0] = (d[0] ?? 0) & 0x01;
  const ecdh = createECDH(openssl);
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const half = (point.length - 1) / 2;
  return createPrivateKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: curve,
      d: d.toString("base64url"),
      x: point.subarray(1, 1 + half).toString("base64url"),
      y: point.subarray(1 + half).toString("base64url"),
    },
  });
}

function ed25519Key(name: string): KeyObject {
  const prefix = Buffer.from("302e020100300506032b657004220420", "hex");
  return createPrivateKey({
    format: "der",
    type: "pkcs8",
    key: Buffer.concat([prefix, scalar(name, 32)]),
  });
}

function kindOf(key: KeyObject): KeyKind {
  return key.asymmetricKeyType === "rsa" ? "rsa" : key.asymmetricKeyType === "ec" ? "ec" : "ed25519";
}

let pool: FuzzKey[] | undefined;

/** The keys to hide: the healthy fixture's, then the derived ones. */
export function fuzzKeys(): FuzzKey[] {
  if (pool) return pool;
  const found: FuzzKey[] = [];
  for (const dir of [HEALTHY_PKI, join(HEALTHY_PKI, "etcd")])
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith(".key"))
      .sort()) {
      const key = createPrivateKey(readFileSync(join(dir, name)));
      const certPath = join(dir, name.replace(/\.key$/, ".crt"));
      found.push({
        id: `${dir === HEALTHY_PKI ? "" : "etcd-"}${name.replace(/\.key$/, "")}`,
        kind: kindOf(key),
        key,
        pem: key.export({ format: "pem", type: "pkcs8" }).toString(),
        ...(existsSync(certPath) ? { cert: readFileSync(certPath, "utf8") } : {}),
      });
    }
  const derived: [string, KeyObject][] = [
    ["derived-p256", ecKey("P-256", "collect-fuzz p256")],
    ["derived-p384", ecKey("P-384", "collect-fuzz p384")],
    ["derived-p521", ecKey("P-521", "collect-fuzz p521")],
    ["derived-ed25519", ed25519Key("collect-fuzz ed25519")],
  ];
  for (const [id, key] of derived)
    found.push({ id, kind: kindOf(key), key, pem: key.export({ format: "pem", type: "pkcs8" }).toString() });
  pool = found;
  return found;
}

export type PemType = "pkcs1" | "sec1" | "pkcs8";
export type DerType = PemType | "sec1-nopub";

/** The PEM and DER types a key of this kind has. */
export function pemTypes(kind: KeyKind): PemType[] {
  return kind === "rsa" ? ["pkcs1", "pkcs8"] : kind === "ec" ? ["sec1", "pkcs8"] : ["pkcs8"];
}

export function derTypes(kind: KeyKind): DerType[] {
  return kind === "ec" ? ["sec1", "sec1-nopub", "pkcs8"] : pemTypes(kind);
}

export function pemOf(key: FuzzKey, type: PemType): string {
  return key.key.export({ format: "pem", type } as { format: "pem"; type: "pkcs8" }).toString();
}

/** An EC key as SEC1 DER without the optional public point: SEQUENCE { 1, d, [0] curve }. */
function sec1WithoutPublicPoint(key: KeyObject): Buffer {
  const sec1 = key.export({ format: "der", type: "sec1" });
  // SEQUENCE, its length (one or two bytes), INTEGER 1, the OCTET STRING d, then [0] curve.
  let at = sec1[1] === 0x81 ? 3 : 2;
  at += 3;
  const dLength = sec1[at + 1] ?? 0;
  const d = sec1.subarray(at, at + 2 + dLength);
  const curveAt = at + 2 + dLength;
  const curve = sec1.subarray(curveAt, curveAt + 2 + (sec1[curveAt + 1] ?? 0));
  const body = Buffer.concat([Buffer.from([0x02, 0x01, 0x01]), d, curve]);
  const length = body.length < 0x80 ? Buffer.from([body.length]) : Buffer.from([0x81, body.length]);
  return Buffer.concat([Buffer.from([0x30]), length, body]);
}

export function derOf(key: FuzzKey, type: DerType): Buffer {
  if (type === "sec1-nopub") return sec1WithoutPublicPoint(key.key);
  return key.key.export({ format: "der", type } as { format: "der"; type: "pkcs8" });
}

/** Encrypted forms: PKCS#8 PEM and DER with a passphrase, and legacy PEM with Proc-Type. */
export function encryptedOf(key: FuzzKey, form: "pkcs8-pem" | "pkcs8-der" | "legacy-pem"): Buffer {
  const cipher = { cipher: "aes-256-cbc", passphrase: "collect-fuzz" };
  if (form === "pkcs8-der") return key.key.export({ format: "der", type: "pkcs8", ...cipher });
  if (form === "pkcs8-pem" || key.kind === "ed25519")
    return Buffer.from(key.key.export({ format: "pem", type: "pkcs8", ...cipher }));
  return Buffer.from(
    key.key.export({ format: "pem", type: key.kind === "rsa" ? "pkcs1" : "sec1", ...cipher } as {
      format: "pem";
      type: "pkcs1";
    }),
  );
}

export type Pkcs12Form = "unencrypted" | "empty-password" | "password" | "legacy" | "no-mac" | "hostile-name";

/** Names of certificates that read like PEM labels, for the hostile bundles. */
const HOSTILE_NAMES = ["-----BEGIN CERTIFICATE-----", "-----BEGIN PRIVATE KEY-----", "x-----BEGIN RSA"];

/**
 * PKCS#12 bundles made by openssl, once per key and form, kept in `cache` (a folder) across nodes
 * and runs of the same process.
 */
export class Pkcs12Maker {
  private readonly made = new Map<string, Buffer>();
  constructor(private readonly cache: string) {
    mkdirSync(cache, { recursive: true });
  }

  bundle(key: FuzzKey, form: Pkcs12Form, variant: number): Buffer {
    const hostile = form === "hostile-name" ? (HOSTILE_NAMES[variant % HOSTILE_NAMES.length] ?? "") : "";
    const id = `${key.id}-${form}-${hostile ? variant % HOSTILE_NAMES.length : 0}`;
    const known = this.made.get(id);
    if (known) return known;
    const keyFile = join(this.cache, `${key.id}.key`);
    writeFileSync(keyFile, key.pem, { mode: 0o600 });
    const certFile = join(this.cache, `${id}.crt`);
    if (key.cert && !hostile) writeFileSync(certFile, key.cert);
    else
      execFileSync(
        "openssl",
        ["req", "-x509", "-key", keyFile, "-subj", `/CN=${hostile || key.id}`, "-days", "3650"].concat([
          "-out",
          certFile,
        ]),
        { stdio: "ignore" },
      );
    const out = join(this.cache, `${id}.p12`);
    const args = ["pkcs12", "-export", "-in", certFile, "-inkey", keyFile, "-out", out];
    const more: Record<Pkcs12Form, string[]> = {
      unencrypted: ["-keypbe", "NONE", "-certpbe", "NONE", "-passout", "pass:"],
      "empty-password": ["-passout", "pass:"],
      password: ["-passout", "pass:collect-fuzz"],
      legacy: ["-legacy", "-passout", "pass:"],
      "no-mac": ["-keypbe", "NONE", "-certpbe", "NONE", "-nomac", "-passout", "pass:"],
      "hostile-name": ["-keypbe", "NONE", "-certpbe", "NONE", "-passout", "pass:"],
    };
    execFileSync("openssl", args.concat(more[form]), { stdio: "ignore" });
    const bytes = readFileSync(out);
    this.made.set(id, bytes);
    return bytes;
  }
}
