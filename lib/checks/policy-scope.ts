/**
 * What the POLICY_* rules share: whether the policy in force speaks on this drop at all, which
 * certificates it selects, each limit with the words naming where it came from (the policy file's
 * key, kubeadm's default, or the kubeadm configuration's period), and the installer's own fix.
 * Not a rule.
 */
import type { CertificateRecord } from "../inventory";
import type { Finding } from "../report";
import { renewCommand } from "../cluster/kubeadm-renew";
import { attribution, certPaths } from "../engine/describe";
import { kubeadmConfigFile } from "../engine/kubeadm-config-file";
import type { CheckContext } from "../engine/rule";
import { DAY_MS, isKubeletRotated } from "../expiry";
import { formatGoHours, parseGoDuration } from "../policy/go-duration";
import type { Policy } from "../policy/policy";

/** A limit and where it came from, in words a finding quotes. */
export interface PolicyLimit {
  ms: number;
  source: string;
}

/** A period a kubeadm configuration names, with the file it was read from. */
export interface ConfiguredPeriod {
  ms: number;
  text: string;
  path: string;
}

const KUBEADM_LAYOUTS = ["kubeadm", "kind", "kubespray"];

/** The longest of a period the drop's kubeadm configurations name (the most lenient: no false alarm). */
export function configuredPeriod(
  ctx: CheckContext,
  field: "certificateValidityPeriod" | "caCertificateValidityPeriod",
): ConfiguredPeriod | undefined {
  let best: ConfiguredPeriod | undefined;
  for (const config of ctx.inventory.kubeadmConfigs) {
    const text = config[field];
    const ms = text === undefined ? undefined : parseGoDuration(text);
    if (text === undefined || ms === undefined || ms <= 0) continue;
    if (!best || ms > best.ms) best = { ms, text, path: config.source.path };
  }
  return best;
}

/**
 * The policy that judges this drop, or undefined. A user's policy limited to some layouts and the
 * built-in one (limited to kubeadm's) speak only on a recognised layout of theirs; the built-in one
 * also wherever a kubeadm configuration names a validity period.
 */
export function activePolicy(ctx: CheckContext): Policy | undefined {
  const policy = ctx.policy;
  if (!policy) return undefined;
  const layouts = policy.layouts;
  if (!layouts) return policy;
  const layout = ctx.model.layout;
  // The layout the report names, not its conventions: minikube and MicroK8s follow kubeadm's
  // paths but issue certificates of their own lifetimes.
  const recognised = layout.recognised !== false && layouts.includes(layout.name);
  if (recognised) return policy;
  if (
    policy.origin === "built-in" &&
    (configuredPeriod(ctx, "certificateValidityPeriod") ??
      configuredPeriod(ctx, "caCertificateValidityPeriod"))
  )
    return policy;
  return undefined;
}

/** The role the analysis gave a certificate (apiserver-serving, cluster-ca, ...). */
export function roleOf(ctx: CheckContext, cert: CertificateRecord): string | undefined {
  return ctx.model.certRoles.get(cert.id);
}

/** kubeadm's kubeconfigs, which hold certificates it issued (k8s-pki-spec §2). */
const KUBEADM_KUBECONFIG =
  /(?:^|\/)etc\/kubernetes\/(?:admin|super-admin|controller-manager|scheduler)\.conf(?:#|$)/;

/**
 * Where kubeadm writes what it issues: its certificates folder (`/etc/kubernetes/pki`, kubespray's
 * `/etc/kubernetes/ssl`, or the configuration's `certificatesDir`) and its kubeconfigs. kubespray's
 * own etcd certificates (`/etc/ssl/etcd`) are not kubeadm's and keep their own lifetimes.
 */
function kubeadmMade(ctx: CheckContext, cert: CertificateRecord): boolean {
  const dirs = ["etc/kubernetes/pki/", "etc/kubernetes/ssl/"];
  for (const config of ctx.inventory.kubeadmConfigs)
    if (config.certificatesDir) dirs.push(`${config.certificatesDir.replace(/^\/+|\/+$/g, "")}/`);
  return cert.sources.some(
    ({ path }) =>
      KUBEADM_KUBECONFIG.test(path) || dirs.some((dir) => path.startsWith(dir) || path.includes(`/${dir}`)),
  );
}

/**
 * The certificates a policy judges: every one, or those of its `roles`; the built-in policy only
 * what kubeadm itself wrote.
 */
export function selectedCertificates(ctx: CheckContext, policy: Policy): CertificateRecord[] {
  const roles = policy.roles;
  return ctx.inventory.certificates.filter(
    (cert) =>
      (!roles || roles.includes(roleOf(ctx, cert) ?? "")) &&
      (policy.origin !== "built-in" || kubeadmMade(ctx, cert)),
  );
}

/** A CA by what it is or by the role the cluster gives it (a trust anchor that lacks CA:TRUE is CA_INVALID's). */
export function judgedAsCA(ctx: CheckContext, cert: CertificateRecord, leafInPractice: boolean): boolean {
  if (cert.isCA) return !leafInPractice;
  return (roleOf(ctx, cert) ?? "").endsWith("-ca");
}

/** What a policy limit is called in a finding: the file's key and value, or kubeadm's default. */
export function policySource(policy: Policy, key: string, value: string | number, kubeadm?: string): string {
  if (policy.origin === "built-in") return `kubeadm's default${kubeadm ? ` (${kubeadm})` : ""}`;
  return `the policy "${policy.name}" (${key}: ${value})`;
}

/** The lifetime limit of leaves or CAs, and its source. */
export function lifetimeLimit(
  ctx: CheckContext,
  policy: Policy,
  kind: "leaf" | "ca",
): PolicyLimit | undefined {
  if (policy.origin === "built-in") {
    const field = kind === "leaf" ? "certificateValidityPeriod" : "caCertificateValidityPeriod";
    const configured = configuredPeriod(ctx, field);
    if (configured)
      return {
        ms: configured.ms,
        source: `the kubeadm configuration's ${field}: ${configured.text} (${configured.path})`,
      };
  }
  const days = policy[kind]?.maxDays;
  if (days === undefined) return undefined;
  return {
    ms: days * DAY_MS,
    source: policySource(
      policy,
      `${kind}.maxDays`,
      days,
      kind === "leaf"
        ? "certificateValidityPeriod 8760h, 365 days"
        : "caCertificateValidityPeriod 87600h, 3650 days",
    ),
  };
}

/** A duration in days for a message: whole days, or one decimal when it matters. */
export function formatDays(ms: number): string {
  const days = Math.round((ms / DAY_MS) * 10) / 10;
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** The certificate's lifetime, notBefore to notAfter. */
export function lifetimeOf(cert: CertificateRecord): number {
  return Date.parse(cert.notAfter) - Date.parse(cert.notBefore);
}

/** Which expiry window applies: a CA's, the kubelet's own pair's, or any other leaf's. */
export function windowKind(ctx: CheckContext, cert: CertificateRecord): "ca" | "kubelet" | "leaf" {
  if (cert.isCA) return "ca";
  const role = roleOf(ctx, cert);
  if (role === "kubelet-client" || role === "kubelet-serving" || isKubeletRotated(certPaths(cert)))
    return "kubelet";
  return "leaf";
}

/** How to reissue within a lifetime limit, with the installer's own command or setting. */
export function reissueFix(ctx: CheckContext, cert: CertificateRecord, limitMs: number): string {
  const hours = formatGoHours(Math.floor(limitMs / 3_600_000) * 3_600_000);
  const days = formatDays(limitMs);
  if (cert.isCA)
    return ctx.model.layout.name === "kubeadm" ||
      ctx.model.layout.name === "kind" ||
      ctx.model.layout.name === "kubespray"
      ? `A CA is rotated, not renewed: set ClusterConfiguration \`caCertificateValidityPeriod\` (kubeadm v1beta4, 1.31+) to at most ${hours} and rotate the CA (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/).`
      : `A CA is rotated, not renewed: make a new CA valid for at most ${days} and rotate to it with the installer's own procedure.`;
  const renew = renewCommand(certPaths(cert)[0] ?? "");
  if (renew) {
    const config = kubeadmConfigFile(ctx.inventory, certPaths(cert)[0]);
    return `Set ClusterConfiguration \`certificateValidityPeriod\` (kubeadm v1beta4, 1.31+) in ${config} to at most ${hours}, upload it (\`kubeadm init phase upload-config kubeadm --config ${config}\`), then \`${renew} --config ${config}\` and restart the component.`;
  }
  if (KUBEADM_LAYOUTS.includes(ctx.model.layout.name) && windowKind(ctx, cert) === "kubelet")
    return `The controller-manager signs the kubelet's certificates for \`--cluster-signing-duration\`: set it to at most ${hours} in its manifest; the kubelet takes a shorter certificate at its next rotation.`;
  return `Reissue it from the same CA with a validity of at most ${days} (the issuing tool's own validity setting), and restart the component that uses it.`;
}

/** The parts of a policy finding about one certificate that every rule fills the same way. */
export function aboutCertificate(
  ctx: CheckContext,
  cert: CertificateRecord,
): Pick<Finding, "files" | "certificateIds" | "relationship" | "relationshipKey"> {
  return { ...attribution(ctx, cert), files: certPaths(cert), certificateIds: [cert.id] };
}
