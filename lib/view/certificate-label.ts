/**
 * The name people know a certificate by. Operators say "apiserver.crt", "admin.conf",
 * "kubelet-client-current.pem" — not `etc/kubernetes/admin.conf#users/kubernetes-admin` — so the
 * plan and the tables name each certificate after its file, keeping the `etcd/` folder (kubeadm has an
 * `etcd/server.crt` beside `apiserver.crt`) and the block of a multi-certificate file.
 */
import type { ReportCertificate } from "../report";
import { homeSecret } from "./secret-groups";
import { homeObject, objectRowName } from "./object-refs";

/**
 * The path to name a certificate by: its first stand-alone file (`pki/ca.crt`) rather than a copy
 * embedded in a kubeconfig, because that file is what gets renewed.
 */
export function primaryPath(certificate: Pick<ReportCertificate, "id" | "paths">): string {
  return certificate.paths.find((path) => !path.includes("#")) ?? certificate.paths[0] ?? certificate.id;
}

/**
 * `apiserver.crt`, `etcd/server.crt`, `admin.conf` (for `admin.conf#users/kubernetes-admin`),
 * `kubelet.crt (block 2)` (the kubelet's self-signed CA, second in its file), and for a certificate
 * kept only in Secrets its Secret and key, `apps/web-tls · tls.crt` (the dump's name says nothing),
 * and for one kept only in other API objects the object and field (`APIService/v1beta1.metrics.k8s.io · caBundle`).
 */
export function certificateLabel(
  certificate: Pick<ReportCertificate, "id" | "paths" | "secrets" | "objects">,
): string {
  const home = homeSecret(certificate);
  if (home) return `${home.namespace === undefined ? "" : `${home.namespace}/`}${home.name} · ${home.key}`;
  const object = homeObject(certificate);
  if (object) return objectRowName(object);
  const [file = "", fragment] = primaryPath(certificate).split("#", 2);
  const parts = file.split("/").filter((part) => part !== "");
  const base = parts.at(-1) ?? file;
  const name = parts.at(-2) === "etcd" ? `etcd/${base}` : base;
  return fragment?.startsWith("block ") ? `${name} (${fragment})` : name;
}
