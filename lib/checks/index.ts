/**
 * Every rule, in the order findings are produced. Explicit on purpose: no registration by import side
 * effect, so what runs is what is listed here.
 */
import { bootstrapTokenLeft } from "./bootstrap-token-left";
import { archiveDuplicateEntry } from "./archive-duplicate-entry";
import { caExpiresSoon } from "./ca-expires-soon";
import { caRotationInProgress } from "./ca-rotation-in-progress";
import { caRotationOutOfOrder } from "./ca-rotation-out-of-order";
import { caRotationSignerAhead } from "./ca-rotation-signer-ahead";
import { caDiffersAcrossMembers } from "./ca-differs-across-members";
import { caFlagUnused } from "./ca-flag-unused";
import { caInvalid } from "./ca-invalid";
import { caReused } from "./ca-reused";
import { certExpired } from "./cert-expired";
import { certExpiresSoon } from "./cert-expires-soon";
import { certOutlivesIssuer } from "./cert-outlives-issuer";
import { certNotYetValid } from "./cert-not-yet-valid";
import { chainBadSignature } from "./chain-bad-signature";
import { chainRejected } from "./chain-rejected";
import { chainUntrusted } from "./chain-untrusted";
import { csrDenied } from "./csr-denied";
import { csrPending } from "./csr-pending";
import { ekuMissing } from "./eku-missing";
import { encryptionConfigWeak } from "./encryption-config-weak";
import { execPluginApiRemoved } from "./exec-plugin-api-removed";
import { fileMissing } from "./file-missing";
import { genericEku } from "./generic-eku";
import { identityMismatch } from "./identity-mismatch";
import { inputSkipped } from "./input-skipped";
import { keyEncrypted } from "./key-encrypted";
import { keyMismatch } from "./key-mismatch";
import { kubeconfigCaMismatch } from "./kubeconfig-ca-mismatch";
import { kubeletKubeconfigCa } from "./kubelet-kubeconfig-ca";
import { kubeconfigNoCredential } from "./kubeconfig-no-credential";
import { kubeletLinkAbsent } from "./kubelet-link-absent";
import { kubeletServingUnverified } from "./kubelet-serving-unverified";
import { nodeAuthorizer } from "./node-authorizer";
import { parseError } from "./parse-error";
import { policyCaLifetime } from "./policy-ca-lifetime";
import { policyCurve } from "./policy-curve";
import { policyEku } from "./policy-eku";
import { policyExpiryWindow } from "./policy-expiry-window";
import { policyLeafLifetime } from "./policy-leaf-lifetime";
import { policyRsaBits } from "./policy-rsa-bits";
import { policySignatureAlgorithm } from "./policy-signature-algorithm";
import { kubeadmValidityPeriod } from "./kubeadm-validity-period";
import { requestheaderAllowedNamesUnset } from "./requestheader-allowed-names-unset";
import { saKeyDiffers } from "./sa-key-differs";
import { saKeyMismatch } from "./sa-key-mismatch";
import { sanMissing } from "./san-missing";
import { sanDrift } from "./san-drift";
import { encryptionConfigDiffers } from "./encryption-config-differs";
import { servedCertDiffers } from "./served-cert-differs";
import { servedChainUnmatched } from "./served-chain-unmatched";
import { servedChainUntrusted } from "./served-chain-untrusted";
import { servedEndpointUnreached } from "./served-endpoint-unreached";
import { signingCaMismatch } from "./signing-ca-mismatch";
import type { Rule } from "../engine/rule";
import { weakKey } from "./weak-key";
import { weakSignature } from "./weak-signature";
import { apiServiceSkipTlsVerify } from "./api-service-skip-tls-verify";
import { certManagerNotReady } from "./cert-manager-not-ready";
import { webhookCaBundleMismatch } from "./webhook-ca-bundle-mismatch";
import { webhookServingUnknown } from "./webhook-serving-unknown";

export const RULES: readonly Rule[] = [
  certExpired,
  certNotYetValid,
  certExpiresSoon,
  caExpiresSoon,
  caFlagUnused,
  certOutlivesIssuer,
  chainBadSignature,
  chainUntrusted,
  chainRejected,
  kubeconfigCaMismatch,
  kubeletKubeconfigCa,
  caInvalid,
  keyMismatch,
  ekuMissing,
  genericEku,
  sanMissing,
  identityMismatch,
  nodeAuthorizer,
  caReused,
  saKeyMismatch,
  signingCaMismatch,
  fileMissing,
  kubeletServingUnverified,
  bootstrapTokenLeft,
  csrPending,
  csrDenied,
  execPluginApiRemoved,
  kubeconfigNoCredential,
  requestheaderAllowedNamesUnset,
  encryptionConfigWeak,
  weakKey,
  weakSignature,
  policyLeafLifetime,
  policyCaLifetime,
  policyRsaBits,
  policyCurve,
  policySignatureAlgorithm,
  policyExpiryWindow,
  policyEku,
  kubeadmValidityPeriod,
  keyEncrypted,
  kubeletLinkAbsent,
  servedCertDiffers,
  servedChainUntrusted,
  servedEndpointUnreached,
  servedChainUnmatched,
  parseError,
  archiveDuplicateEntry,
  inputSkipped,
];

/** Rules that compare control planes with each other: run once, on the merged model of an HA drop. */
export const CROSS_NODE_RULES: readonly Rule[] = [
  saKeyDiffers,
  caDiffersAcrossMembers,
  sanDrift,
  encryptionConfigDiffers,
];

/**
 * Rules about the drop as a whole — a CA rotation spans every node's bundles and leaves: run once,
 * on the one model of a drop with a single control plane or on the merged model of an HA drop.
 */
export const DROP_RULES: readonly Rule[] = [
  caRotationInProgress,
  caRotationOutOfOrder,
  caRotationSignerAhead,
  // The cluster's API objects are one set for the whole drop, whatever its control planes.
  webhookCaBundleMismatch,
  apiServiceSkipTlsVerify,
  certManagerNotReady,
  webhookServingUnknown,
];

/** The scope of each code, for attributing findings to relationships. */
export const CODE_SCOPE: ReadonlyMap<string, Rule["scope"]> = new Map(
  [...RULES, ...CROSS_NODE_RULES, ...DROP_RULES].flatMap((rule) =>
    rule.codes.map((code) => [code, rule.scope] as const),
  ),
);
