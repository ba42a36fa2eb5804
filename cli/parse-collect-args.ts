/**
 * The grammar of `k8s-pki collect [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]`: the node
 * collector's own options, checked here so a mistake is the CLI's one-line usage error (exit 2)
 * before any shell starts. `--help` is the collector's own help.
 */
import { parseArgs } from "node:util";

export interface CollectCommand {
  kind: "collect";
  /** The tree to read (the collector's default: /). */
  root?: string;
  /** Where the archive goes (the collector's default: ./<hostname>-k8s-pki.tgz). */
  out?: string;
  publicKeysOnly: boolean;
  /** Also dump the cluster's trust-holding API objects with kubectl (absent: not asked). */
  objects?: true;
  /** Also read the chains the node's components serve on their ports (absent: not asked). */
  served?: true;
  /** Show the collector's help instead of collecting. */
  help: boolean;
}

const USAGE = "k8s-pki collect [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]";

/** `collect`'s arguments (after the word `collect`), checked. */
export function parseCollectArgs(argv: string[]): CollectCommand | { kind: "usage-error"; message: string } {
  const usage = (message: string) => ({ kind: "usage-error" as const, message });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: "string" },
        out: { type: "string" },
        "public-keys-only": { type: "boolean" },
        objects: { type: "boolean" },
        served: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      return usage(`unknown option '${/'([^']+)'/.exec(message)?.[1] ?? message}': use ${USAGE}`);
    // parseArgs's message runs over several sentences; its first one names the problem.
    const first = message.split(/\.\s/)[0] ?? message;
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      return usage(`${first.charAt(0).toLowerCase()}${first.slice(1)}: use ${USAGE}`);
    throw error;
  }
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length > 0)
    return usage(`collect takes no '${positionals.join(" ")}': use ${USAGE}`);
  if (values.root === "") return usage("--root needs a folder, e.g. --root /");
  if (values.out === "") return usage("--out needs a file name, e.g. --out node.tgz");
  return {
    kind: "collect",
    ...(values.root !== undefined ? { root: values.root } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
    publicKeysOnly: values["public-keys-only"] ?? false,
    ...(values.objects ? { objects: true as const } : {}),
    ...(values.served ? { served: true as const } : {}),
    help,
  };
}

/** The collector's arguments for a parsed command, in its own grammar. */
export function collectorArgs(command: CollectCommand): string[] {
  if (command.help) return ["--help"];
  return [
    ...(command.root !== undefined ? ["--root", command.root] : []),
    ...(command.out !== undefined ? ["--out", command.out] : []),
    ...(command.publicKeysOnly ? ["--public-keys-only"] : []),
    ...(command.objects ? ["--objects"] : []),
    ...(command.served ? ["--served"] : []),
  ];
}
