/**
 * The grammar of `k8s-pki explain "<text>" <dir|archive|file>... [--from-file FILE] [--format
 * table|markdown|json] [--now ISO]`: the text is the first argument, or
 * read from FILE, or from stdin when the first argument is `-`. A mistake is a one-line usage error
 * (exit 2).
 */
import { parseArgs } from "node:util";
import { EXPLAIN_FORMATS, type ExplainFormat } from "../lib/explain/format-answer";
import { parseNow } from "./parse-args";

export interface ExplainCommand {
  kind: "explain";
  /** Where the text comes from. */
  text: { from: "argument"; value: string } | { from: "file"; path: string } | { from: "stdin" };
  inputs: string[];
  format: ExplainFormat;
  now?: Date;
}

export const EXPLAIN_USAGE =
  'k8s-pki explain "<error or alert>" <dir|archive|file>... [--from-file FILE | -] [--format table|markdown|json] [--now ISO]';

/** `explain`'s arguments (after the word `explain`), checked. */
export function parseExplainArgs(
  argv: string[],
): ExplainCommand | { kind: "usage-error"; message: string } | { kind: "help" } {
  const usage = (message: string) => ({
    kind: "usage-error" as const,
    message: `${message}: use ${EXPLAIN_USAGE}`,
  });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        "from-file": { type: "string" },
        format: { type: "string", short: "f" },
        now: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return usage((message.split(/\.\s/)[0] ?? message).replace(/^./, (c) => c.toLowerCase()));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const fromFile = values["from-file"];
  let text: ExplainCommand["text"];
  let inputs: string[];
  if (fromFile !== undefined) {
    text = { from: "file", path: fromFile };
    inputs = positionals;
  } else {
    const [first, ...rest] = positionals;
    if (first === undefined) return usage("explain needs the error text and a drop");
    text = first === "-" ? { from: "stdin" } : { from: "argument", value: first };
    inputs = rest;
  }
  if (inputs.length === 0) return usage("no input: give the drop to explain the text against");
  const format = values.format ?? "table";
  if (!(EXPLAIN_FORMATS as readonly string[]).includes(format))
    return usage(`unknown format '${format}' for explain: use one of ${EXPLAIN_FORMATS.join(", ")}`);
  const command: ExplainCommand = {
    kind: "explain",
    text,
    inputs,
    format: format as ExplainFormat,
  };
  if (values.now !== undefined) {
    const when = parseNow(values.now);
    if (typeof when === "string") return { kind: "usage-error", message: when };
    command.now = when;
  }
  return command;
}

/** The text of `k8s-pki explain --help`. */
export const EXPLAIN_HELP = `k8s-pki explain — which certificate of a drop does this error or alert mean?

Usage:
  k8s-pki explain "<error or alert>" <dir|archive|file>... [options]
  k8s-pki explain --from-file <FILE> <dir|archive|file>... [options]
  k8s-pki explain - <dir|archive|file>... [options]     (the text from stdin)

Recognises the x509 and TLS errors that Go, kubectl, the kubelet, etcd, kubeadm and kube-apiserver
print, and the kube-prometheus alerts KubeClientCertificateExpiration,
KubeletClientCertificateExpiration and KubeletServerCertificateExpiration (the name alone, or the
alert as pasted). Reads the drop as audit does and names the certificates that fit, best first,
the relationships they take part in, and why. Only the first 64 KiB of the text is read.

Options:
  --from-file <FILE>        read the error or alert from FILE
  -f, --format <table|markdown|json>
                            output format (default: table)
  --now <ISO date or date-time>
                            judge the drop, and count an alert's window, from this instant
                            (default: the current time)

Exit codes:
  0  certificates in the drop fit the text
  1  nothing in the drop matches (or the text is not a recognised error or alert)
  2  usage error, or an input that cannot be read
`;
