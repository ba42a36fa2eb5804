/**
 * Scenarios where one certificate or key of control-1 is itself wrong: a key that is not the
 * certificate's, a missing SAN, an expired client certificate and a service-account key pair that
 * does not match.
 */
import { dropAdvertiseAddress, mismatchServiceAccountKey, replaceWithUnrelatedKey } from "../generate/faults";
import { certSpec } from "../generate/node-model";
import { CP, CP_APISERVER_MANIFEST, CP_PKI } from "./demo-paths";
import type { Scenario } from "./scenario";

export const keyMismatch: Scenario = {
  id: "key-mismatch",
  title: "apiserver.key is not the key of apiserver.crt",
  teaches:
    "A certificate is only usable with the private key of its public key. apiserver.key holds another key — a renewal " +
    "that wrote the new key but kept the old certificate — so kube-apiserver cannot serve TLS and does not start.",
  relationship: "apiserver-serving",
  expect: [{ code: "KEY_MISMATCH", severity: "error", file: `${CP_PKI}/apiserver.key` }],
  userSees: "tls: private key does not match public key",
  where:
    "kube-apiserver's container log on control-1 (crictl logs), as it exits at start; kubectl then gets " +
    '"The connection to the server 10.0.0.10:6443 was refused".',
  fix: "Write the certificate and its key again as one pair (kubeadm certs renew apiserver) and restart kube-apiserver.",
  lab: [
    {
      kind: "show",
      source: { file: `${CP_PKI}/apiserver.crt` },
      fields: ["subject", "issuer", "dates", "san"],
      why: "The apiserver's serving certificate: its names, issuer and dates.",
      reveals: "nothing wrong with the certificate itself",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/ca.crt` },
      cert: { file: `${CP_PKI}/apiserver.crt` },
      broken: "ok",
      why: "Does the cluster CA verify it?",
    },
    {
      kind: "same-key",
      key: `${CP_PKI}/apiserver.key`,
      with: `${CP_PKI}/apiserver.crt`,
      broken: "fails",
      why: "Does the private key beside it belong to the certificate's public key? Compare the two digests.",
      reveals: "the key file holds another key",
    },
  ],
  mutate: (model) =>
    replaceWithUnrelatedKey(model, `${CP_PKI}/apiserver.key`, "unrelated-apiserver", {
      algorithm: "ECDSA-P256",
    }),
};

export const missingAdvertiseSan: Scenario = {
  id: "missing-advertise-san",
  title: "apiserver.crt does not name the address clients dial",
  teaches:
    "Every kubeconfig dials https://10.0.0.10:6443, the advertise address, but apiserver.crt lists only 10.96.0.1 among its " +
    "IP SANs. TLS clients check the name they dialled against the SANs, so every client refuses the apiserver.",
  relationship: "apiserver-serving",
  expect: [{ code: "SAN_MISSING", severity: "error", file: `${CP_PKI}/apiserver.crt` }],
  userSees:
    "Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for 10.96.0.1, not 10.0.0.10",
  where:
    "kubectl on control-1; the kubelets, controller-manager and scheduler log the same x509 error for https://10.0.0.10:6443.",
  fix: "Issue apiserver.crt again with the advertise address (kubeadm init phase certs apiserver, after moving the old pair away) and restart kube-apiserver.",
  lab: [
    {
      kind: "grep",
      file: `${CP}/etc/kubernetes/admin.conf`,
      pattern: "server:",
      why: "Which address do the kubeconfigs dial?",
      reveals: "https://10.0.0.10:6443",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/apiserver.crt` },
      fields: ["subject", "san"],
      why: "Which names and addresses does the apiserver's certificate list?",
      reveals: "IP Address:10.96.0.1 alone, not 10.0.0.10",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/ca.crt` },
      cert: { file: `${CP_PKI}/apiserver.crt` },
      ip: "10.0.0.10",
      broken: "fails",
      why: "Does the certificate verify for the address clients dial (-verify_ip)?",
      reveals: "IP address mismatch",
    },
  ],
  mutate: (model) => dropAdvertiseAddress(model, "apiserver"),
};

export const expiredAdminConf: Scenario = {
  id: "expired-admin-conf",
  title: "admin.conf's client certificate has expired",
  teaches:
    "The client certificate embedded in admin.conf ended on 2026-05-01. The apiserver refuses an expired certificate as " +
    "authentication, so kubectl with admin.conf is no longer anybody.",
  relationship: "admin-client",
  // admin.conf's instance; super-admin.conf is an edge of its own and stays ok.
  relationshipKey: "admin-client",
  expect: [{ code: "CERT_EXPIRED", severity: "error", file: `${CP}/etc/kubernetes/admin.conf` }],
  userSees: "error: You must be logged in to the server (Unauthorized)",
  where:
    'kubectl --kubeconfig /etc/kubernetes/admin.conf; kube-apiserver logs "Unable to authenticate the request due to an error: ' +
    'x509: certificate has expired or is not yet valid: current time … is after 2026-05-01T00:00:00Z".',
  fix: "kubeadm certs renew admin.conf on control-1, then copy it again to ~/.kube/config.",
  lab: [
    {
      kind: "show",
      source: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "client" },
      fields: ["subject", "issuer", "dates"],
      why: "Who is admin.conf to the apiserver, and until when?",
      reveals: "notAfter is May 1 2026, before the cluster's date",
    },
    {
      kind: "show",
      source: { kubeconfig: `${CP}/etc/kubernetes/super-admin.conf`, field: "client" },
      fields: ["subject", "dates"],
      why: "super-admin.conf's identity and dates, to compare.",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/ca.crt` },
      cert: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "client" },
      broken: "fails",
      why: "Does the cluster CA, which the apiserver trusts for clients, accept admin.conf's certificate on the cluster's date?",
      reveals: "certificate has expired",
    },
  ],
  mutate: (model) => {
    certSpec(model, "admin").notAfter = "2026-05-01T00:00:00Z";
  },
};

export const saKeyMismatch: Scenario = {
  id: "sa-key-mismatch",
  title: "sa.pub is not the public half of sa.key",
  teaches:
    "kube-apiserver signs service-account tokens with sa.key and verifies them with sa.pub. sa.pub holds another key, so " +
    "no token it issues verifies: every pod's request to the API is Unauthorized.",
  relationship: "service-account-signing",
  expect: [{ code: "SA_KEY_MISMATCH", severity: "error", file: `${CP_PKI}/sa.pub` }],
  userSees:
    '"Unable to authenticate the request" err="[invalid bearer token, go-jose/go-jose: error in cryptographic primitive]"',
  where:
    "kube-apiserver's log on control-1, for every request with a service-account token (pods get 401 Unauthorized).",
  fix: "Write sa.pub again from sa.key (openssl pkey -in sa.key -pubout -out sa.pub) and restart kube-apiserver.",
  lab: [
    {
      kind: "grep",
      file: CP_APISERVER_MANIFEST,
      pattern: "service-account-",
      why: "Which file does kube-apiserver sign service-account tokens with, and which does it verify them with?",
    },
    {
      kind: "same-key",
      key: `${CP_PKI}/sa.key`,
      with: `${CP_PKI}/sa.pub`,
      broken: "fails",
      why: "Do the signing key and the verifying key form one pair? Compare the two digests.",
      reveals: "sa.pub is the public half of another key",
    },
    {
      kind: "same-key",
      key: `${CP_PKI}/apiserver.key`,
      with: `${CP_PKI}/apiserver.crt`,
      broken: "ok",
      why: "The same comparison on a pair that works, apiserver.key and apiserver.crt, to see equal digests.",
    },
  ],
  mutate: (model) => mismatchServiceAccountKey(model, `${CP}/`, { algorithm: "ECDSA-P256" }),
};
