/**
 * The labels enix's x509-certificate-exporter puts on its per-certificate series, made from the
 * report: `filepath` and `filename` of the file the certificate was found in, `serial_number` in
 * decimal, the first value of each of C, ST, L, O, OU and CN of the subject and the issuer
 * (`subject_CN`, `issuer_O`, …), and for a certificate inside a kubeconfig `embedded_kind` (`cluster`
 * or `user`) and `embedded_key` (the entry's name). Label names and values follow the exporter's own
 * source (pkg/registry/labels.go, pkg/source/kubeconfig), so its Grafana dashboards and alert rules
 * read these series unchanged. A label the certificate has no value for is left empty (absent).
 */
import { unescapeFilePath } from "../inventory";
import type { ReportCertificate } from "../report";

/** The DN attributes the exporter makes labels of, in its order. */
const DN_FIELDS = ["C", "ST", "L", "O", "OU", "CN"] as const;

/** RFC 4514 value unescaping: `\,` → `,`, `\00` → NUL (hex pairs), as lib/pki renders names. */
function unescapeValue(value: string): string {
  return value.replace(/\\([0-9a-fA-F]{2}|[\s\S])/g, (_, escaped: string) =>
    escaped.length === 2 ? String.fromCharCode(parseInt(escaped, 16)) : escaped,
  );
}

/** `value` without the space before a ` + ` separator; an escaped trailing space (`\ `) is the value's. */
function withoutSeparatorSpace(value: string): string {
  const trailing = /( +)$/.exec(value);
  if (!trailing) return value;
  let backslashes = 0;
  for (let at = trailing.index - 1; at >= 0 && value[at] === "\\"; at--) backslashes++;
  // An odd run of backslashes escapes the first space, which then belongs to the value.
  return value.slice(0, trailing.index + (backslashes % 2 === 1 ? 1 : 0));
}

/**
 * The first value of each attribute type in a name rendered as the report renders names
 * (`O=system:nodes, CN=system:node:cp-1`, RDNs joined by ", ", multi-valued RDNs by " + ", values
 * RFC 4514-escaped), unescaped. Encoding order decides "first", as Go's pkix.Name does.
 */
export function nameFields(rendered: string): Map<string, string> {
  const fields = new Map<string, string>();
  // An attribute ends at a `,` or `+` that no backslash escapes; escapes are consumed whole.
  for (const match of rendered.matchAll(/(?:^|[,+])\s*([^=,+\\]+)=((?:\\[\s\S]|[^,+\\])*)/g)) {
    const type = (match[1] ?? "").trim();
    if (!fields.has(type)) fields.set(type, unescapeValue(withoutSeparatorSpace(match[2] ?? "")));
  }
  return fields;
}

/**
 * A serial as Go's big.Int prints it: decimal, negative when the DER integer's first bit is set
 * (the report keeps its two's-complement bytes in hex). Anything not hex is returned as it is.
 */
export function decimalSerial(hex: string): string {
  if (!/^[0-9a-f]+$/i.test(hex)) return hex;
  const value = BigInt(`0x${hex}`);
  const negative = parseInt(hex[0] ?? "0", 16) >= 8;
  return (negative ? value - (1n << BigInt(hex.length * 4)) : value).toString();
}

/** Where in a file a certificate was found: the file, and the kubeconfig entry when it is one. */
export interface FileLocation {
  file: string;
  embedded?: { kind: "cluster" | "user"; key: string };
}

/**
 * A report path split as the exporter locates a certificate: `admin.conf#users/kubernetes-admin` is
 * the user entry of admin.conf, `kubelet.crt#block 2` is simply kubelet.crt (every block of a file
 * shares its labels, told apart by serial), as is any other locator. A path is cut at its first
 * `#`, as the rest of the product reads report paths; the file is named as it is on disk.
 */
export function fileLocation(path: string): FileLocation {
  const hash = path.indexOf("#");
  // The file's own name, as the exporter labels it (report paths percent-encode `#` and `%`).
  if (hash === -1) return { file: unescapeFilePath(path) };
  const file = unescapeFilePath(path.slice(0, hash));
  const entry = /^(clusters|users)\/([\s\S]*)$/.exec(path.slice(hash + 1));
  if (!entry) return { file };
  return { file, embedded: { kind: entry[1] === "users" ? "user" : "cluster", key: entry[2] ?? "" } };
}

/** The last segment of a '/'-separated path. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The exporter's labels for `certificate` as found at `path` (one of its report paths). */
export function x509Labels(certificate: ReportCertificate, path: string): Record<string, string> {
  const { file, embedded } = fileLocation(path);
  const labels: Record<string, string> = {
    filepath: file,
    filename: baseName(file),
    serial_number: decimalSerial(certificate.serial),
  };
  const subject = nameFields(certificate.subject);
  const issuer = nameFields(certificate.issuer);
  for (const field of DN_FIELDS) {
    labels[`subject_${field}`] = subject.get(field) ?? "";
    labels[`issuer_${field}`] = issuer.get(field) ?? "";
  }
  if (embedded) {
    labels.embedded_kind = embedded.kind;
    labels.embedded_key = embedded.key;
  }
  return labels;
}
