/**
 * Kubeconfigs (admin.conf, kubelet.conf, ~/.kube/config, EKS/GKE exec configs): which server each
 * cluster entry talks to, which CA it trusts, and what each user presents. Embedded certificates
 * and keys join the inventory under `<file>#users/<name>` / `#clusters/<name>`; file references
 * are resolved once every file has been read. Token and password values are never kept.
 */
import { decodeBase64 } from "../shared/base64";
import {
  addPemBlocks,
  addPkiMaterial,
  readPemBlocks,
  type MaterialOutcome,
  type ReadBlock,
} from "./add-pki-material";
import { decodeText } from "./decode-text";
import { hasPemBlock } from "./parse-pem";
import type { InventoryBuilder, MaterialIds } from "./inventory-builder";
import type { KubeconfigCluster, KubeconfigRecord, KubeconfigUser } from "../inventory";
import { asMap, booleanAt, listAt, mapAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";

const BOOTSTRAP_TOKEN = /^([a-z0-9]{6})\.[a-z0-9]{16}$/;

/** A file path named by a kubeconfig, resolved after all files are read. */
export interface PendingReference {
  /** The path as written (absolute, or relative to the kubeconfig's folder). */
  declared: string;
  /** The kubeconfig that names it. */
  from: string;
  /** It names a private key (`client-key`): a public key there stands in for it. */
  key?: true;
  /** It names the client's own credential: never another node's file of that path. */
  own?: true;
  /** Fill the entry from what the referenced file held. */
  apply(material: MaterialIds): void;
}

/** True for a kubeconfig document: `kind: Config`, or `clusters`/`users` lists without another kind. */
export function isKubeconfig(doc: YamlMap): boolean {
  if (doc.kind === "Config") return true;
  return doc.kind === undefined && (Array.isArray(doc.clusters) || Array.isArray(doc.users));
}

/**
 * Embedded data read before, by the exact base64 text: every kubeconfig of a fleet embeds the same
 * cluster CA, read once instead of once per node. Blocks holding a private key are not kept, so no
 * key material outlives the file that carried it.
 */
const readEmbedded = new WeakMap<InventoryBuilder, Map<string, ReadBlock[]>>();

function cachedBlocks(builder: InventoryBuilder, data: string): ReadBlock[] | undefined {
  return readEmbedded.get(builder)?.get(data);
}

function remember(builder: InventoryBuilder, data: string, blocks: ReadBlock[]): void {
  if (blocks.some(({ outcome }) => "item" in outcome && outcome.item.kind === "private-key")) return;
  let cache = readEmbedded.get(builder);
  if (!cache) {
    cache = new Map();
    readEmbedded.set(builder, cache);
  }
  cache.set(data, blocks);
}

async function embedded(
  data: string,
  path: string,
  locator: string,
  field: string,
  builder: InventoryBuilder,
  keyPlace?: boolean,
): Promise<MaterialIds> {
  const label = `${locator} ${field}: `;
  const source = { path, locator, label, ...(keyPlace !== undefined ? { keyPlace } : {}) };
  let blocks = cachedBlocks(builder, data);
  let outcome: MaterialOutcome;
  if (blocks) outcome = await addPemBlocks(blocks, source, builder);
  else {
    const bytes = decodeBase64(data);
    if (!bytes.ok) {
      builder.problem(path, `${label}${bytes.reason}`);
      return { certificateIds: [], keyIds: [] };
    }
    const text = decodeText(bytes.value);
    if (text !== undefined) builder.secrets.addFromText(text);
    if (text !== undefined && hasPemBlock(text)) {
      blocks = readPemBlocks(text);
      remember(builder, data, blocks);
      outcome = await addPemBlocks(blocks, source, builder);
    } else outcome = await addPkiMaterial(bytes.value, source, builder, text);
  }
  if (!outcome.recognized) builder.problem(path, `${label}neither PEM nor DER`);
  return outcome.ids;
}

async function readCluster(
  entry: YamlMap,
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
) {
  const name = stringAt(entry, "name") ?? "";
  const body = mapAt(entry, "cluster");
  const server = stringAt(body, "server");
  const cluster: KubeconfigCluster = {
    name,
    ...(server !== undefined ? { server } : {}),
    caCertificateIds: [],
    insecureSkipTlsVerify: booleanAt(body, "insecure-skip-tls-verify") ?? false,
  };
  const data = stringAt(body, "certificate-authority-data");
  const file = stringAt(body, "certificate-authority");
  if (data) {
    cluster.caCertificateIds = (
      await embedded(data, path, `clusters/${name}`, "certificate-authority-data", builder, false)
    ).certificateIds;
  } else if (file) {
    cluster.caPath = file;
    pending.push({ declared: file, from: path, apply: (m) => (cluster.caCertificateIds = m.certificateIds) });
  }
  return cluster;
}

async function readUser(
  entry: YamlMap,
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
) {
  const name = stringAt(entry, "name") ?? "";
  const body = mapAt(entry, "user");
  const locator = `users/${name}`;
  const user: KubeconfigUser = { name, clientCertificateIds: [] };
  const certData = stringAt(body, "client-certificate-data");
  const keyData = stringAt(body, "client-key-data");
  const certFile = stringAt(body, "client-certificate");
  const keyFile = stringAt(body, "client-key");
  if (certData) {
    const ids = await embedded(certData, path, locator, "client-certificate-data", builder);
    user.clientCertificateIds = ids.certificateIds;
    // A combined PEM in client-certificate-data also carries the key.
    if (!keyData && ids.keyIds[0]) user.clientKeyId = ids.keyIds[0];
  } else if (certFile) {
    user.clientCertificatePath = certFile;
    pending.push({
      declared: certFile,
      from: path,
      own: true,
      apply: (m) => (user.clientCertificateIds = m.certificateIds),
    });
  }
  if (keyData) {
    builder.secrets.add(keyData);
    const keyId = (await embedded(keyData, path, locator, "client-key-data", builder, true)).keyIds[0];
    if (keyId) user.clientKeyId = keyId;
  } else if (keyFile) {
    user.clientKeyPath = keyFile;
    pending.push({
      declared: keyFile,
      from: path,
      key: true,
      own: true,
      apply: (m) => {
        if (m.keyIds[0]) user.clientKeyId = m.keyIds[0];
      },
    });
  }
  const token = stringAt(body, "token");
  if (token) {
    builder.secrets.add(token);
    user.token = true;
    const bootstrap = BOOTSTRAP_TOKEN.exec(token.trim());
    if (bootstrap?.[1]) user.bootstrapTokenId = bootstrap[1];
  }
  const tokenFile = stringAt(body, "tokenFile") ?? stringAt(body, "token-file");
  if (tokenFile) user.tokenFile = tokenFile;
  const exec = mapAt(body, "exec");
  if (exec) {
    const apiVersion = stringAt(exec, "apiVersion");
    user.exec = {
      ...(apiVersion ? { apiVersion } : {}),
      command: stringAt(exec, "command") ?? "",
      args: stringsAt(exec, "args"),
    };
  }
  const provider = stringAt(mapAt(body, "auth-provider"), "name");
  if (provider) user.authProvider = provider;
  const username = stringAt(body, "username");
  if (username) user.username = username;
  return user;
}

/**
 * Read one kubeconfig document. Embedded material is added to the builder now; path references
 * are appended to `pending` for resolution against the full set of dropped files.
 */
export async function readKubeconfig(
  doc: YamlMap,
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
): Promise<KubeconfigRecord> {
  const clusters: KubeconfigCluster[] = [];
  for (const entry of listAt(doc, "clusters")) {
    const map = asMap(entry);
    if (map) clusters.push(await readCluster(map, path, builder, pending));
  }
  const users: KubeconfigUser[] = [];
  for (const entry of listAt(doc, "users")) {
    const map = asMap(entry);
    if (map) users.push(await readUser(map, path, builder, pending));
  }
  const contexts = listAt(doc, "contexts").flatMap((entry) => {
    const map = asMap(entry);
    const context = mapAt(map, "context");
    if (!map) return [];
    return [
      {
        name: stringAt(map, "name") ?? "",
        cluster: stringAt(context, "cluster") ?? "",
        user: stringAt(context, "user") ?? "",
      },
    ];
  });
  const currentContext = stringAt(doc, "current-context");
  return { source: { path }, clusters, users, contexts, ...(currentContext ? { currentContext } : {}) };
}
