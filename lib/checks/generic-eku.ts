// Without Kubernetes wiring a certificate's purpose is what its file says it is: Go's TLS stack rejects a client certificate without clientAuth ("x509: certificate specifies an incompatible key usage") and a serving one without serverAuth (k8s-pki-spec §7 rows 7, 8).
import { basename } from "../ingest/resolve-path";
import type { CertificateRecord } from "../inventory";
import type { Finding } from "../report";
import { certLabel, certPaths } from "../engine/describe";
import type { Rule } from "../engine/rule";

/** The purpose a file name declares: `client.crt`, `grpc-server.pem`, … */
function declaredPurpose(cert: CertificateRecord): "client" | "server" | undefined {
  for (const source of cert.sources) {
    const name = basename(source.path).toLowerCase();
    const client = /client/.test(name);
    const server = /server/.test(name);
    if (client !== server) return client ? "client" : "server";
  }
  return undefined;
}

export const genericEku: Rule = {
  codes: ["EKU_MISSING"],
  scope: "relationship",
  run: (ctx) => {
    if (ctx.model.layout.name !== "generic-mtls") return [];
    const findings: Finding[] = [];
    for (const cert of ctx.inventory.certificates) {
      if (cert.isCA || !cert.ekuPresent) continue;
      const purpose = declaredPurpose(cert);
      const need = purpose === "client" ? "clientAuth" : purpose === "server" ? "serverAuth" : undefined;
      if (!need || cert.eku.includes(need)) continue;
      findings.push({
        code: "EKU_MISSING",
        severity: "error",
        title: `${certPaths(cert)[0] ?? cert.subject} is a ${purpose} certificate without ${need}`,
        detail: `${certLabel(cert)} is named as a ${purpose} certificate, but its extended key usage is ${cert.eku.join(", ")}, without ${need}. A TLS peer that checks key usage, as Go's does, rejects it with "x509: certificate specifies an incompatible key usage".`,
        files: certPaths(cert),
        certificateIds: [cert.id],
        fix: `Re-issue it with extendedKeyUsage = ${need} (openssl: \`-addext extendedKeyUsage=${need}\`), from the same CA.`,
      });
    }
    return findings;
  },
};
