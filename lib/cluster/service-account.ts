/**
 * The service-account key pair: the apiserver signs with --service-account-signing-key-file and
 * verifies with every key in --service-account-key-file (repeatable, files may hold several keys or
 * certificates); the controller-manager signs legacy tokens with --service-account-private-key-file.
 */
import type { CredentialResolver } from "./credentials";
import { flagValue, flagValues } from "./flags";
import type { ComponentConfig, ServiceAccountKeys } from "./model";
import { hostPathOf } from "../ingest/container-path";

/**
 * The files --service-account-key-file names: each value a file, or a folder whose files are all
 * read (OpenShift's `serviceAccountPublicKeyFiles` names folders of `.pub` files).
 */
function verifyFiles(resolver: CredentialResolver, apiserver: ComponentConfig): string[] {
  const out: string[] = [];
  for (const declared of flagValues(apiserver.flags, "service-account-key-file")) {
    const host = hostPathOf(declared, apiserver.manifest?.mounts);
    const folder = resolver.files.resolve(host, apiserver.source)
      ? []
      : resolver.files.filesIn(host, apiserver.source);
    if (folder.length === 0) out.push(declared);
    for (const file of folder)
      out.push(`${declared.replace(/\/+$/, "")}/${file.slice(file.lastIndexOf("/") + 1)}`);
  }
  return out;
}

/** Resolve the service-account keys named by the apiserver's and controller-manager's flags. */
export function resolveServiceAccountKeys(
  resolver: CredentialResolver,
  apiserver: ComponentConfig,
  controllerManager: ComponentConfig,
): ServiceAccountKeys {
  const { files } = resolver;
  const keys: ServiceAccountKeys = { verifyKeys: [], verifyRefs: [] };
  const signing = flagValue(apiserver.flags, "service-account-signing-key-file");
  if (signing) {
    keys.signingKeyRef = resolver.ref("--service-account-signing-key-file", signing, apiserver);
    const key = files.keyAt(keys.signingKeyRef.path);
    if (key) keys.signingKey = key;
  }
  for (const declared of verifyFiles(resolver, apiserver)) {
    const ref = resolver.ref("--service-account-key-file", declared, apiserver);
    keys.verifyRefs.push(ref);
    if (!ref.path) continue;
    for (const key of files.publicKeysAt(ref.path)) keys.verifyKeys.push({ source: ref.path, key });
    const privateKey = files.keyAt(ref.path);
    if (privateKey) keys.verifyKeys.push({ source: ref.path, key: privateKey });
    for (const cert of files.certsAt(ref.path)) keys.verifyKeys.push({ source: ref.path, key: cert });
  }
  const kcm = flagValue(controllerManager.flags, "service-account-private-key-file");
  if (kcm) {
    keys.controllerManagerKeyRef = resolver.ref("--service-account-private-key-file", kcm, controllerManager);
    const key = files.keyAt(keys.controllerManagerKeyRef.path);
    if (key) keys.controllerManagerKey = key;
  }
  // By content only where the layout's own paths stand for the apiserver: never for an absent one.
  if (apiserver.origin === "convention" && !apiserver.absent && keys.verifyKeys.length === 0)
    findServiceAccountKeysByContent(resolver, keys);
  return keys;
}

/**
 * Without manifests or kubeadm's `sa.pub`, the service-account pair is the public key file whose key
 * belongs to no certificate, and the private key that matches it.
 */
function findServiceAccountKeysByContent(resolver: CredentialResolver, keys: ServiceAccountKeys): void {
  const { inventory } = resolver;
  const certKeys = new Set(inventory.certificates.map((c) => c.publicKey.canonical));
  const candidates = inventory.publicKeys.filter((k) => !certKeys.has(k.publicKey.canonical));
  for (const publicKey of candidates) {
    const privateKey = inventory.privateKeys.find(
      (k) => k.publicKey?.canonical === publicKey.publicKey.canonical,
    );
    if (!privateKey) continue;
    const path = publicKey.source.path;
    keys.verifyRefs.push({ field: "--service-account-key-file", declared: path, path, origin: "content" });
    keys.verifyKeys.push({ source: path, key: publicKey });
    keys.signingKey = privateKey;
    keys.signingKeyRef = {
      field: "--service-account-signing-key-file",
      declared: privateKey.source.path,
      path: privateKey.source.path,
      origin: "content",
    };
    return;
  }
}
