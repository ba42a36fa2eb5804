/**
 * Files with the same bytes are read once. A node copy holds the cluster CA in every node's
 * `pki/ca.crt`, every node's `config.yaml` is the same file, and a kubelet's `*-current.pem` link is
 * read beside the file it names: in a fleet, a third of the files repeat one met a few files
 * earlier. The memo is small and forgets the oldest content first, so a fleet's unique files are
 * never all held at once; what it returns is the same plain data `prepareFile` would have made.
 */
import { archiveKind } from "./archive-kind";
import { decodeText } from "./decode-text";
import { prepareText } from "./prepare-file";
import type { PreparedFile } from "../inventory";

/** Distinct contents remembered: a kubelet folder's links and the few files every node shares. */
const REMEMBERED = 64;
/** Larger files are rarely copies, and a key that size would cost more than it saves. */
const MAX_REMEMBERED_CHARS = 64 * 1024;

export class SameContent {
  private readonly byText = new Map<string, PreparedFile>();
  /** Files whose content was met before: what the memo saved. */
  hits = 0;

  /**
   * The prepared form of `bytes`, made once per distinct content among the recent ones; undefined
   * when there is nothing to prepare ahead (empty, an archive, binary or too large to remember).
   */
  prepare(bytes: Uint8Array): PreparedFile | undefined {
    if (bytes.length === 0 || bytes.length > MAX_REMEMBERED_CHARS || archiveKind(bytes)) return undefined;
    const text = decodeText(bytes);
    if (text === undefined) return undefined;
    const known = this.byText.get(text);
    if (known) {
      this.hits++;
      // Most recently used last: what every node repeats stays, a one-off ages out.
      this.byText.delete(text);
      this.byText.set(text, known);
      return known;
    }
    const prepared = prepareText(text);
    this.byText.set(text, prepared);
    if (this.byText.size > REMEMBERED) {
      const oldest = this.byText.keys().next().value;
      if (oldest !== undefined) this.byText.delete(oldest);
    }
    return prepared;
  }
}
