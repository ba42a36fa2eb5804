/**
 * The commands inside a fix. A fix is prose that names commands, flags, settings and files in
 * backticks; only the spans that are a whole shell command — a known program followed by its
 * arguments, nothing elided — are worth a terminal box with a Copy button. A flag
 * (`--client-ca-file=…`), a setting (`serverTLSBootstrap: true`), an elided sketch
 * (`openssl ec … -pubout`), a template (`kubeadm certs renew <name>`, whose `<` a shell would read
 * as a redirection) or a bare subcommand (`kubeadm certs renew`) stays inline in the prose, where it
 * is read, not run.
 */
import { splitCodeSpans } from "./split-code-spans";

/** Programs the fixes tell people to run, on a node or where kubectl works. */
const PROGRAMS = new Set([
  "aws",
  "cp",
  "crictl",
  "etcdctl",
  "journalctl",
  "k3s",
  "kubeadm",
  "kubectl",
  "mv",
  "openssl",
  "rke2",
  "rm",
  "sudo",
  "systemctl",
  "timedatectl",
]);

/** Subcommands named without the argument they need. */
const INCOMPLETE = new Set([
  "kubeadm certs renew",
  "kubectl certificate approve",
  "kubeadm init phase certs",
]);

/** Whether a code span reads as a command to run as it stands. */
export function isCommand(span: string): boolean {
  const words = span.trim().split(/\s+/);
  const program = words[0] ?? "";
  if (!PROGRAMS.has(program)) return false;
  // A bare program name is a mention ("check with `timedatectl`"), unless it takes no arguments.
  if (words.length < 2 && program !== "timedatectl") return false;
  if (/…|\.\.\.|<[^>]*>/.test(span)) return false;
  return !INCOMPLETE.has(words.join(" "));
}

/** The runnable commands of a fix, in order, without repeats. */
export function fixCommands(fix: string): string[] {
  const commands = splitCodeSpans(fix)
    .filter((segment) => segment.code && isCommand(segment.text))
    .map((segment) => segment.text.trim());
  return [...new Set(commands)];
}
