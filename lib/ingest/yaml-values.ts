/**
 * Typed reads from parsed YAML/JSON (`unknown` in, plain values out). Configuration written by
 * hand has wrong types in places; a field of the wrong type reads as absent instead of throwing.
 */
export type YamlMap = Record<string, unknown>;

/** The value as a mapping, or undefined. */
export function asMap(value: unknown): YamlMap | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as YamlMap)
    : undefined;
}

/** A nested mapping by path (`map(doc, "authentication", "x509")`). */
export function mapAt(value: unknown, ...keys: string[]): YamlMap | undefined {
  let current = asMap(value);
  for (const key of keys) current = asMap(current?.[key]);
  return current;
}

/** A string field; numbers and booleans are rendered (YAML reads `6443` and `true` as such). */
export function stringAt(map: YamlMap | undefined, key: string): string | undefined {
  const value = map?.[key];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** A boolean field, also accepting the strings "true"/"false". */
export function booleanAt(map: YamlMap | undefined, key: string): boolean | undefined {
  const value = map?.[key];
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  return undefined;
}

/** A numeric field, also accepting numeric strings. */
export function numberAt(map: YamlMap | undefined, key: string): number | undefined {
  const value = map?.[key];
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/** A list field (non-lists read as empty). */
export function listAt(map: YamlMap | undefined, key: string): unknown[] {
  const value = map?.[key];
  return Array.isArray(value) ? value : [];
}

/** A list of strings, scalars rendered, other entries dropped. */
export function stringsAt(map: YamlMap | undefined, key: string): string[] {
  return listAt(map, key).flatMap((item) =>
    typeof item === "string" || typeof item === "number" || typeof item === "boolean" ? [String(item)] : [],
  );
}
