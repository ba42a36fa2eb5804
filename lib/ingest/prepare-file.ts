/**
 * The part of reading a file that needs nothing but its bytes — decoding the text, reading PEM
 * blocks, digesting and parsing certificates, parsing YAML — done ahead, so it can run on other
 * threads (the CLI's worker threads) while one thread records the results in path order. The
 * result is plain data that survives `postMessage`; ingest gives the same inventory with or
 * without it, which the tests hold it to.
 */
import { readCertificate } from "../pki/read-certificate";
import { sha256Hex } from "../pki/sha256-hex";
import { readPemBlocks, type ReadBlock } from "./add-pki-material";
import { archiveKind } from "./archive-kind";
import { decodeText } from "./decode-text";
import { isKubectlDump } from "./kubectl-dump";
import { hasPemBlock } from "./parse-pem";
import { MAX_YAML_CHARS } from "./read-config-text";
import { parseYamlDocuments } from "./parse-yaml-documents";
import type { InputFile, PreparedFile } from "../inventory";

/** Certificate blocks with their digest and reading attached. */
function withCertificatesRead(blocks: ReadBlock[]): ReadBlock[] {
  return blocks.map((block) => {
    const { outcome } = block;
    if (!("item" in outcome) || outcome.item.kind !== "certificate") return block;
    const der = outcome.item.der;
    const sha256 = sha256Hex(der);
    const record = readCertificate(Uint8Array.from(der), sha256);
    return { ...block, outcome: { item: { ...outcome.item, read: { sha256, record } } } };
  });
}

/**
 * The file worked out ahead, or undefined when there is nothing to do ahead: empty files and
 * archives (expanded inside the analysis) and binary content are left to ingest.
 */
export function prepareFile(file: Pick<InputFile, "bytes">): PreparedFile | undefined {
  const { bytes } = file;
  if (bytes.length === 0 || archiveKind(bytes)) return undefined;
  const text = decodeText(bytes);
  if (text === undefined) return undefined;
  return prepareText(text);
}

/** `prepareFile` for bytes already decoded to `text` (not an archive, not binary). */
export function prepareText(text: string): PreparedFile {
  // A dump is cut into objects while it is read; parsing it whole ahead would be the slow path.
  if (isKubectlDump(text)) return { text };
  if (hasPemBlock(text)) return { text, blocks: withCertificatesRead(readPemBlocks(text)) };
  if (text.length > MAX_YAML_CHARS) return { text };
  return { text, documents: parseYamlDocuments(text) };
}
