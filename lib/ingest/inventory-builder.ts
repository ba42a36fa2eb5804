/**
 * Accumulates records while files are read, in reading order: certificates deduplicated by DER
 * digest (every place one was seen kept in `sources`), private keys numbered as found, and the
 * per-file certificate/key lists that kubeconfig path references are resolved against at the end.
 */
import { KdfBudget } from "../pki/decrypt-pbe";
import { derivePublicKey } from "../pki/derive-public-key";
import { readCertificate } from "../pki/read-certificate";
import type { ParsedPrivateKey } from "../pki/read-private-key";
import { ok, type Result } from "../shared/result";
import { sha256Hex } from "../pki/sha256-hex";
import { SecretTexts } from "../redact/secret-texts";
import { dropWorkerControlPlane } from "./read-microk8s-args";
import { emptyTrustObjects, hasTrustObjects } from "../objects/trust-objects";
import type { PkiItem, PreparedCertificate } from "./read-pki-material";
import type {
  BootstrapTokenRecord,
  ConfiguredPair,
  CertificateRecord,
  ComponentFlagsRecord,
  CsrRecord,
  EncryptionConfigRecord,
  Inventory,
  K3sConfigRecord,
  KubeadmConfigRecord,
  KubeadmFlagsRecord,
  KubeconfigRecord,
  KubeletConfigRecord,
  KubeSecretRecord,
  LockedFile,
  ManifestRecord,
  PrivateKeyRecord,
  PublicKeyInfo,
  PublicKeyRecord,
  ServedChainRecord,
  ServingNamesRecord,
  SourceRef,
  TalosFileRecord,
  UnreadInput,
} from "../inventory";

/** Ids of what one piece of PKI material (a file or a kubeconfig `*-data` field) contained. */
export interface MaterialIds {
  certificateIds: string[];
  keyIds: string[];
}

/** The mutable inventory under construction; `build` freezes it into the Inventory contract. */
export class InventoryBuilder {
  private readonly certificates = new Map<string, CertificateRecord>();
  readonly privateKeys: PrivateKeyRecord[] = [];
  readonly publicKeys: PublicKeyRecord[] = [];
  readonly csrs: CsrRecord[] = [];
  readonly kubeconfigs: KubeconfigRecord[] = [];
  readonly manifests: ManifestRecord[] = [];
  readonly kubeletConfigs: KubeletConfigRecord[] = [];
  readonly kubeadmFlags: KubeadmFlagsRecord[] = [];
  readonly kubeadmConfigs: KubeadmConfigRecord[] = [];
  readonly encryptionConfigs: EncryptionConfigRecord[] = [];
  readonly componentFlags: ComponentFlagsRecord[] = [];
  readonly k3sConfigs: K3sConfigRecord[] = [];
  readonly kubeSecrets: KubeSecretRecord[] = [];
  readonly bootstrapTokens: BootstrapTokenRecord[] = [];
  readonly talosFiles: TalosFileRecord[] = [];
  readonly servingNames: ServingNamesRecord[] = [];
  readonly configuredPairs: ConfiguredPair[] = [];
  readonly servedChains: ServedChainRecord[] = [];
  readonly trustObjects = emptyTrustObjects();
  readonly problems: Inventory["problems"] = [];
  /** Texts never to be shown, whatever becomes of them (see `redactSecrets`). */
  readonly secrets = new SecretTexts();
  readonly skipped: Inventory["skipped"] = [];
  readonly unread: Inventory["unread"] = [];
  readonly locked: LockedFile[] = [];
  /** Key-derivation iterations this analysis may still spend opening containers (see KdfBudget). */
  readonly kdfBudget = new KdfBudget();
  /** What each dropped file held (not embedded kubeconfig data), for path references. */
  private readonly byPath = new Map<string, MaterialIds>();

  /**
   * `passwords` open password-protected containers (PKCS#12); they are only ever handed to the
   * decryption and never reach a record, a problem or the report.
   */
  constructor(
    readonly crypto: Crypto,
    readonly passwords: readonly string[] = [],
  ) {}

  problem(path: string, reason: string): void {
    this.problems.push({ path, reason });
  }

  skip(path: string, reason: string): void {
    this.skipped.push({ path, reason });
  }

  /** An input whose content never reached the analysis (see UnreadInput): INPUT_SKIPPED. */
  notRead(input: UnreadInput): void {
    this.unread.push(input);
  }

  /** A container that stayed shut: reported as KEY_ENCRYPTED, not as a parse error. */
  lock(file: LockedFile): void {
    this.locked.push(file);
  }

  /** Certificates and keys a dropped file held, leaf first. */
  materialAt(path: string): MaterialIds {
    return this.byPath.get(path) ?? { certificateIds: [], keyIds: [] };
  }

  private track(source: SourceRef, kind: keyof MaterialIds, id: string): void {
    if (source.locator !== undefined && !/^(block|bag) /.test(source.locator)) return;
    let ids = this.byPath.get(source.path);
    if (!ids) {
      ids = { certificateIds: [], keyIds: [] };
      this.byPath.set(source.path, ids);
    }
    ids[kind].push(id);
  }

  /** Add a certificate seen at `source`; identical DER seen before only gains the source. */
  async addCertificate(
    der: Uint8Array,
    source: SourceRef,
    prepared?: PreparedCertificate,
  ): Promise<Result<string>> {
    const sha256 = prepared?.sha256 ?? sha256Hex(der);
    let record = this.certificates.get(sha256);
    if (!record) {
      // A copy: the record must not pin a view into a large archive buffer.
      const read = prepared?.record ?? readCertificate(Uint8Array.from(der), sha256);
      if (!read.ok) return read;
      record = { ...read.value, sources: [] };
      this.certificates.set(sha256, record);
    }
    record.sources.push(source);
    this.track(source, "certificateIds", record.id);
    return ok(record.id);
  }

  /**
   * Add a private key. Its public half is derived here when the key data lacks it; a derivation
   * failure keeps the key (without public half) and records why as a problem.
   */
  async addPrivateKey(key: ParsedPrivateKey, source: SourceRef, label: string): Promise<string> {
    const id = `k-${this.privateKeys.length + 1}`;
    let publicKey = key.publicKey;
    if (!publicKey && key.derive) {
      const derived = await derivePublicKey(key.derive, this.crypto);
      if (derived.ok) publicKey = derived.value;
      else this.problem(source.path, `${label}: ${derived.reason}`);
    }
    if (key.note) this.problem(source.path, `${label}: ${key.note}`);
    this.privateKeys.push({
      id,
      source,
      format: key.format,
      encrypted: key.encrypted,
      ...(publicKey ? { publicKey } : {}),
    });
    this.track(source, "keyIds", id);
    return id;
  }

  /**
   * Add a public key that stands where a private key belongs (see public-halves.ts): a key record
   * with only its public half, which pairs with certificates as the private key would.
   */
  addPublicHalf(publicKey: PublicKeyInfo, source: SourceRef): string {
    const id = `k-${this.privateKeys.length + 1}`;
    this.privateKeys.push({
      id,
      source,
      format: "public-half",
      encrypted: false,
      publicKey,
      publicOnly: true,
    });
    this.track(source, "keyIds", id);
    return id;
  }

  /**
   * Public keys of the files in `paths` (private key files a configuration names) become the
   * stand-ins of their private keys, unless the file holds a private key. Embedded data is left
   * alone: a kubeconfig's fields decide for themselves.
   */
  promotePublicHalves(paths: ReadonlySet<string>): void {
    const kept = this.publicKeys.filter((record) => {
      const { path, locator } = record.source;
      const promote =
        paths.has(path) &&
        (locator === undefined || /^block /.test(locator)) &&
        this.materialAt(path).keyIds.length === 0;
      if (promote) this.addPublicHalf(record.publicKey, record.source);
      return !promote;
    });
    this.publicKeys.splice(0, this.publicKeys.length, ...kept);
  }

  /**
   * Add one PKI item at `source`; `label` names it in problems (`block 2 (CERTIFICATE)`). The ids
   * of added certificates and keys are appended to `into`, so kubeconfig entries can point at them.
   * With `standIn`, a public key is added as the stand-in of a private key (`addPublicHalf`).
   */
  async addItem(
    item: PkiItem,
    source: SourceRef,
    label: string,
    into: MaterialIds,
    standIn = false,
  ): Promise<void> {
    switch (item.kind) {
      case "certificate": {
        const added = await this.addCertificate(item.der, source, item.read);
        if (added.ok) into.certificateIds.push(added.value);
        else this.problem(source.path, `${label}: ${added.reason}`);
        return;
      }
      case "private-key":
        into.keyIds.push(await this.addPrivateKey(item.key, source, label));
        return;
      case "public-key":
        if (standIn) into.keyIds.push(this.addPublicHalf(item.publicKey, source));
        else
          this.publicKeys.push({ id: `p-${this.publicKeys.length + 1}`, source, publicKey: item.publicKey });
        return;
      case "csr":
        this.csrs.push({ ...item.csr, source });
        return;
    }
  }

  /** Assemble the Inventory; certificates in first-seen order. */
  build(paths: string[], links: Record<string, string>): Inventory {
    const { records: componentFlags, workers } = dropWorkerControlPlane(this.componentFlags, this.skipped);
    return {
      ...(workers.length > 0 ? { microk8sWorkers: workers } : {}),
      fileCount: paths.length,
      certificates: [...this.certificates.values()],
      privateKeys: this.privateKeys,
      publicKeys: this.publicKeys,
      csrs: this.csrs,
      kubeconfigs: this.kubeconfigs,
      manifests: this.manifests,
      kubeletConfigs: this.kubeletConfigs,
      kubeadmFlags: this.kubeadmFlags,
      kubeadmConfigs: this.kubeadmConfigs,
      encryptionConfigs: this.encryptionConfigs,
      componentFlags,
      k3sConfigs: this.k3sConfigs,
      kubeSecrets: this.kubeSecrets,
      bootstrapTokens: this.bootstrapTokens,
      ...(this.talosFiles.length > 0 ? { talosFiles: this.talosFiles } : {}),
      ...(this.servingNames.length > 0 ? { servingNames: this.servingNames } : {}),
      ...(this.configuredPairs.length > 0 ? { configuredPairs: this.configuredPairs } : {}),
      ...(this.servedChains.length > 0 ? { servedChains: this.servedChains } : {}),
      ...(hasTrustObjects(this.trustObjects) ? { trustObjects: this.trustObjects } : {}),
      problems: this.problems,
      secrets: this.secrets,
      skipped: this.skipped,
      unread: this.unread,
      locked: this.locked,
      paths,
      links,
      standIns: [],
    };
  }
}
