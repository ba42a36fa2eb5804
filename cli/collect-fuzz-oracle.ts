/**
 * Whether an archive of the node collector holds a private key, judged apart from the collector:
 * the archive is unpacked with tar and every file, every link's target text, every base64 value
 * (whitespace removed, JSON's escapes read, from each of the four alignments of a run and from each
 * line that starts one) and, one level down, every base64 value in decoded text is read by openssl
 * (`pkey` PEM and DER, `pkcs12`), by node:crypto (`createPrivateKey` on DER as PKCS#8, PKCS#1 and
 * SEC1; an encrypted PKCS#8 by the passphrase it asks for) and by @peculiar/asn1-pfx (a PKCS#12
 * bundle by its structure, password or not); and searched for slices of known keys' secrets.
 */
import { execFile } from "node:child_process";
import { createHash, createPrivateKey } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { PFX } from "@peculiar/asn1-pfx";
import { AsnConvert } from "@peculiar/asn1-schema";

/** One private key (or PKCS#12 bundle) found in an archive: the entry, and what found it. */
export interface KeyFinding {
  path: string;
  how: string;
}

/** Base64 runs long enough to hold the smallest key structure (18 bytes). */
const RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;
const PEM_PRIVATE_LABEL = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/** Text with JSON's and YAML's escapes read as what they stand for: line breaks, "/". */
function unescaped(text: string): string {
  return text
    .replace(/\\\r?\n/g, " ")
    .replace(/\\[nrt]/g, " ")
    .replace(/\\\//g, "/");
}

function decode(run: string): Buffer {
  return Buffer.from(run.slice(0, run.length - (run.length % 4)), "base64");
}

/**
 * Every base64 value of a text, decoded: the runs of the text with its whitespace removed, each
 * from its four first characters; and the run starting at each line that holds base64 alone (a
 * value on the lines below its key), through the lines of base64 below it.
 */
export function decodedValues(text: string): Buffer[] {
  const plain = unescaped(text);
  const values: Buffer[] = [];
  for (const match of plain.replace(/\s+/g, "").matchAll(RUN))
    for (let shift = 0; shift < 4; shift++) values.push(decode(match[0].slice(shift)));
  const lines = plain.split(/\r?\n/).map((line) => line.trim());
  for (let i = 0; i < lines.length; i++) {
    if (!/^[A-Za-z0-9+/]+=*$/.test(lines[i] ?? "")) continue;
    let run = "";
    for (let j = i; j < lines.length && /^[A-Za-z0-9+/]+=*$/.test(lines[j] ?? ""); j++) run += lines[j];
    if (run.length >= 24) values.push(decode(run));
  }
  return values;
}

/** The DER object at the start of bytes alone (openssl reads past trailing bytes, Node does not). */
function firstObject(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x30) return bytes;
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const count = first - 0x80;
  if (count < 1 || count > 4 || bytes.length < 2 + count) return bytes;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] ?? 0);
  return bytes.subarray(0, Math.min(bytes.length, 2 + count + length));
}

/** What node:crypto and @peculiar/asn1-pfx read in DER bytes: a key, an encrypted key, PKCS#12. */
function nodeReads(bytes: Buffer): string | undefined {
  if (bytes[0] !== 0x30) return undefined;
  const der = firstObject(bytes);
  for (const type of ["pkcs8", "pkcs1", "sec1"] as const) {
    try {
      createPrivateKey({ key: der, format: "der", type });
      return `node:crypto reads a ${type} private key`;
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_MISSING_PASSPHRASE")
        return "node:crypto reads an encrypted private key";
    }
  }
  try {
    if (AsnConvert.parse(der, PFX).version === 3) return "@peculiar/asn1-pfx reads a PKCS#12 bundle";
  } catch {
    // Not a PFX: what every certificate and public key gives.
  }
  return undefined;
}

function printable(bytes: Buffer): boolean {
  if (bytes.length < 16) return false;
  let good = 0;
  for (const byte of bytes)
    if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127)) good++;
  return good >= bytes.length * 0.95;
}

interface Blob {
  path: string;
  bytes: Buffer;
  /** "file": a whole entry (openssl reads it as PEM and as DER); "der": a decoded value. */
  kind: "file" | "der" | "text";
}

/** The bytes to read in one entry: its own, each decoded value, and one level below decoded text. */
function blobsOf(path: string, bytes: Buffer): Blob[] {
  const blobs: Blob[] = [{ path, bytes, kind: "file" }];
  const texts = [bytes];
  for (const value of decodedValues(bytes.toString("latin1"))) {
    blobs.push({ path, bytes: value, kind: "der" });
    if (printable(value)) {
      texts.push(value);
      blobs.push({ path, bytes: value, kind: "text" });
    }
  }
  for (const text of texts.slice(1))
    for (const value of decodedValues(text.toString("latin1")))
      blobs.push({ path, bytes: value, kind: "der" });
  return blobs;
}

/** Each regular file and link below dir, with its path relative to dir (a link: its target text). */
function entriesBelow(dir: string): { path: string; bytes: Buffer }[] {
  const found: { path: string; bytes: Buffer }[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      const info = lstatSync(full);
      if (info.isSymbolicLink())
        found.push({ path: relative(dir, full), bytes: Buffer.from(readlinkSync(full)) });
      else if (info.isDirectory()) walk(full);
      else if (info.isFile()) found.push({ path: relative(dir, full), bytes: readFileSync(full) });
    }
  };
  walk(dir);
  return found;
}

/**
 * openssl on each file: `pkey` as PEM and DER and `pkcs12` with an empty password; one shell runs
 * them all. Prints "<how> <index>" for each that reads.
 */
const OPENSSL_LOOP = `
for f in "$@"; do
  case $f in
    *.pem) hows=pem ;;
    *.der) hows="der p12" ;;
    *) hows="pem der p12" ;;
  esac
  for how in $hows; do
    case $how in
      pem) openssl pkey -in "$f" -noout -passin pass: ;;
      der) openssl pkey -inform DER -in "$f" -noout -passin pass: ;;
      p12) openssl pkcs12 -in "$f" -info -noout -nokeys -nocerts -nomacver -passin pass: ;;
    esac </dev/null >/dev/null 2>&1 && printf '%s %s\\n' "$how" "\${f##*/}"
  done
done
exit 0
`;

/**
 * Every private key, encrypted private key and PKCS#12 bundle in the collector's archive `archive`,
 * and every slice of `secretParts` (pieces of known keys' secret scalars) in its bytes or decoded
 * values. Empty when it holds none.
 */
export async function privateKeysInArchive(
  archive: string,
  secretParts: Buffer[] = [],
): Promise<KeyFinding[]> {
  const work = await mkdtemp(join(tmpdir(), "collect-fuzz-oracle-"));
  try {
    const unpacked = join(work, "archive");
    mkdirSync(unpacked);
    await promisify(execFile)("tar", ["-xzf", archive, "-C", unpacked]);
    return await privateKeysBelow(unpacked, join(work, "blobs"), secretParts);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function privateKeysBelow(dir: string, blobDir: string, secretParts: Buffer[]): Promise<KeyFinding[]> {
  mkdirSync(blobDir);
  const findings: KeyFinding[] = [];
  const forOpenssl: string[] = [];
  const pathOf = new Map<string, string>();
  const seen = new Set<string>();
  for (const entry of entriesBelow(dir)) {
    for (const blob of blobsOf(entry.path, entry.bytes)) {
      const text = blob.bytes.toString("latin1");
      if (blob.kind !== "der" && PEM_PRIVATE_LABEL.test(text))
        findings.push({ path: blob.path, how: `a PEM private key label in ${blob.kind}` });
      const read = nodeReads(blob.bytes);
      if (read) findings.push({ path: blob.path, how: read });
      for (const part of secretParts)
        if (blob.bytes.includes(part))
          findings.push({ path: blob.path, how: "a slice of a known key's secret" });
      // openssl: every file, every decoded value that starts as DER would, every decoded text with PEM.
      const worth =
        blob.kind === "file" || (blob.kind === "der" ? blob.bytes[0] === 0x30 : text.includes("-----BEGIN"));
      if (!worth) continue;
      const digest = createHash("sha256").update(blob.kind).update(blob.bytes).digest("hex");
      if (seen.has(digest)) continue;
      seen.add(digest);
      const name = `${forOpenssl.length}.${blob.kind === "file" ? "any" : blob.kind === "der" ? "der" : "pem"}`;
      writeFileSync(join(blobDir, name), blob.bytes);
      forOpenssl.push(name);
      pathOf.set(name, blob.path);
    }
  }
  for (let start = 0; start < forOpenssl.length; start += 500) {
    const batch = forOpenssl.slice(start, start + 500).map((name) => join(blobDir, name));
    const { stdout } = await promisify(execFile)("sh", ["-c", OPENSSL_LOOP, "sh", ...batch], {
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const line of stdout.split("\n").filter(Boolean)) {
      const [how, name = ""] = line.split(" ");
      findings.push({ path: pathOf.get(name) ?? name, how: `openssl reads it (${how})` });
    }
  }
  return findings;
}

/**
 * 16 bytes from the middle of each key's secret scalar (RSA d, EC d, Ed25519's seed), which no
 * public half holds: found anywhere in an archive's bytes, the key was left there.
 */
export function secretPartsOf(pems: string[]): Buffer[] {
  return pems.map((pem) => {
    const scalar = Buffer.from(createPrivateKey(pem).export({ format: "jwk" }).d ?? "", "base64url");
    const middle = Math.max(0, Math.floor(scalar.length / 2) - 8);
    return Buffer.from(scalar.subarray(middle, middle + 16));
  });
}
