/**
 * Which Secrets can hold PKI material, decided from their `type` and key names alone, before any
 * value is decoded: a cluster's dump is mostly Helm release records (100 KB–1.4 MB of gzip each),
 * registry credentials and passwords, none of which is ever a certificate.
 */

/**
 * Secret types whose values are never certificates or keys: Helm's release records (Helm v3 stores
 * each release as `helm.sh/release.v1`, pkg/storage/driver/secrets.go), registry credentials
 * (`kubernetes.io/dockerconfigjson`, `…/dockercfg`), passwords (`…/basic-auth`) and SSH keys, which
 * no TLS endpoint reads (`…/ssh-auth`).
 */
const NOT_PKI_TYPES = new Set([
  "helm.sh/release.v1",
  "kubernetes.io/dockerconfigjson",
  "kubernetes.io/dockercfg",
  "kubernetes.io/basic-auth",
  "kubernetes.io/ssh-auth",
]);

/** The types the API defines for the two kinds of Secret read apart from the others. */
export const TLS_SECRET = "kubernetes.io/tls";
export const SERVICE_ACCOUNT_TOKEN_SECRET = "kubernetes.io/service-account-token";
export const BOOTSTRAP_TOKEN_SECRET = "bootstrap.kubernetes.io/token";

/** True when a Secret of this type cannot hold PKI material, so its values are not even decoded. */
export function isNonPkiSecretType(type: string | undefined): boolean {
  return type !== undefined && NOT_PKI_TYPES.has(type);
}

/**
 * Keys that name PKI material: `ca.crt`, `tls.key`, `cert-chain.pem`, `keystore.p12`, and the bare
 * `ca`/`cert`/`key` of webhook certificate generators. A value under such a name that is neither PEM
 * nor DER is worth a problem; under any other name it is simply not PKI.
 */
const PKI_KEY = /(^|[._-])(ca|cert|crt|key|tls)$|\.(crt|cer|pem|key|der|p8|pk8|p12|pfx)$/i;

/** Whether a data key's name says it holds a certificate or key. */
export function isPkiKeyName(key: string): boolean {
  return PKI_KEY.test(key);
}

/**
 * Keys whose values are credentials in their own right — a service-account token, a bootstrap
 * token's secret half — noted whole so no piece of them is ever shown.
 */
export function isTokenKey(key: string): boolean {
  return key === "token" || key === "token-secret";
}
