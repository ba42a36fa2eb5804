/**
 * Turning configuration into credentials and CA bundles: a flag pair (`--tls-cert-file` +
 * `--tls-private-key-file`), a CA flag, or a kubeconfig user/cluster entry. Every file reference is
 * recorded (FILE_MISSING reads them) and what could not be found is listed as missing.
 */
import { findKeyFor } from "../pki/key-match";
import type {
  CertificateRecord,
  Inventory,
  KubeconfigCluster,
  KubeconfigRecord,
  KubeconfigUser,
  PrivateKeyRecord,
} from "../inventory";
import { sourceName } from "../inventory";
import { BUNDLE_ROLES, ContentIndex, CREDENTIAL_ROLE, standalonePath } from "./content-index";
import type { FileIndex } from "./file-index";
import { hostPathOf, mountsHolding } from "../ingest/container-path";
import { flagValue } from "./flags";
import type { ComponentConfig, Credential, FileRef, TrustBundle } from "./model";

export interface Resolved<T> {
  value?: T;
  missing: string[];
}

/** Why a flag has no value: it is not set, or the component's configuration is not in the drop. */
function unset(cfg: ComponentConfig, flag: string): string {
  return cfg.absent ? notInDrop(cfg.kind) : `${cfg.kind} --${flag} (not set)`;
}

/** The words for a component whose configuration the drop does not hold. */
export function notInDrop(kind: string): string {
  return `${kind}: its configuration is not in this drop`;
}

export class CredentialResolver {
  readonly refs: FileRef[] = [];
  private readonly certById: Map<string, CertificateRecord>;
  private readonly keyById: Map<string, PrivateKeyRecord>;
  private readonly content: ContentIndex;

  constructor(
    readonly inventory: Inventory,
    readonly files: FileIndex,
  ) {
    this.certById = new Map(inventory.certificates.map((c) => [c.id, c]));
    this.keyById = new Map(inventory.privateKeys.map((k) => [k.id, k]));
    this.content = new ContentIndex(inventory);
  }

  cert(id: string): CertificateRecord | undefined {
    return this.certById.get(id);
  }

  /** Resolve and remember a file reference. */
  ref(
    field: string,
    declared: string,
    cfg: ComponentConfig | { origin: "declared"; source: string },
    own = false,
  ): FileRef {
    // A merged configuration knows which file set each flag (a unit, its environment file, a k3s
    // config.yaml over the layout's defaults, ...).
    const flagSource = "flagSources" in cfg ? cfg.flagSources?.[field.replace(/^--/, "")] : undefined;
    const fromConvention = flagSource ? flagSource.origin === "convention" : cfg.origin === "convention";
    const origin = fromConvention ? "convention" : "declared";
    const declaredIn = fromConvention ? undefined : (flagSource?.path ?? cfg.source);
    // A static pod's flag names a path in its container: the file is where the pod mounts it from.
    const mounts =
      "manifest" in cfg ? cfg.manifest?.mounts : mountsHolding(cfg.source ?? "", this.inventory.manifests);
    const ref = this.files.ref(field, declared, origin, declaredIn, hostPathOf(declared, mounts), own);
    this.refs.push(ref);
    return ref;
  }

  /** A certificate credential from a cert flag and a key flag of a component. */
  flagCredential(cfg: ComponentConfig, certFlag: string, keyFlag: string): Resolved<Credential> {
    const certPath = flagValue(cfg.flags, certFlag);
    if (!certPath) return { missing: [unset(cfg, certFlag)] };
    const certRef = this.ref(`--${certFlag}`, certPath, cfg);
    const keyPath = flagValue(cfg.flags, keyFlag);
    const keyRef = keyPath ? this.ref(`--${keyFlag}`, keyPath, cfg) : undefined;
    const resolved = this.fileCredential(certRef, keyRef, `${cfg.kind} --${certFlag}`);
    if (cfg.origin !== "convention") return resolved;
    if (!resolved.value) {
      const role = CREDENTIAL_ROLE[`${cfg.kind} --${certFlag}`];
      return (role && this.credentialForRole(role, `--${certFlag}`)) || resolved;
    }
    if (!resolved.value.key && resolved.value.cert) {
      const key = this.keyByContent(resolved.value.cert);
      if (key) return { value: { ...resolved.value, key, keySource: sourceName(key.source) }, missing: [] };
    }
    return resolved;
  }

  /** A credential found by what the certificates say, when kubeadm's file names found nothing. */
  credentialForRole(role: string, field: string): Resolved<Credential> | undefined {
    const cert = this.content.certForRole(role);
    const path = cert ? standalonePath(cert) : undefined;
    if (!cert || !path) return undefined;
    const certRef: FileRef = { field, declared: path, path, origin: "content" };
    const key = this.keyByContent(cert);
    const chain = this.files.certsAt(path).filter((c) => c.id !== cert.id);
    const keySource = key ? sourceName(key.source) : undefined;
    return {
      value: {
        kind: "certificate",
        source: path,
        cert,
        chain,
        certRef,
        ...(key ? { key } : {}),
        ...(keySource ? { keySource } : {}),
      },
      missing: [],
    };
  }

  /** A certificate credential from resolved file references (cert file, optional separate key file). */
  fileCredential(certRef: FileRef, keyRef: FileRef | undefined, label: string): Resolved<Credential> {
    const missing: string[] = [];
    const certs = this.files.certsAt(certRef.path);
    if (certs.length === 0) missing.push(`${label}: ${certRef.declared}`);
    let key = keyRef ? this.files.keyAt(keyRef.path) : undefined;
    let keySource = key ? keyRef?.path : undefined;
    if (!key && !keyRef && certRef.path) {
      key = this.files.keyAt(certRef.path);
      keySource = key ? certRef.path : undefined;
    }
    if (keyRef && !keyRef.path) missing.push(`${label} key: ${keyRef.declared}`);
    const [cert, ...chain] = certs;
    if (!cert) return { missing };
    const credential: Credential = {
      kind: "certificate",
      source: certRef.path ?? certRef.declared,
      cert,
      chain,
      certRef,
      ...(key ? { key } : {}),
      ...(keySource ? { keySource } : {}),
      ...(keyRef ? { keyRef } : {}),
    };
    return { value: credential, missing };
  }

  /** A CA bundle from a CA flag of a component. */
  flagBundle(cfg: ComponentConfig, flag: string): Resolved<TrustBundle> & { set: boolean } {
    const declared = flagValue(cfg.flags, flag);
    if (!declared) return { set: false, missing: [unset(cfg, flag)] };
    const ref = this.ref(`--${flag}`, declared, cfg);
    const certs = this.files.certsAt(ref.path);
    if (certs.length === 0 && cfg.origin === "convention") {
      const roles = BUNDLE_ROLES[`${cfg.kind} --${flag}`];
      const ca = roles ? this.content.issuerOfRoles(roles) : undefined;
      const path = ca ? standalonePath(ca) : undefined;
      if (ca && path) {
        const contentRef: FileRef = { field: `--${flag}`, declared: path, path, origin: "content" };
        return { set: true, value: { source: path, certs: [ca], ref: contentRef }, missing: [] };
      }
    }
    if (certs.length === 0) return { set: true, missing: [`${cfg.kind} --${flag}: ${declared}`] };
    return { set: true, value: { source: ref.path ?? declared, certs, ref }, missing: [] };
  }

  /** The user entry a kubeconfig authenticates with: current context's user, else the first. */
  currentUser(kc: KubeconfigRecord): KubeconfigUser | undefined {
    const context = kc.contexts.find((c) => c.name === kc.currentContext) ?? kc.contexts[0];
    return kc.users.find((u) => u.name === context?.user) ?? kc.users[0];
  }

  currentCluster(kc: KubeconfigRecord): KubeconfigCluster | undefined {
    const context = kc.contexts.find((c) => c.name === kc.currentContext) ?? kc.contexts[0];
    return kc.clusters.find((c) => c.name === context?.cluster) ?? kc.clusters[0];
  }

  /** The credential a kubeconfig's current user presents. */
  kubeconfigCredential(kc: KubeconfigRecord): Resolved<Credential> {
    const user = this.currentUser(kc);
    const path = kc.source.path;
    if (!user) return { missing: [`${path}: no user entry`] };
    const base = { source: `${path}#users/${user.name}`, chain: [], kubeconfig: kc, user: user.name };
    const origin = { origin: "declared" as const, source: path };
    const certRef = user.clientCertificatePath
      ? this.ref(`users/${user.name} client-certificate`, user.clientCertificatePath, origin, true)
      : undefined;
    const keyRef = user.clientKeyPath
      ? this.ref(`users/${user.name} client-key`, user.clientKeyPath, origin, true)
      : undefined;
    const certs = user.clientCertificateIds
      .map((id) => this.cert(id))
      .filter((c): c is CertificateRecord => !!c);
    const [cert, ...chain] = certs;
    if (cert) {
      const key = user.clientKeyId ? this.keyById.get(user.clientKeyId) : undefined;
      const source = certRef?.path ?? base.source;
      const keySource = key ? sourceName(key.source) : undefined;
      const credential: Credential = {
        ...base,
        kind: "certificate",
        source,
        cert,
        chain,
        ...(key ? { key } : {}),
        ...(keySource ? { keySource } : {}),
        ...(certRef ? { certRef } : {}),
        ...(keyRef ? { keyRef } : {}),
      };
      const missing = keyRef && !keyRef.path ? [`${path} client-key: ${keyRef.declared}`] : [];
      return { value: credential, missing };
    }
    if (certRef) return { missing: [`${path} client-certificate: ${certRef.declared}`] };
    if (user.exec) return { value: { ...base, kind: "exec" }, missing: [] };
    if (user.authProvider) return { value: { ...base, kind: "auth-provider" }, missing: [] };
    if (user.token) return { value: { ...base, kind: "token" }, missing: [] };
    if (user.tokenFile) {
      const kind = /serviceaccount/.test(user.tokenFile) ? "service-account-token" : "token";
      return { value: { ...base, kind }, missing: [] };
    }
    return { missing: [`${path}: user ${user.name} has no credential`] };
  }

  /** The CA bundle a kubeconfig's current cluster verifies the apiserver with. */
  kubeconfigBundle(kc: KubeconfigRecord): Resolved<TrustBundle> {
    const cluster = this.currentCluster(kc);
    const path = kc.source.path;
    if (!cluster) return { missing: [`${path}: no cluster entry`] };
    let ref: FileRef | undefined;
    if (cluster.caPath) {
      ref = this.ref(`clusters/${cluster.name} certificate-authority`, cluster.caPath, {
        origin: "declared",
        source: path,
      });
    }
    const certs = cluster.caCertificateIds
      .map((id) => this.cert(id))
      .filter((c): c is CertificateRecord => !!c);
    if (certs.length === 0) {
      return { missing: [`${path}: certificate authority of cluster ${cluster.name}`] };
    }
    const source = ref?.path ?? `${path}#clusters/${cluster.name}`;
    return { value: { source, certs, fromKubeconfig: true, ...(ref ? { ref } : {}) }, missing: [] };
  }

  /** A key for a certificate found anywhere in the input by public key, when configuration named none. */
  keyByContent(cert: CertificateRecord): PrivateKeyRecord | undefined {
    return findKeyFor(cert, this.inventory.privateKeys);
  }
}
