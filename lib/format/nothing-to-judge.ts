/**
 * "Nothing to judge": a folder without a single certificate, key, kubeconfig or static-pod manifest
 * (a README, logs, values files) has no trust relationship that could be right or wrong. Saying "0
 * errors" there reads as a clean bill of health, so the explorer, the table, the Markdown report and
 * the command line all ask this one question and say so instead.
 */
import type { Report } from "../report";
import { countNoun } from "./labels";

/** What the analysis reads, in the words a person would look for on a node. */
export const WHAT_IS_READ: readonly string[] = [
  "certificates",
  "keys",
  "kubeconfigs",
  "static-pod manifests",
  "kubelet config",
  "archives (.tar.gz, .tgz, .zip) of the above",
];

/**
 * True when the report holds no PKI material at all: no certificate, no key, no kubeconfig, no
 * static-pod manifest and no password-protected file left shut (a locked PKCS#12 is material the
 * person can still open). A generic mutual-TLS folder has certificates and so is judged; findings
 * such as an unreadable PEM block stay findings and are shown beside this verdict, not hidden by it.
 */
export function nothingToJudge(report: Report): boolean {
  const { inputs } = report;
  return (
    inputs.certificates === 0 &&
    inputs.keys === 0 &&
    inputs.kubeconfigs === 0 &&
    inputs.manifests === 0 &&
    (inputs.locked?.length ?? 0) === 0
  );
}

/**
 * "no certificates or kubeconfigs in 32 files": the reason behind `nothingToJudge`, short enough
 * for a summary line and the explorer's heading.
 */
export function nothingToJudgePhrase(report: Report): string {
  const read = `no certificates or kubeconfigs in ${countNoun(report.inputs.files, "file")}`;
  // "in 0 files" would hide that input was there: what could not be read is counted too.
  const unread = report.inputs.unread?.filter((file) => file.kind !== "outside").length ?? 0;
  return unread > 0 ? `${read} read, ${countNoun(unread, "input")} not read` : read;
}
