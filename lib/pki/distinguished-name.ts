/**
 * One rendering of X.509 names for the whole product. Attributes appear in encoding order (the
 * order `openssl x509 -subject` prints), `TYPE=value` joined by ", ", multi-valued RDNs joined by
 * " + ", with RFC 4514 escaping: `O=system:nodes, CN=system:node:cp-1`. Equal strings are treated
 * as equal names (issuer lookup, self-issued), which is slightly more lenient than byte equality.
 */
import type { AttributeValue, Name } from "@peculiar/asn1-x509";
import { toHex } from "../shared/bytes";
import { DN_ATTRIBUTES } from "./oid-names";

/** One attribute value escaped as RFC 4514 asks, as every rendered name in the product shows it. */
export function escapeValue(value: string): string {
  let escaped = value.replace(/[\\",+;<>]/g, (ch) => `\\${ch}`).replace(/\0/g, "\\00");
  if (escaped.startsWith("#") || escaped.startsWith(" ")) escaped = `\\${escaped}`;
  if (escaped.endsWith(" ") && escaped.length > 1) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}

function attributeValue(value: AttributeValue): string {
  if (value.anyValue) return `#${toHex(value.anyValue)}`;
  return escapeValue(value.toString());
}

/** Render a Name as described above; an empty name renders as "". */
export function renderName(name: Name): string {
  return name
    .map((rdn) =>
      rdn.map((atv) => `${DN_ATTRIBUTES[atv.type] ?? atv.type}=${attributeValue(atv.value)}`).join(" + "),
    )
    .join(", ");
}

/** Every value of one attribute type (e.g. all O= values), in encoding order, unescaped. */
export function nameValues(name: Name, oid: string): string[] {
  const values: string[] = [];
  for (const rdn of name) {
    for (const atv of rdn) if (atv.type === oid && !atv.value.anyValue) values.push(atv.value.toString());
  }
  return values;
}
