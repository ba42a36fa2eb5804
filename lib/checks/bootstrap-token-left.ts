// kubeadm deletes bootstrap-kubelet.conf after a successful TLS bootstrap; one left beside a working client cert is a stale secret (k8s-pki-spec §2, §8 item 15). A token is a bootstrap token only in its real format, `[a-z0-9]{6}.[a-z0-9]{16}`.
//
// A Secrets dump that holds the token's Secret (`kube-system/bootstrap-token-<id>`) says whether the
// cluster still accepts it and until when; the token's secret half is never read from it.
import { sourceName } from "../inventory";
import type { Finding } from "../report";
import { formatDate } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";

/** What a dumped bootstrap token Secret says about token `id`, as a sentence; empty without one. */
function clusterSide(ctx: CheckContext, id: string | undefined): string {
  const token = ctx.inventory.bootstrapTokens?.find((t) => t.tokenId === id);
  if (!token) return "";
  const where = sourceName(token.source);
  const expires = token.expiration === undefined ? undefined : Date.parse(token.expiration);
  if (expires === undefined || Number.isNaN(expires))
    return ` The cluster still holds the token (${where}) and it never expires.`;
  return expires > ctx.now.getTime()
    ? ` The cluster still holds the token (${where}), valid until ${formatDate(token.expiration ?? "")}.`
    : ` Its Secret (${where}) says it expired ${formatDate(token.expiration ?? "")}; kube-controller-manager's tokencleaner deletes it, and the apiserver no longer accepts it.`;
}

export const bootstrapTokenLeft: Rule = {
  codes: ["BOOTSTRAP_TOKEN_LEFT"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const kubelet of ctx.model.kubelets) {
      const bootstrap = kubelet.bootstrapKubeconfig;
      const client = kubelet.client?.cert;
      if (!bootstrap || !client) continue;
      // Only a live token counts: `[a-z0-9]{6}.[a-z0-9]{16}`, not a redacted placeholder.
      const tokenUser = bootstrap.users.find((u) => u.bootstrapTokenId);
      if (!tokenUser) continue;
      findings.push({
        code: "BOOTSTRAP_TOKEN_LEFT",
        severity: "warning",
        title: `${bootstrap.source.path} still holds a bootstrap token`,
        detail: `${bootstrap.source.path} (user ${tokenUser.name}${tokenUser.bootstrapTokenId ? `, token id ${tokenUser.bootstrapTokenId}` : ""}) is still on disk although the kubelet already has its client certificate "${client.subject}" (${kubelet.client?.source}). Anyone who reads the file can register nodes while the token is valid.${clusterSide(ctx, tokenUser.bootstrapTokenId)}`,
        relationship: "kubelet-bootstrap",
        files: [bootstrap.source.path],
        fix: `Delete ${bootstrap.source.path} and the token: \`kubeadm token delete ${tokenUser.bootstrapTokenId ?? "<token-id>"}\` (kubeadm tokens expire after 24h by default).`,
      });
    }
    return findings;
  },
};
