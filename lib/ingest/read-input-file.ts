/**
 * One plain (non-archive) file, sniffed by content: PEM → DER → kubelet flags / YAML / JSON.
 * Anything else is skipped with a short reason — unless its name says it should have been PKI
 * material (`ca.crt` that is empty or garbage), which is a problem the user should see.
 */
import { addPemBlocks, addPkiMaterial } from "./add-pki-material";
import { COLLECTOR_LIST_REASON, isCollectorList } from "./collector-list";
import { decodeText } from "./decode-text";
import type { InventoryBuilder } from "./inventory-builder";
import { isKubectlDump, readKubectlDump } from "./kubectl-dump";
import { readConfigText, type TextOutcome } from "./read-config-text";
import { readServedChain } from "./read-served-chain";
import type { PendingReference } from "./read-kubeconfig";
import { basename } from "./resolve-path";
import type { InputFile } from "../inventory";

const PKI_NAME = /\.(crt|cer|pem|key|pub|csr|der|p8|pk8|p12|pfx)$/i;
/** `id_rsa.pub`-style lines: SSH keys, not TLS material, even when named `.pub`. */
const SSH_PUBLIC_KEY = /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-[a-z0-9@.-]+) [A-Za-z0-9+/]+=*( |$)/;

/** Read one file into the builder (records, problems or a skip entry). */
export async function readInputFile(
  file: InputFile,
  builder: InventoryBuilder,
  pending: PendingReference[],
): Promise<void> {
  const { path, bytes } = file;
  const pkiName = PKI_NAME.test(basename(path));
  const notPki = (reason: string) => {
    if (pkiName) builder.problem(path, `named like PKI material, but ${reason}`);
    else builder.skip(path, reason);
  };
  if (bytes.length === 0) {
    notPki("empty file");
    return;
  }
  const { prepared } = file;
  const text = prepared ? prepared.text : decodeText(bytes);
  if (isCollectorList(path, text)) {
    builder.skip(path, COLLECTOR_LIST_REASON);
    return;
  }
  // What a running process served (s_client output, the collector's --served files) is not on disk.
  if (text !== undefined && readServedChain(text, path, builder)) return;
  // A kubectl dump notes the secret texts of the objects it reads, not its megabytes of Helm records.
  const dump =
    text !== undefined && isKubectlDump(text)
      ? await readKubectlDump(text, path, builder, pending)
      : undefined;
  if (dump) {
    record(dump, path, builder, notPki);
    return;
  }
  if (text !== undefined) builder.secrets.addFromReading(text, prepared);
  const material = prepared?.blocks
    ? await addPemBlocks(prepared.blocks, { path }, builder)
    : await addPkiMaterial(bytes, { path }, builder, text);
  if (material.recognized) return;
  if (material.ignoredTypes.length > 0) {
    notPki(`only PEM blocks of unsupported type: ${[...new Set(material.ignoredTypes)].join(", ")}`);
    return;
  }
  if (text === undefined) {
    notPki("binary file that is neither PEM nor DER");
    return;
  }
  if (SSH_PUBLIC_KEY.test(text.trimStart())) {
    builder.skip(path, "OpenSSH public key (not used by Kubernetes TLS)");
    return;
  }
  const outcome = await readConfigText(text, path, builder, pending, prepared?.documents);
  record(outcome, path, builder, notPki);
}

function record(
  outcome: TextOutcome,
  path: string,
  builder: InventoryBuilder,
  notPki: (reason: string) => void,
) {
  if (outcome.kind === "problem") builder.problem(path, outcome.reason);
  else if (outcome.kind === "skip") notPki(outcome.reason);
}
