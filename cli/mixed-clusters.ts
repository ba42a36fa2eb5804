/**
 * The command line's side of "two clusters are never merged silently": arguments are judged as one
 * cluster, as asked, but when one of them shares no CA key with the arguments before it, stderr says
 * so — the page asks the same question before merging a drop.
 */
import { authorityKeys, joinsLoaded, type AuthorityKeys } from "../lib/cluster/authority-keys";
import { ingest } from "../lib/ingest/ingest";
import type { InputFile } from "../lib/inventory";

/**
 * Notes for arguments that share no CA key with those before them. `files` are named
 * `<argument>/…` (several arguments); `names` are those prefixes in argument order.
 */
export async function mixedClusterNotes(
  files: readonly InputFile[],
  names: readonly string[],
  passwords: readonly string[] = [],
): Promise<string[]> {
  const notes: string[] = [];
  const loaded: AuthorityKeys[] = [];
  for (const name of names) {
    const own = files.filter((file) => file.path.startsWith(`${name}/`) || file.path === name);
    const keys = authorityKeys(await ingest(own, { crypto: globalThis.crypto, passwords }));
    if (!joinsLoaded(loaded, keys)) {
      const before = names.slice(0, names.indexOf(name)).map((other) => `'${other}'`);
      notes.push(
        `'${name}' shares no CA key with ${before.join(", ")}: they look like different clusters, judged here as one (audit them separately to keep their findings apart)`,
      );
    }
    loaded.push(keys);
  }
  return notes;
}
