/**
 * How a certificate kept in API objects other than Secrets is named: after its object and field when
 * every place it was found is an API object, never when a node's file holds it too; and the renewal
 * plan's step for it (replace the caBundle; a new CSR).
 */
import { describe, expect, it } from "vitest";
import { renewalStep } from "../plan/renewal-kind";
import type { ReportCertificate } from "../report";
import { reportWithObjects } from "../test-support/cluster-objects";
import { certificateLabel } from "./certificate-label";
import { homeObject } from "./object-refs";

type Named = Pick<ReportCertificate, "id" | "paths" | "secrets" | "objects">;

describe("homeObject and certificateLabel", () => {
  it.each<{ name: string; cert: Named; want: string; home: boolean }>([
    {
      name: "a webhook's caBundle alone",
      cert: {
        id: "c-1",
        paths: ["w.yaml#ValidatingWebhookConfiguration/guard/webhooks/a.example.com/clientConfig/caBundle"],
        objects: [
          {
            kind: "ValidatingWebhookConfiguration",
            name: "guard",
            webhook: "a.example.com",
            field: "caBundle",
          },
        ],
      },
      want: "ValidatingWebhookConfiguration/guard webhook a.example.com · caBundle",
      home: true,
    },
    {
      name: "an APIService's caBundle and a Secret's ca.crt: the Secret names it",
      cert: {
        id: "c-2",
        paths: ["a.json#APIService/v1.x/spec/caBundle", "s.yaml#ns/x-tls/data/ca.crt"],
        objects: [{ kind: "APIService", name: "v1.x", field: "caBundle" }],
        secrets: [{ namespace: "ns", name: "x-tls", key: "ca.crt" }],
      },
      want: "ns/x-tls · ca.crt",
      home: true,
    },
    {
      name: "a CSR's certificate also on a node: the file names it",
      cert: {
        id: "c-3",
        paths: ["csr.yaml#csr/c/status/certificate", "var/lib/kubelet/pki/kubelet-client-current.pem"],
        objects: [{ kind: "CertificateSigningRequest", name: "c", field: "status.certificate" }],
      },
      want: "kubelet-client-current.pem",
      home: false,
    },
  ])("$name", ({ cert, want, home }) => {
    expect(certificateLabel(cert)).toBe(want);
    expect(homeObject(cert) !== undefined || cert.secrets !== undefined).toBe(home);
  });

  it("the renewal plan replaces a caBundle and files a new CSR", async () => {
    const report = await reportWithObjects();
    const step = (subject: string) => {
      const cert = report.certificates.find((c) => c.subject === subject);
      if (!cert) throw new Error(`no ${subject}`);
      return renewalStep(report, cert);
    };
    expect(step("CN=mesh-injector-ca")).toMatchObject({
      kind: "manual",
      runnable: false,
      command: expect.stringContaining("into the caBundle of MutatingWebhookConfiguration/sidecar-injector"),
    });
    expect(step("O=developers, CN=jane").command).toContain("like jane-developer");
  });
});
