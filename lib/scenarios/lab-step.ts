/**
 * What a break-it lab asks students to run, as data: which files to look at and which check, never a
 * command line. `lab.ts` turns each step into the command people copy (openssl, kubectl, grep), so
 * every scenario's lab uses one way of reading a certificate, verifying a chain or pairing a key.
 */

/** A certificate to read: a PEM file, or a kubeconfig's embedded CA or client certificate. */
export type LabSource = { file: string } | { kubeconfig: string; field: "ca" | "client" };

/** What `openssl x509` prints of a certificate. */
export type LabCertField = "subject" | "issuer" | "dates" | "san" | "fingerprint" | "ski" | "aki";

/** How a verification or a key comparison comes out. */
export type LabVerdict = "ok" | "fails";

interface LabStepText {
  /** One line for the student: why to run it (a question, never the answer). */
  why: string;
  /** What it shows in the broken cluster, said in the lab's answer only. */
  reveals?: string;
}

export type LabStep = LabStepText &
  (
    | { kind: "show"; source: LabSource; fields: readonly LabCertField[] }
    | {
        kind: "verify";
        /** The bundle verified against; at most one of `ca` and `cert` is a kubeconfig's data. */
        ca: LabSource;
        cert: LabSource;
        /** The address the client dials, checked against the certificate's IP SANs. */
        ip?: string;
        /** Its outcome in the broken cluster, and in the healthy one (default ok). */
        broken: LabVerdict;
        healthy?: LabVerdict;
      }
    | {
        kind: "same-key";
        /** A private key file. */
        key: string;
        /** A certificate (`.crt`, `.pem`) or a public key (`.pub`) to compare its public half with. */
        with: string;
        /** Whether the two digests are equal ("ok") in the broken cluster; always equal when healthy. */
        broken: LabVerdict;
      }
    | { kind: "grep"; file: string; pattern: string }
    | { kind: "count"; source: LabSource }
  );
