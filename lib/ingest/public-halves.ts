/**
 * Where a public key stands in for a private key. A collector that must not copy secrets writes
 * each private key's public half in its place (`openssl pkey -pubout`): `ca.key` then holds a
 * `PUBLIC KEY` block, a kubelet's certificate+key bundle a certificate and a public key, a
 * kubeconfig's `client-key-data` a public key. Such a key pairs with its certificate exactly as the
 * private key would. A public key anywhere else — `sa.pub`, a file of token verification keys — is
 * what it says: a public key.
 */
import type { InventoryBuilder } from "./inventory-builder";
import type { PendingReference } from "./read-kubeconfig";
import { resolveEscaped, type PathIndex } from "./resolve-path";

/**
 * Names of private key files: `*.key` (kubeadm, k3s, RKE2, minikube), `*-key.pem` and `key.pem`
 * (cfssl's output, so kubespray and Kubernetes the Hard Way), PKCS#8 `*.p8`/`*.pk8`.
 */
const PRIVATE_KEY_NAME = /(\.key|(^|[-_.])key\.pem|\.p8|\.pk8)$/i;

/** True when the file's name says it holds a private key (only its last segment is looked at). */
export function isPrivateKeyName(path: string): boolean {
  return PRIVATE_KEY_NAME.test(path.slice(path.lastIndexOf("/") + 1));
}

/**
 * Flags whose value is a private key file: kube-apiserver, kube-controller-manager, etcd and the
 * kubelet. `--service-account-key-file` is not one of them: it names the keys tokens are verified
 * with, public keys as often as private ones.
 */
const PRIVATE_KEY_FLAGS: ReadonlySet<string> = new Set([
  "tls-private-key-file",
  "etcd-keyfile",
  "kubelet-client-key",
  "proxy-client-key-file",
  "service-account-signing-key-file",
  "service-account-private-key-file",
  "cluster-signing-key-file",
  "cluster-signing-kubelet-serving-key-file",
  "cluster-signing-kubelet-client-key-file",
  "cluster-signing-kube-apiserver-client-key-file",
  "cluster-signing-legacy-unknown-key-file",
  "key-file",
  "peer-key-file",
  "client-key-file",
  "peer-client-key-file",
]);

const CERTIFICATE_TYPES: ReadonlySet<string> = new Set([
  "CERTIFICATE",
  "X509 CERTIFICATE",
  "TRUSTED CERTIFICATE",
]);

/** Where a piece of PKI material sits, as far as public keys standing in for private ones go. */
export interface KeyPlace {
  /**
   * true: it is where a private key belongs (`client-key-data`); false: no private key belongs
   * there (`certificate-authority-data`); absent: decided by the file's name and its blocks.
   */
  keyPlace?: boolean;
  /** The material is a whole file, so its name speaks for it (embedded data has no name of its own). */
  ownFile: boolean;
  path: string;
}

/**
 * Whether the public keys among PEM blocks of these `types` stand in for private keys: never beside
 * a private key block (a public key next to its private key is just a public key), else as
 * `keyPlace` says, else in a file named like a private key or beside a certificate (a
 * certificate+key bundle such as `kubelet-client-current.pem`).
 */
export function publicKeysStandIn(place: KeyPlace, types: readonly string[]): boolean {
  if (types.some((type) => type.endsWith("PRIVATE KEY"))) return false;
  if (place.keyPlace !== undefined) return place.keyPlace;
  return (place.ownFile && isPrivateKeyName(place.path)) || types.some((type) => CERTIFICATE_TYPES.has(type));
}

/** A file path a configuration names as a private key, and the file that names it. */
interface DeclaredKeyFile {
  declared: string;
  from: string;
}

/**
 * After every file is read: the public keys of files a configuration names as private keys — by a
 * key flag, the kubelet's `tlsPrivateKeyFile` or a kubeconfig's `client-key` (`pending` references
 * marked `key`) — become the stand-ins of those keys, so an oddly named key file pairs as well.
 */
export function promoteDeclaredKeyFiles(
  builder: InventoryBuilder,
  pending: readonly PendingReference[],
  index: PathIndex,
): void {
  const paths = new Set<string>();
  for (const { declared, from } of [...declaredKeyFiles(builder), ...pending.filter((ref) => ref.key)]) {
    const resolved = resolveEscaped(index, declared, from);
    if (resolved !== undefined) paths.add(resolved);
  }
  if (paths.size > 0) builder.promotePublicHalves(paths);
}

/**
 * Every private key file the configuration read so far names: the key flags of static-pod
 * manifests, systemd units, environment and etcd config files, kubeadm-flags.env and k3s/RKE2
 * `*-arg` options, and the kubelet's `tlsPrivateKeyFile`. A public key found there is the stand-in
 * for that key, whatever the file is called.
 */
function declaredKeyFiles(builder: InventoryBuilder): DeclaredKeyFile[] {
  const found: DeclaredKeyFile[] = [];
  const fromFlags = (flags: Record<string, string[]>, from: string) => {
    for (const [name, values] of Object.entries(flags))
      if (PRIVATE_KEY_FLAGS.has(name))
        for (const declared of values) if (declared) found.push({ declared, from });
  };
  for (const manifest of builder.manifests) fromFlags(manifest.flags, manifest.source.path);
  for (const record of builder.componentFlags) fromFlags(record.flags, record.source.path);
  for (const record of builder.kubeadmFlags) fromFlags(record.flags, record.source.path);
  for (const config of builder.k3sConfigs)
    for (const flags of Object.values(config.args)) fromFlags(flags, config.source.path);
  for (const config of builder.kubeletConfigs)
    if (config.tlsPrivateKeyFile)
      found.push({ declared: config.tlsPrivateKeyFile, from: config.source.path });
  return found;
}
