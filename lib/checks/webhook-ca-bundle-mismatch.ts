// A webhook's, an APIService's or a CRD conversion webhook's `caBundle` that does not verify the serving certificate of its Service: the apiserver verifies `<name>.<namespace>.svc` with that bundle alone and refuses the connection (k8s-pki-spec §5.7 rows 1–4).
//
// The serving certificate is found from configured facts only (a cert-manager Certificate whose
// dnsNames cover the Service and the Secret it names, or a kubernetes.io/tls Secret of the
// Service's namespace whose certificate covers it), and the evidence says which. Severity follows
// what a failed call does: a webhook with failurePolicy Fail (the v1 default) refuses every request
// it matches, an APIService's group and a CRD's other versions become unavailable: error; a webhook
// with failurePolicy Ignore is silently skipped: warning.
import type { Evidence, Finding, Severity } from "../report";
import { sourceName } from "../inventory";
import { certLabel, certPath } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";
import { caBundleVerdicts, type CaBundleVerdict } from "../objects/ca-bundle-verdicts";
import { caBundleClientName, serviceHost, type CaBundleClient } from "../objects/trust-objects";
import type { BundleVerdict } from "../objects/verify-bundle";

type Judged = Extract<CaBundleVerdict, { serving: unknown }>;

function severityOf(client: CaBundleClient): Severity {
  return client.failurePolicy === "Ignore" ? "warning" : "error";
}

/** What a failed call does, in the apiserver's words. */
function effect(judged: Judged, words: string): string {
  const { client, service } = judged;
  const url = `https://${serviceHost(service)}:${service.port ?? 443}${service.path ?? ""}`;
  if (client.kind === "APIService")
    return `The kube-aggregator cannot reach ${client.apiGroupVersion ?? client.object}: the APIService is not Available (FailedDiscoveryCheck) and every request to the group fails with "the server is currently unable to handle the request".`;
  if (client.kind === "CustomResourceDefinition")
    return `Every read or write that needs a conversion between its versions fails: conversion webhook for ${client.object} failed: Post "${url}": tls: failed to verify certificate: ${words}.`;
  const policy = client.failurePolicyWritten
    ? `failurePolicy ${client.failurePolicy ?? "Fail"}`
    : "failurePolicy unset (Fail in admissionregistration.k8s.io/v1)";
  const message = `failed calling webhook "${client.webhook ?? ""}": failed to call webhook: Post "${url}?timeout=10s": tls: failed to verify certificate: ${words}`;
  return client.failurePolicy === "Ignore"
    ? `With ${policy} the call is skipped and every request it matches is admitted unchecked; the apiserver logs ${message}.`
    : `With ${policy} every request it matches is refused: Internal error occurred: ${message}.`;
}

function bundleWords(judged: Judged): string {
  if (!judged.client.caBundlePresent)
    return "has no caBundle, so the apiserver verifies with its system trust roots";
  if (judged.bundle.length === 0) return "holds no certificate that could be read";
  return `holds ${judged.bundle.map((cert) => `"${cert.subject}"`).join(", ")}`;
}

function fix(judged: Judged): string {
  const { client, serving } = judged;
  const secret = `${serving.secret.namespace ?? ""}/${serving.secret.name}`;
  const [namespace, name] = [serving.secret.namespace ?? "default", serving.secret.name];
  const caOf = `kubectl get secret -n ${namespace} ${name} -o jsonpath='{.data.ca\\.crt}'`;
  const inject = serving.certificate
    ? ` With cert-manager, annotate the ${client.kind} with cert-manager.io/inject-ca-from: ${serving.certificate.namespace ?? namespace}/${serving.certificate.name} and its cainjector keeps the bundle in step.`
    : "";
  const path =
    client.kind === "APIService"
      ? "/spec/caBundle"
      : client.kind === "CustomResourceDefinition"
        ? "/spec/conversion/webhook/clientConfig/caBundle"
        : `/webhooks/${client.webhookIndex ?? 0}/clientConfig/caBundle`;
  return `Put the CA that signed the serving certificate of Secret ${secret} ("${serving.leaf.issuer}") in the caBundle: kubectl patch ${client.kind.toLowerCase()} ${client.object} --type=json -p "[{\\"op\\":\\"replace\\",\\"path\\":\\"${path}\\",\\"value\\":\\"$(${caOf})\\"}]" (or reissue the serving certificate from the CA the bundle holds).${inject}`;
}

function finding(ctx: CheckContext, judged: Judged, verdict: Extract<BundleVerdict, { ok: false }>): Finding {
  const { client, serving, service } = judged;
  const name = caBundleClientName(client);
  const host = serviceHost(service);
  const where = sourceName(client.source);
  const why =
    verdict.why === "expired"
      ? `its path to the caBundle passes through ${certLabel(verdict.expired)}, valid ${verdict.expired.notBefore} to ${verdict.expired.notAfter}, so at ${ctx.now.toISOString()} Go refuses it: ${verdict.words}`
      : `it was issued by "${serving.leaf.issuer}", which the caBundle does not hold: ${verdict.words}`;
  const evidence: Evidence[] = [
    {
      fact: `${name} calls service ${service.namespace}/${service.name} and verifies it with its caBundle`,
      source: "configured",
      from: where,
    },
    { fact: serving.evidence, source: "configured", from: certPath(serving.leaf) },
  ];
  return {
    code: "WEBHOOK_CA_BUNDLE_MISMATCH",
    severity: severityOf(client),
    title: `${name}: its caBundle does not verify ${host}'s serving certificate`,
    detail:
      `${where}: the apiserver verifies the serving certificate of ${host} with this caBundle, which ${bundleWords(judged)}. ` +
      `The serving certificate ${certLabel(serving.leaf)} ${verdict.why === "expired" ? "is the one" : "does not verify"}: ${why}. ${effect(judged, verdict.words)}`,
    files: [where, certPath(serving.leaf)],
    certificateIds: [serving.leaf.id, ...judged.bundle.map((cert) => cert.id)],
    fix: fix(judged),
    evidence,
  };
}

export const webhookCaBundleMismatch: Rule = {
  codes: ["WEBHOOK_CA_BUNDLE_MISMATCH"],
  scope: "certificate",
  run: (ctx) =>
    caBundleVerdicts(ctx).flatMap((judged) =>
      "serving" in judged && !judged.verdict.ok ? [finding(ctx, judged, judged.verdict)] : [],
    ),
};
