/**
 * Command-line flags as Kubernetes components (spf13/pflag) accept them: `--name=value`,
 * `--name value`, `-v=2`, and a bare boolean `--name`. Repeated flags keep every value in order
 * (`--service-account-key-file` may repeat during key rotation).
 */
import type { FlagMap } from "../inventory";

function add(flags: FlagMap, name: string, value: string): void {
  const values = flags[name];
  if (values) values.push(value);
  else flags[name] = [value];
}

/**
 * Parse arguments into a FlagMap. A flag without `=` takes the next argument as its value unless
 * that argument is itself a flag (then it is a boolean: `["true"]`). Non-flag arguments and
 * everything after a bare `--` are ignored.
 */
export function parseFlags(args: readonly string[]): FlagMap {
  const flags: FlagMap = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") break;
    const match = /^--?([^-=][^=]*)(?:=([\s\S]*))?$/.exec(arg);
    if (!match?.[1]) continue;
    if (match[2] !== undefined) {
      add(flags, match[1], match[2]);
      continue;
    }
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith("-")) {
      add(flags, match[1], next);
      i++;
    } else {
      add(flags, match[1], "true");
    }
  }
  return flags;
}
