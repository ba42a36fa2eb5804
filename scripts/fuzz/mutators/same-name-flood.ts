/**
 * Same-name floods: beside the node's files, one PEM file of 50 to 300 certificates that all carry
 * the name of one of the node's self-issued CAs — copies with another serial (the same key), with
 * bytes of the public key changed (each its own key, none able to verify anything) and with the
 * signature changed (no longer self-signed). Looking up issuers by name alone makes this quadratic;
 * the analysis must narrow candidates by key ids and key and stay within its budget, and the node's
 * own chains must come out as they did.
 */
import { Buffer } from "node:buffer";
import { readTlv } from "../../../lib/pki/der-tlv";
import type { LoadedEntry } from "../corpus";
import type { Prng } from "../prng";
import type { ArchiveShape } from "./archive-cases";
import { pemBlocks, wrap64 } from "./pem-blocks";

/** Offsets of the children of the constructed element at `offset` (their TLV starts). */
function children(der: Uint8Array, offset: number): number[] {
  const outer = readTlv(der, offset);
  if (!outer.ok) return [];
  const out: number[] = [];
  for (let at = offset + outer.value.headerLength; at < outer.value.end;) {
    const inner = readTlv(der, at);
    if (!inner.ok || inner.value.end <= at) break;
    out.push(at);
    at = inner.value.end;
  }
  return out;
}

/** The serial's and the public key's content ranges, and the signature's, in a certificate. */
function fields(
  der: Uint8Array,
): { serial: [number, number]; key: [number, number]; signature: [number, number] } | undefined {
  const [tbs, , signature] = children(der, 0);
  if (tbs === undefined || signature === undefined) return undefined;
  const parts = children(der, tbs);
  const versioned = der[parts[0] ?? 0] === 0xa0 ? 1 : 0;
  const serial = parts[versioned];
  const spki = parts[versioned + 5];
  if (serial === undefined || spki === undefined) return undefined;
  const span = (at: number): [number, number] => {
    const tlv = readTlv(der, at);
    return tlv.ok ? [at + tlv.value.headerLength, tlv.value.end] : [at, at];
  };
  return { serial: span(serial), key: span(spki), signature: span(signature) };
}

function flip(der: Uint8Array, [start, end]: [number, number], rng: Prng, keepFirst = 1): Uint8Array {
  const out = Uint8Array.from(der);
  if (end - start <= keepFirst) return out;
  for (let n = rng.range(1, 3); n > 0; n--) {
    const at = start + keepFirst + rng.int(end - start - keepFirst);
    out[at] = (out[at] ?? 0) ^ (1 + rng.int(255));
  }
  return out;
}

const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${wrap64(Buffer.from(der).toString("base64"))}-----END CERTIFICATE-----\n`;

/** The node's certificates whose issuer is their subject (read from the DER, not by name). */
function selfIssued(node: LoadedEntry): Uint8Array[] {
  const decoder = new TextDecoder();
  const out: Uint8Array[] = [];
  for (const file of node.files) {
    const text = decoder.decode(file.bytes);
    for (const block of pemBlocks(text)) {
      if (block.label !== "CERTIFICATE") continue;
      const der = Uint8Array.from(Buffer.from(text.slice(block.bodyStart, block.bodyEnd), "base64"));
      const [tbs] = children(der, 0);
      const parts = tbs === undefined ? [] : children(der, tbs);
      const versioned = der[parts[0] ?? 0] === 0xa0 ? 1 : 0;
      const issuer = parts[versioned + 2];
      const subject = parts[versioned + 4];
      if (issuer === undefined || subject === undefined) continue;
      const name = (at: number) => {
        const tlv = readTlv(der, at);
        return tlv.ok ? Buffer.from(der.subarray(at, tlv.value.end)).toString("hex") : "";
      };
      if (name(issuer) === name(subject)) out.push(der);
    }
  }
  return out;
}

/** One flood beside the node; undefined when the node has no self-issued certificate. */
export function floodCase(node: LoadedEntry, rng: Prng): ArchiveShape | undefined {
  const cas = selfIssued(node);
  if (cas.length === 0) return undefined;
  const ca = rng.pick(cas);
  const spans = fields(ca);
  if (!spans) return undefined;
  const copies: string[] = [];
  for (let n = rng.range(50, 300); n > 0; n--) {
    const how = rng.int(3);
    const der =
      how === 0
        ? flip(ca, spans.serial, rng)
        : how === 1
          ? flip(ca, spans.key, rng, Math.min(24, spans.key[1] - spans.key[0] - 1))
          : flip(ca, spans.signature, rng);
    copies.push(pem(der));
  }
  const path = `${rng.pick(["etc/kubernetes/pki", "flood", "etc/ssl/certs"])}/same-name-${rng.int(1000)}.pem`;
  const bytes = new TextEncoder().encode(copies.join(""));
  return { replaceAll: false, changes: [{ path, bytes }], touched: [], target: path };
}
