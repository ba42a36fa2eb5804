/**
 * Hostile inputs that once hung, lost or slowed the analysis, each as files to put beside a
 * healthy node: tar headers whose size is no size (valid checksums), pax records that are no
 * sizes, a PKCS#12 bundle asking for ten million PBKDF2 iterations, hundreds of CAs that share one
 * name, tens of thousands of empty files named like certificates, file names that imitate a place
 * inside a file, and a zip with two entries of one name. The archives hold certificates of their
 * own (a small PKI made here), so a test can tell every readable entry was still read.
 *
 * Used by the CLI's tests (cli/hostile-inputs.test.ts) and the page's (e2e/hostile-inputs.spec.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Buffer } from "node:buffer";
import { Zip, ZipDeflate } from "fflate";
import { writeTar } from "../../lib/archive/write-tar";
import type { InputFile } from "../../lib/inventory";
import { issue, type Issued } from "../../lib/test-support/pki-material";
import { pkcs12WithIterations } from "../../scripts/fuzz/mutators/kdf-cases";

const BLOCK = 512;
const encoder = new TextEncoder();

export interface HostileCase {
  name: string;
  files: InputFile[];
  /** Subjects of certificates inside the case that must still be read. */
  readable: string[];
  /** Text the case's finding must hold (the archive, the entry, the reason). */
  named: RegExp[];
}

function seal(header: Uint8Array): void {
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function paxHeader(records: string): Uint8Array {
  const body = encoder.encode(records);
  const header = new Uint8Array(BLOCK);
  header.set(encoder.encode("PaxHeader"), 0);
  header.set(encoder.encode("0000644\0"), 100);
  header.set(encoder.encode(`${body.length.toString(8).padStart(11, "0")}\0`), 124);
  header[156] = "x".charCodeAt(0);
  header.set(encoder.encode("ustar\0"), 257);
  header.set(encoder.encode("00"), 263);
  seal(header);
  return concat(header, body, new Uint8Array((BLOCK - (body.length % BLOCK)) % BLOCK));
}

function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = rest.length + 1;
  while (String(length).length + rest.length !== length) length++;
  return `${length}${rest}`;
}

/** Header offsets of writeTar's output: one header per file. */
function headerOffsets(files: readonly InputFile[]): number[] {
  let at = 0;
  return files.map((file) => {
    const here = at;
    at += BLOCK + Math.ceil(file.bytes.length / BLOCK) * BLOCK;
    return here;
  });
}

function zipOf(entries: readonly [string, Uint8Array][]): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, bytes] of entries) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  return concat(...parts);
}

/** Every hostile case, with certificates made afresh (WebCrypto) for the archives to hold. */
export async function hostileCases(): Promise<HostileCase[]> {
  const ca = await issue({ subject: "CN=hostile-archive-ca", ca: true });
  const leaves: Issued[] = [];
  for (let i = 1; i <= 5; i++) leaves.push(await issue({ subject: `CN=archived-${i}`, issuer: ca }));
  const archived = leaves.map((leaf, i) => ({
    path: `extra/archived-${i + 1}.crt`,
    bytes: encoder.encode(leaf.pem),
  }));
  const names = (indexes: number[]) => indexes.map((i) => `CN=archived-${i}`);

  // 1. The third header's size reads -0000003000, its checksum valid.
  const negative = writeTar(archived);
  const third = negative.subarray(headerOffsets(archived)[2] ?? 0).subarray(0, BLOCK);
  third.set(encoder.encode("-0000003000"), 124);
  seal(third);

  // 2. A pax header before the second entry: size=-1536.
  const [first, ...rest] = archived;
  const paxNegative = concat(
    writeTar(first ? [first] : []).subarray(0, -2 * BLOCK),
    paxHeader(paxRecord("size", "-1536")),
    writeTar(rest),
  );

  // 3. A pax header before the first entry: size=12k.
  const paxLetters = concat(paxHeader(paxRecord("size", "12k")), writeTar(archived));

  // 5. Three hundred self-signed CAs all named CN=kubernetes, each its own key.
  const flood: string[] = [];
  // Long-lived, so that none is a finding of its own: what is judged is what they cost.
  const notAfter = new Date("2036-01-01T00:00:00Z");
  for (let i = 0; i < 300; i++)
    flood.push((await issue({ subject: "CN=kubernetes", ca: true, notAfter })).pem);

  // 6. The same, with their signatures broken: none verifies anything, not even itself.
  const broken = flood.map((pem) => {
    const body = pem.replace(/-----[A-Z ]+-----|\s/g, "");
    const der = Uint8Array.from(Buffer.from(body, "base64"));
    const at = der.length - 3;
    der[at] = (der[at] ?? 0) ^ 0x5a;
    const lines =
      Buffer.from(der)
        .toString("base64")
        .match(/.{1,64}/g) ?? [];
    return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
  });

  const empty = Array.from({ length: 20_000 }, (_, i) => ({
    path: `junk/f${String(i).padStart(6, "0")}.crt`,
    bytes: new Uint8Array(),
  }));

  return [
    {
      name: "tar-negative-size",
      files: [{ path: "extra/negative-size.tar", bytes: negative }],
      readable: names([1, 2, 4, 5]),
      named: [/negative-size\.tar/, /archived-3\.crt at byte \d+ has an invalid size field: it was skipped/],
    },
    {
      name: "pax-negative-size",
      files: [{ path: "extra/pax-negative.tar", bytes: paxNegative }],
      readable: names([1, 3, 4, 5]),
      named: [
        /pax-negative\.tar/,
        /archived-2\.crt at byte \d+ has an invalid pax size "-1536": it was skipped/,
      ],
    },
    {
      name: "pax-letters",
      files: [{ path: "extra/pax-letters.tar", bytes: paxLetters }],
      readable: names([2, 3, 4, 5]),
      named: [
        /pax-letters\.tar/,
        /archived-1\.crt at byte \d+ has an invalid pax size "12k": it was skipped/,
      ],
    },
    {
      name: "pkcs12-ten-million",
      files: [
        {
          path: "extra/costly.p12",
          bytes: pkcs12WithIterations(10_000_000n, leaves[0]?.der ?? new Uint8Array()),
        },
      ],
      readable: [],
      named: [/costly\.p12/, /10000000 iterations \(refused: more than 1,000,000/],
    },
    {
      name: "same-name-flood",
      files: [{ path: "extra/flood.pem", bytes: encoder.encode(flood.join("")) }],
      readable: [],
      named: [],
    },
    {
      name: "same-name-flood-bad-signatures",
      files: [{ path: "extra/flood-broken.pem", bytes: encoder.encode(broken.join("")) }],
      readable: [],
      named: [],
    },
    {
      name: "empty-files",
      files: empty,
      readable: [],
      named: [/20,000 files could not be read/, /empty file/],
    },
    {
      name: "hash-names",
      files: [
        { path: "etc/kubernetes/admin.conf#users", bytes: archived[0]?.bytes ?? new Uint8Array() },
        {
          path: "etc/kubernetes/pki/old#1.crt",
          bytes: encoder.encode("-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n"),
        },
      ],
      readable: names([1]),
      named: [/etc\/kubernetes\/pki\/old%231\.crt/],
    },
    {
      name: "zip-duplicates",
      files: [
        {
          path: "extra/duplicates.zip",
          bytes: zipOf([
            ["pki/ca.crt", archived[3]?.bytes ?? new Uint8Array()],
            ["pki/ca.crt", archived[4]?.bytes ?? new Uint8Array()],
          ]),
        },
      ],
      readable: names([4, 5]),
      named: [/duplicates\.zip/, /2 entries named pki\/ca\.crt/],
    },
  ];
}

/** Write `files` under `root` (folders made as needed). */
export function writeFiles(root: string, files: readonly InputFile[]): void {
  for (const file of files) {
    const target = join(root, ...file.path.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.bytes);
  }
}
