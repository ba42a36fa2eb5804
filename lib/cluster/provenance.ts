/**
 * Provenance: what each relationship end rests on, and where that came from (report.ts `Evidence`).
 * A file named by a flag, a unit, a config file or a kubeconfig field is configured; a file at the
 * fixed path of an installer recognised from several signs is convention; a file taken by its name
 * or by what its certificate says, when nothing names it, is a guess. A wiring resting on a guess is
 * left unknown, with the guess as its reason, and no rule may raise more than info on it
 * (engine/evidence-gate.ts). ARCHITECTURE.md, "The report contract".
 */
import { kubeconfigPathOf } from "../inventory";
import type { KubeconfigRecord } from "../inventory";
import type { Evidence, ReportLayout } from "../report";
import { LAYOUT_LABELS } from "../report";
import { pushAll } from "../shared/collections";
import type {
  Credential,
  FileRef,
  RelationshipWiring,
  RoleEvidence,
  ServiceAccountKeys,
  TrustBundle,
} from "./model";

/** Whether the fixed paths the model fell back on are the recognised layout's own. */
export interface Conventions {
  hold: boolean;
  /** The layout's name, for the words: `kubeadm`, `k3s`. */
  label: string;
}

/** Layouts with fixed paths of their own; every other one falls back on kubeadm's (components.ts). */
const OWN_DEFAULTS = new Set<ReportLayout["name"]>(["k3s", "rke2", "rke1", "microk8s", "k0s", "openshift"]);

/** Whose fixed paths the model falls back on for a layout: its own, or kubeadm's. */
export function defaultsOf(name: ReportLayout["name"]): ReportLayout["name"] {
  return OWN_DEFAULTS.has(name) ? name : "kubeadm";
}

/** The fallback paths hold as convention only when their installer was recognised (detect-layout.ts). */
export function conventionsOf(layout: ReportLayout): Conventions {
  const family = defaultsOf(layout.name);
  return { hold: layout.conventions?.includes(family) === true, label: LAYOUT_LABELS[family] };
}

/** The kubelet names its own files in its --cert-dir, whatever installed it. */
const KUBELET_OWN = /^kubelet (client|serving) (certificate|key)$/;

function last(path: string): string {
  return path.split("/").pop() ?? path;
}

/** The evidence of one file reference. */
export function refEvidence(ref: FileRef, fact: string, conventions: Conventions): Evidence {
  const path = ref.path ?? ref.declared;
  if (ref.origin === "declared")
    return { fact, source: "configured", from: `${ref.field} in ${ref.declaredIn ?? "the configuration"}` };
  if (ref.origin === "convention" && KUBELET_OWN.test(ref.field))
    return {
      fact,
      source: "convention",
      from: `the kubelet's own file name ${last(path)} in its certificate directory`,
    };
  if (ref.origin === "convention" && conventions.hold)
    return { fact, source: "convention", from: `${conventions.label}'s layout: ${ref.declared}` };
  if (ref.origin === "convention")
    return {
      fact,
      source: "guess",
      from: `no configuration names it; ${path} was taken for ${ref.declared} (${ref.field}) by its name`,
    };
  return {
    fact,
    source: "guess",
    from: `no configuration names it; ${path} was taken for ${ref.field} by what its certificate says`,
  };
}

function roleEvidence(
  kc: KubeconfigRecord,
  component: string,
  roles: ReadonlyMap<KubeconfigRecord, RoleEvidence> | undefined,
  conventions: Conventions,
): Evidence | undefined {
  const role = roles?.get(kc);
  if (!role) return undefined;
  const fact = `${kc.source.path} is ${component}'s kubeconfig`;
  if (role.source === "convention" && !conventions.hold)
    return { fact, source: "guess", from: `${role.from}, in a layout not recognised as kubeadm's` };
  return { fact, source: role.source, from: role.from };
}

export function credentialEvidence(
  component: string,
  credential: Credential,
  roles: ReadonlyMap<KubeconfigRecord, RoleEvidence> | undefined,
  conventions: Conventions,
): Evidence[] {
  const fact = `${component} presents ${credential.source}`;
  const out: Evidence[] = [];
  if (credential.kubeconfig) {
    const role = roleEvidence(credential.kubeconfig, component, roles, conventions);
    if (role) out.push(role);
  }
  if (credential.certRef) out.push(refEvidence(credential.certRef, fact, conventions));
  else if (credential.kubeconfig)
    out.push({
      fact,
      source: "configured",
      from: `users/${credential.user ?? "?"} in ${credential.kubeconfig.source.path}`,
    });
  return out;
}

export function bundleEvidence(component: string, bundle: TrustBundle, conventions: Conventions): Evidence {
  const fact = `${component} ${component === "clients" ? "verify" : "verifies"} with ${bundle.source}`;
  if (bundle.ref) return refEvidence(bundle.ref, fact, conventions);
  if (bundle.fromKubeconfig)
    return {
      fact,
      source: "configured",
      from: `certificate-authority-data in ${kubeconfigPathOf(bundle.source)}`,
    };
  return { fact, source: "guess", from: "no configuration names it" };
}

function serviceAccountEvidence(sa: ServiceAccountKeys, conventions: Conventions): Evidence[] {
  const out: Evidence[] = [];
  if (sa.signingKeyRef?.path)
    out.push(refEvidence(sa.signingKeyRef, `tokens are signed with ${sa.signingKeyRef.path}`, conventions));
  if (sa.controllerManagerKeyRef?.path)
    out.push(
      refEvidence(
        sa.controllerManagerKeyRef,
        `kube-controller-manager signs tokens with ${sa.controllerManagerKeyRef.path}`,
        conventions,
      ),
    );
  for (const ref of sa.verifyRefs) {
    if (ref.path) out.push(refEvidence(ref, `kube-apiserver verifies tokens with ${ref.path}`, conventions));
  }
  return out;
}

/** One fact once: the same file reached from both ends says the same thing. */
function dedupe(evidence: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return evidence.filter((e) => {
    const key = `${e.fact}|${e.source}|${e.from}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Evidence words bound to one model, for a rule that names the facts its finding rests on. */
export function modelEvidence(model: {
  layout: ReportLayout;
  kubeconfigRoleEvidence?: ReadonlyMap<KubeconfigRecord, RoleEvidence>;
}) {
  const conventions = conventionsOf(model.layout);
  const roles = model.kubeconfigRoleEvidence;
  return {
    credential: (component: string, credential: Credential) =>
      credentialEvidence(component, credential, roles, conventions),
    bundle: (component: string, bundle: TrustBundle) => bundleEvidence(component, bundle, conventions),
    ref: (ref: FileRef, fact: string) => refEvidence(ref, fact, conventions),
  };
}

/** The evidence a wiring's ends rest on. */
export function wiringEvidence(
  wiring: RelationshipWiring,
  sa: ServiceAccountKeys,
  roles: ReadonlyMap<KubeconfigRecord, RoleEvidence> | undefined,
  conventions: Conventions,
): Evidence[] {
  const out: Evidence[] = [];
  if (wiring.clientCredential)
    pushAll(out, credentialEvidence(wiring.client, wiring.clientCredential, roles, conventions));
  if (wiring.serverCredential && wiring.serverCredential !== wiring.clientCredential)
    pushAll(out, credentialEvidence(wiring.server, wiring.serverCredential, roles, conventions));
  for (const bundle of wiring.clientVerifiers) out.push(bundleEvidence(wiring.client, bundle, conventions));
  for (const bundle of wiring.serverVerifiers) out.push(bundleEvidence(wiring.server, bundle, conventions));
  if (wiring.id === "service-account-signing") pushAll(out, serviceAccountEvidence(sa, conventions));
  return dedupe(out);
}

/** The words a guess leaves in a wiring's `missing`: why it is unknown. */
export function guessReason(evidence: Evidence): string {
  return `${evidence.fact} is a guess: ${evidence.from}`;
}

/**
 * Give every wiring its evidence. A wiring that rests on a guess is unknown: the guess is added to
 * what it misses, so it reads "unknown" with the reason, never ok or red.
 */
export function attachEvidence(
  wirings: RelationshipWiring[],
  sa: ServiceAccountKeys,
  roles: ReadonlyMap<KubeconfigRecord, RoleEvidence> | undefined,
  conventions: Conventions,
): void {
  for (const wiring of wirings) {
    const evidence = wiringEvidence(wiring, sa, roles, conventions);
    wiring.evidence = evidence;
    for (const guess of evidence.filter((e) => e.source === "guess")) wiring.missing.push(guessReason(guess));
    wiring.missing = [...new Set(wiring.missing)];
  }
}
