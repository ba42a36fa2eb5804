/**
 * CertificateSigningRequest objects of the API (`kubectl get csr -o yaml|json`, certificates.k8s.io/v1):
 * the request itself (`spec.request`, base64 of a PEM CSR) becomes a CsrRecord with who asked which
 * signer for what and what became of it (conditions, timestamps); an issued certificate
 * (`status.certificate`) joins the inventory under `<file>#csr/<name>/status/certificate`.
 */
import { decodeBase64 } from "../shared/base64";
import { addPkiMaterial, readPemBlocks } from "./add-pki-material";
import { decodeText } from "./decode-text";
import type { InventoryBuilder } from "./inventory-builder";
import type { ObjectPlace } from "./object-meta";
import { looksLikeDer, readDer, type PkiItem } from "./read-pki-material";
import type { CsrRecord, KubeCsrCondition, KubeCsrStatus } from "../inventory";
import { asMap, listAt, mapAt, numberAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";

/** True for a `kind: CertificateSigningRequest` object with a spec. */
export function isCsrObject(doc: YamlMap): boolean {
  return doc.kind === "CertificateSigningRequest" && mapAt(doc, "spec") !== undefined;
}

function conditions(status: YamlMap | undefined): KubeCsrCondition[] {
  return listAt(status, "conditions").flatMap((entry) => {
    const condition = asMap(entry);
    const type = stringAt(condition, "type");
    if (!condition || type === undefined) return [];
    const field = (key: keyof KubeCsrCondition) => {
      const value = stringAt(condition, key);
      return value === undefined ? {} : { [key]: value };
    };
    return [
      {
        type,
        ...field("status"),
        ...field("reason"),
        ...field("message"),
        ...field("lastUpdateTime"),
        ...field("lastTransitionTime"),
      },
    ];
  });
}

/** The request's PKCS#10 contents, or why it could not be read. */
function readRequest(base64: string | undefined): {
  csr?: Extract<PkiItem, { kind: "csr" }>["csr"];
  error?: string;
} {
  if (base64 === undefined) return { error: "no spec.request" };
  const bytes = decodeBase64(base64);
  if (!bytes.ok) return { error: bytes.reason };
  const text = decodeText(bytes.value);
  if (text === undefined) {
    const item = looksLikeDer(bytes.value) ? readDer(bytes.value) : undefined;
    if (item?.ok && item.value.kind === "csr") return { csr: item.value.csr };
    return { error: "neither a PEM nor a DER certificate request" };
  }
  for (const { outcome } of readPemBlocks(text)) {
    if ("error" in outcome) return { error: outcome.error };
    if ("item" in outcome && outcome.item.kind === "csr") return { csr: outcome.item.csr };
  }
  return { error: "no CERTIFICATE REQUEST block" };
}

/**
 * Read one CertificateSigningRequest: the request as a CsrRecord (kept even when its PKCS#10 cannot
 * be read, since who asked and what became of it still matter), the issued certificate into the
 * inventory. True: every CSR object is something the analysis reads.
 */
export async function readCsrObject(
  doc: YamlMap,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<boolean> {
  const name = stringAt(mapAt(doc, "metadata"), "name") ?? `items/${(place.item ?? 1) - 1}`;
  const spec = mapAt(doc, "spec");
  const status = mapAt(doc, "status");
  const request = readRequest(stringAt(spec, "request"));
  if (request.error !== undefined) builder.problem(place.path, `csr/${name}/spec/request: ${request.error}`);
  const kubernetes: KubeCsrStatus = {
    name,
    groups: stringsAt(spec, "groups"),
    usages: stringsAt(spec, "usages"),
    conditions: conditions(status),
    certificateIds: [],
  };
  const signerName = stringAt(spec, "signerName");
  const username = stringAt(spec, "username");
  const expirationSeconds = numberAt(spec, "expirationSeconds");
  const created = stringAt(mapAt(doc, "metadata"), "creationTimestamp");
  if (signerName !== undefined) kubernetes.signerName = signerName;
  if (username !== undefined) kubernetes.username = username;
  if (expirationSeconds !== undefined) kubernetes.expirationSeconds = expirationSeconds;
  if (created !== undefined) kubernetes.created = created;
  const certificate = stringAt(status, "certificate");
  const issued = certificate === undefined ? undefined : decodeBase64(certificate);
  if (issued && !issued.ok) builder.problem(place.path, `csr/${name}/status/certificate: ${issued.reason}`);
  if (issued?.ok && issued.value.length > 0) {
    const locator = `csr/${name}/status/certificate`;
    const outcome = await addPkiMaterial(
      issued.value,
      {
        path: place.path,
        locator,
        label: `${locator}: `,
        object: { kind: "CertificateSigningRequest", name, key: "status/certificate" },
      },
      builder,
    );
    kubernetes.certificateIds = outcome.ids.certificateIds;
  }
  const record: CsrRecord = {
    source: {
      path: place.path,
      locator: `csr/${name}`,
      object: { kind: "CertificateSigningRequest", name, key: "spec/request" },
    },
    subject: request.csr?.subject ?? "",
    dnsNames: request.csr?.dnsNames ?? [],
    ipAddresses: request.csr?.ipAddresses ?? [],
    ...(request.csr?.publicKey ? { publicKey: request.csr.publicKey } : {}),
    kubernetes,
  };
  builder.csrs.push(record);
  return true;
}
