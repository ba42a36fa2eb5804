// A webhook, APIService or CRD conversion webhook whose Service's serving certificate is not in the drop: whether its `caBundle` verifies it cannot be judged (k8s-pki-spec §5.7 rows 1, 3, 4).
//
// Information, one finding per object (its webhooks together), never ok: the dump of the objects
// came without the Secret that holds the serving certificate, or no configured fact ties one to
// the Service. The finding names what was looked for.
import type { Finding } from "../report";
import { sourceName } from "../inventory";
import type { Rule } from "../engine/rule";
import { caBundleVerdicts, type CaBundleVerdict } from "../objects/ca-bundle-verdicts";
import { caBundleClientName } from "../objects/trust-objects";

type Unknown = Extract<CaBundleVerdict, { unknown: string }>;

function finding(group: Unknown[]): Finding {
  const [first] = group;
  if (!first) throw new Error("webhook-serving-unknown: an empty group");
  const { client } = first;
  const object = `${client.kind}/${client.object}`;
  const lines = group.map((u) => `${caBundleClientName(u.client)}: ${u.unknown}`);
  return {
    code: "WEBHOOK_SERVING_UNKNOWN",
    severity: "info",
    title: `${object}: the serving Secret is not in this dump`,
    detail: `${client.source.path}: whether the caBundle verifies the serving certificate is unknown. ${lines.join(". ")}.`,
    files: [...new Set(group.map((u) => sourceName(u.client.source)))],
    fix: `Add the serving Secrets to the drop: kubectl get secrets -A --field-selector type=kubernetes.io/tls -o yaml, and kubectl get certificates -A -o yaml when cert-manager issues them (the collector's --objects writes both).`,
  };
}

export const webhookServingUnknown: Rule = {
  codes: ["WEBHOOK_SERVING_UNKNOWN"],
  scope: "certificate",
  run: (ctx) => {
    const groups = new Map<string, Unknown[]>();
    for (const judged of caBundleVerdicts(ctx)) {
      if (!("unknown" in judged)) continue;
      const key = `${judged.client.source.path}\n${judged.client.kind}\n${judged.client.object}`;
      groups.set(key, [...(groups.get(key) ?? []), judged]);
    }
    return [...groups.values()].map(finding);
  },
};
