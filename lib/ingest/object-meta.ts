/**
 * How an API object of a dump or manifest is named in locators: `<namespace>/<name>` for a Secret
 * from `kubectl get secrets -A`, `<name>` for a manifest that names no namespace, `items/<n>` for
 * a List item that has no name at all. A finding then reads
 * `secrets.yaml#cert-manager/webhook-tls/data/tls.crt`.
 */
import { mapAt, stringAt, type YamlMap } from "./yaml-values";

/** Where an object sits: its file, and its 1-based position when it is an item of a List. */
export interface ObjectPlace {
  path: string;
  item?: number;
}

/** An object's namespace and name as far as they are known, and the locator prefix they make. */
export interface ObjectMeta {
  namespace?: string;
  name?: string;
  /** `cert-manager/webhook-tls`; undefined for a lone object without a name (its keys stand alone). */
  base?: string;
  annotations: YamlMap;
}

/** The namespace, name and locator prefix of `doc`. */
export function objectMeta(doc: YamlMap, place: ObjectPlace): ObjectMeta {
  const metadata = mapAt(doc, "metadata");
  const name = stringAt(metadata, "name");
  const namespace = stringAt(metadata, "namespace");
  const annotations = mapAt(metadata, "annotations") ?? {};
  const base =
    name !== undefined
      ? namespace !== undefined
        ? `${namespace}/${name}`
        : name
      : place.item !== undefined
        ? `items/${place.item - 1}`
        : undefined;
  return {
    ...(namespace !== undefined ? { namespace } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(base !== undefined ? { base } : {}),
    annotations,
  };
}

/** `base/rest`, or `rest` alone when the object has no locator prefix. */
export function objectLocator(meta: ObjectMeta, rest: string): string {
  return meta.base === undefined ? rest : `${meta.base}/${rest}`;
}
