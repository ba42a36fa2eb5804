/**
 * Files that hold what a running process served rather than what lies on disk: `openssl s_client`
 * output (any name, pasted or dropped) and the collector's `--served` files. Each becomes a
 * `ServedChainRecord` whose certificates stay out of the inventory's certificates: a served copy
 * of apiserver.crt is not a second apiserver certificate, and an expired served chain is judged by
 * the served rules, not again by CERT_EXPIRED.
 */
import { readCertificate } from "../pki/read-certificate";
import { sha256Hex } from "../pki/sha256-hex";
import type { CertificateRecord, ServedChainRecord } from "../inventory";
import type { InventoryBuilder } from "./inventory-builder";
import {
  isCollectorServedPem,
  isCollectorServedTsv,
  parseCollectorServedPem,
  parseCollectorServedTsv,
} from "../served/parse-collector-served";
import { isSClientText, parseSClient } from "../served/parse-s-client";
import { parsePem } from "./parse-pem";

/** Certificates of one served chain read into records, at `path#served block N`. */
function readChain(
  ders: readonly Uint8Array[],
  path: string,
  builder: InventoryBuilder,
): CertificateRecord[] {
  const records: CertificateRecord[] = [];
  ders.forEach((der, i) => {
    const read = readCertificate(Uint8Array.from(der), sha256Hex(der));
    if (read.ok) records.push({ ...read.value, sources: [{ path, locator: `served block ${i + 1}` }] });
    else builder.problem(path, `served certificate ${i + 1}: ${read.reason}`);
  });
  return records;
}

/**
 * Read `text` as a served chain if it is one, into `builder.servedChains`; false when it is not
 * (the file is then read as anything else is).
 */
export function readServedChain(text: string, path: string, builder: InventoryBuilder): boolean {
  const tsv = isCollectorServedTsv(text);
  const pem = !tsv && isCollectorServedPem(text);
  if (!tsv && !pem && !isSClientText(text)) return false;
  // A paste may carry more than the chain (a key beside it, a session's master key): never shown.
  builder.secrets.addFromText(text);
  if (tsv) {
    for (const endpoint of parseCollectorServedTsv(text))
      builder.servedChains.push({ source: { path }, format: "collector", ...endpoint, certificates: [] });
    return true;
  }
  if (pem) {
    const endpoint = parseCollectorServedPem(text);
    const ders: Uint8Array[] = [];
    for (const block of parsePem(text)) {
      if (block.type !== "CERTIFICATE") continue;
      if (block.der) ders.push(block.der);
      else builder.problem(path, `served block ${block.index}: ${block.error ?? "not decoded"}`);
    }
    const certificates = readChain(ders, path, builder);
    const record: ServedChainRecord = { source: { path }, format: "collector", ...endpoint, certificates };
    if (endpoint.outcome === "ok" && certificates.length === 0) {
      record.outcome = "error";
      record.detail = "the file names a served chain but holds no certificate";
    }
    builder.servedChains.push(record);
    return true;
  }
  const run = parseSClient(text);
  for (const problem of run.problems) builder.problem(path, `served chain ${problem}`);
  const certificates = readChain(run.chain, path, builder);
  builder.servedChains.push({
    source: { path },
    format: "s_client",
    ...(run.host !== undefined ? { host: run.host } : {}),
    ...(run.port !== undefined ? { port: run.port } : {}),
    outcome: run.outcome === "ok" && certificates.length === 0 ? "error" : run.outcome,
    ...(run.detail !== undefined ? { detail: run.detail } : {}),
    certificates,
    ...(run.verifyReturn !== undefined ? { verifyReturn: run.verifyReturn } : {}),
  });
  return true;
}
