// An APIService with `spec.insecureSkipTLSVerify: true`: the kube-aggregator proxies every request of the group to its Service without verifying the serving certificate at all (k8s-pki-spec §5.7 row 3).
//
// A warning on the object's own field (configured): nothing in the caBundle is checked, so a
// server in the Service's place is trusted with the requests and credentials the apiserver proxies.
import type { Finding } from "../report";
import { sourceName } from "../inventory";
import type { Rule } from "../engine/rule";
import { serviceHost } from "../objects/trust-objects";

export const apiServiceSkipTlsVerify: Rule = {
  codes: ["APISERVICE_SKIP_TLS_VERIFY"],
  scope: "certificate",
  run: (ctx) =>
    (ctx.inventory.trustObjects?.caBundleClients ?? []).flatMap((client): Finding[] => {
      if (client.kind !== "APIService" || !client.insecureSkipTLSVerify || !client.service) return [];
      const where = sourceName({ path: client.source.path, locator: `APIService/${client.object}/spec` });
      const host = serviceHost(client.service);
      return [
        {
          code: "APISERVICE_SKIP_TLS_VERIFY",
          severity: "warning",
          title: `APIService/${client.object} does not verify ${host}`,
          detail: `${where}: insecureSkipTLSVerify is true, so the kube-aggregator proxies ${client.apiGroupVersion ?? client.object} to service ${client.service.namespace}/${client.service.name} without verifying its serving certificate${client.caBundlePresent ? " (the caBundle it also holds is not used)" : ""}; whatever answers as ${host} is trusted with the requests it proxies.`,
          files: [where],
          fix: `Give the APIService the CA of its serving certificate and verify it: kubectl patch apiservice ${client.object} --type=merge -p '{"spec":{"insecureSkipTLSVerify":false,"caBundle":"<base64 PEM of the CA>"}}' (metrics-server's Helm chart: apiService.insecureSkipTLSVerify=false with apiService.caBundle, or tls.type=cert-manager).`,
          evidence: [
            {
              fact: `APIService/${client.object} sets insecureSkipTLSVerify: true`,
              source: "configured",
              from: where,
            },
          ],
        },
      ];
    }),
};
