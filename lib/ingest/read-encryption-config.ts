/**
 * EncryptionConfiguration (`--encryption-provider-config`): which providers protect which
 * resources, first provider encrypting. Key secrets are reduced to their decoded byte length —
 * enough to check aescbc/secretbox 32-byte keys — and a short digest, which tells whether two
 * control planes hold the same key; the secret itself is never kept.
 */
import { sha256Hex } from "../pki/sha256-hex";
import { decodeBase64 } from "../shared/base64";
import type { EncryptionConfigRecord, EncryptionProvider } from "../inventory";
import { asMap, listAt, mapAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";

/** True for a `kind: EncryptionConfiguration` document. */
export function isEncryptionConfig(doc: YamlMap): boolean {
  return doc.kind === "EncryptionConfiguration";
}

function readProvider(entry: YamlMap): EncryptionProvider[] {
  return Object.entries(entry).map(([name, body]) => {
    const config = asMap(body);
    if (name === "kms") {
      const kmsName = stringAt(config, "name");
      return { name, keys: kmsName ? [{ name: kmsName }] : [] };
    }
    const keys = listAt(config, "keys").flatMap((key) => {
      const map = asMap(key);
      if (!map) return [];
      const secret = stringAt(map, "secret");
      const decoded = secret === undefined ? undefined : decodeBase64(secret);
      return [
        {
          name: stringAt(map, "name") ?? "",
          ...(decoded?.ok
            ? { secretBytes: decoded.value.length, secretDigest: sha256Hex(decoded.value).slice(0, 16) }
            : {}),
        },
      ];
    });
    return { name, keys };
  });
}

/** Resources and their providers, in file order; secrets dropped after measuring. */
export function readEncryptionConfig(doc: YamlMap): Omit<EncryptionConfigRecord, "source"> {
  return {
    resources: listAt(doc, "resources").flatMap((item) => {
      const map = mapAt(item);
      if (!map) return [];
      const providers = listAt(map, "providers").flatMap((p) => {
        const entry = asMap(p);
        return entry ? readProvider(entry) : [];
      });
      return [{ resources: stringsAt(map, "resources"), providers }];
    }),
  };
}
