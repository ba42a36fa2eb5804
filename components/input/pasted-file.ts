/**
 * Pasted text becomes one file, named so the analysis reads it for what it is: a kubeconfig
 * (`apiVersion:` or `clusters:` at the start of a line) is `pasted-N.conf`, anything else — PEM
 * certificates, keys, bundles — `pasted-N.pem`; `openssl s_client` output (what a port served)
 * `pasted-N-s_client.txt`.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { isSClientText } from "@/lib/served/parse-s-client";

const KUBECONFIG = /^\s*(apiVersion|clusters)\s*:/m;

/** The file name pasted text gets, by content; `n` numbers successive pastes. */
export function pastedFileName(text: string, n: number): string {
  if (isSClientText(text)) return `pasted-${n}-s_client.txt`;
  return `pasted-${n}.${KUBECONFIG.test(text) ? "conf" : "pem"}`;
}

/** Pasted text as an analysis file (UTF-8 bytes). */
export function pastedFile(text: string, n: number): AnalysisFile {
  const bytes = new TextEncoder().encode(text);
  return {
    path: pastedFileName(text, n),
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
}
