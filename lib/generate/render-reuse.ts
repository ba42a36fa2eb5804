/**
 * What renders on one set of earlier files keep for the next render on the same files (see
 * render-on-files.ts): the base model, the keys read back from the files, and the certificates issued
 * so far. A break-it scenario after another then reads no key twice and issues no certificate twice
 * (the healthy base's own two certificates, say, issued for every scenario otherwise). Certificates
 * are kept by everything that defines their bytes (spec, subject and issuer keys), so a kept one is
 * the one the render would issue; keys generated anew are not kept, so a render's new keys stay its own.
 */
import type { InputFile } from "../inventory";
import { readKeyFiles } from "./key-files";
import type { KeyMaterial } from "./keys";
import type { NodeModel } from "./node-model";

/** Certificates kept at most; past it the cache starts again (each scenario adds a handful). */
export const MAX_KEPT_CERTIFICATES = 256;

export class RenderReuse {
  /** Issued certificates by what defines them, shared with each NodeRenderer of a render. */
  readonly issued = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  /** Keys read from the files by key id; undefined for an id no file holds. */
  private readonly read = new Map<string, Promise<KeyMaterial | undefined>>();

  constructor(
    /** The model that wrote the files. */
    readonly base: NodeModel,
    readonly baseFiles: readonly InputFile[],
    private readonly crypto: Crypto,
  ) {}

  /** Whether `files` are the files this reuse was made for: the same paths with the same bytes. */
  isFor(files: readonly InputFile[]): boolean {
    return sameFiles(this.baseFiles, files);
  }

  /** The keys with these ids that the files hold, each read once over the life of this reuse. */
  async keys(ids: ReadonlySet<string>): Promise<Map<string, KeyMaterial>> {
    const missing = new Set([...ids].filter((id) => !this.read.has(id)));
    if (missing.size > 0) {
      const reading = readKeyFiles(this.base, this.baseFiles, this.crypto, missing);
      for (const id of missing) {
        const one = reading.then((keys) => keys.get(id));
        this.read.set(id, one);
        // A failed read is not kept: the same error comes again from a fresh read next time.
        one.catch(() => {
          if (this.read.get(id) === one) this.read.delete(id);
        });
      }
    }
    const keys = new Map<string, KeyMaterial>();
    for (const id of ids) {
      const key = await this.read.get(id);
      if (key) keys.set(id, key);
    }
    return keys;
  }

  /** Called before each render: keeps the certificate cache bounded. */
  trim(): void {
    if (this.issued.size > MAX_KEPT_CERTIFICATES) this.issued.clear();
  }
}

/** The same paths in the same order with the same bytes. */
export function sameFiles(a: readonly InputFile[], b: readonly InputFile[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || x.path !== y.path || x.bytes.length !== y.bytes.length) return false;
    if (x.bytes !== y.bytes)
      for (let j = 0; j < x.bytes.length; j++) if (x.bytes[j] !== y.bytes[j]) return false;
  }
  return true;
}
