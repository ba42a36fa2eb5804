/**
 * cert-manager's objects (`kubectl get certificates,issuers,clusterissuers -A -o yaml|json`,
 * cert-manager.io/v1): a Certificate names the Secret it keeps a certificate in (`spec.secretName`),
 * the names it is for (`spec.dnsNames`), its issuer (`spec.issuerRef`), and how it stands
 * (`status.notAfter`, `status.renewalTime`, the `Ready` condition); an Issuer or ClusterIssuer says
 * how it signs (`spec.ca.secretName`, `spec.selfSigned`, or another issuer type). They hold no
 * certificate themselves: what they say is matched with the Secrets of the same drop.
 */
import type { InventoryBuilder } from "./inventory-builder";
import { objectMeta, type ObjectPlace } from "./object-meta";
import type { CertManagerCondition } from "../objects/trust-objects";
import { asMap, listAt, mapAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";

const CERT_MANAGER_GROUP = /^cert-manager\.io\//;

/** The issuer types cert-manager knows besides `ca` and `selfSigned`, by their spec key. */
const OTHER_ISSUERS = ["acme", "vault", "venafi"] as const;

/** True for a cert-manager.io Certificate, Issuer or ClusterIssuer. */
export function isCertManagerObject(doc: YamlMap): boolean {
  return (
    typeof doc.apiVersion === "string" &&
    CERT_MANAGER_GROUP.test(doc.apiVersion) &&
    (doc.kind === "Certificate" || doc.kind === "Issuer" || doc.kind === "ClusterIssuer")
  );
}

/** `status.conditions[]`, each entry's strings kept. */
function conditions(status: YamlMap | undefined): CertManagerCondition[] {
  return listAt(status, "conditions").flatMap((entry) => {
    const condition = asMap(entry);
    const type = stringAt(condition, "type");
    if (!condition || type === undefined) return [];
    const field = (key: "status" | "reason" | "message" | "lastTransitionTime") => {
      const value = stringAt(condition, key);
      return value === undefined ? {} : { [key]: value };
    };
    return [
      { type, ...field("status"), ...field("reason"), ...field("message"), ...field("lastTransitionTime") },
    ];
  });
}

/** Optional string fields of `map`, copied under the same names when present. */
function strings<K extends string>(map: YamlMap | undefined, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = stringAt(map, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Read a Certificate, Issuer or ClusterIssuer into the builder. */
export function readCertManager(doc: YamlMap, place: ObjectPlace, builder: InventoryBuilder): boolean {
  const meta = objectMeta(doc, place);
  const name = meta.name ?? meta.base ?? "";
  const spec = mapAt(doc, "spec");
  const status = mapAt(doc, "status");
  const where = {
    source: { path: place.path, locator: `${String(doc.kind)}/${meta.base ?? name}` },
    ...(meta.namespace !== undefined ? { namespace: meta.namespace } : {}),
    name,
    conditions: conditions(status),
  };
  if (doc.kind === "Certificate") {
    const issuerRef = mapAt(spec, "issuerRef");
    const issuerName = stringAt(issuerRef, "name");
    builder.trustObjects.certificates.push({
      ...where,
      ...strings(spec, ["secretName", "commonName", "duration", "renewBefore"] as const),
      dnsNames: stringsAt(spec, "dnsNames"),
      ...(issuerName !== undefined
        ? { issuerRef: { name: issuerName, ...strings(issuerRef, ["kind", "group"] as const) } }
        : {}),
      ...strings(status, ["notAfter", "notBefore", "renewalTime"] as const),
    });
    return true;
  }
  const caSecretName = stringAt(mapAt(spec, "ca"), "secretName");
  const other = OTHER_ISSUERS.find((key) => mapAt(spec, key) !== undefined);
  builder.trustObjects.issuers.push({
    ...where,
    kind: doc.kind === "ClusterIssuer" ? "ClusterIssuer" : "Issuer",
    ...(caSecretName !== undefined ? { caSecretName } : {}),
    selfSigned: spec !== undefined && "selfSigned" in spec,
    ...(other !== undefined ? { other } : {}),
  });
  return true;
}
