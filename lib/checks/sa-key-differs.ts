// Every kube-apiserver must verify the tokens any control plane's kube-controller-manager signs: HA control planes share one service-account key pair (kubeadm copies sa.key/sa.pub with the other shared certificates; k8s-pki-spec §4.1 row 12, §5.5), or tokens minted on one are "invalid bearer token" on the others.
import type { ClusterModel } from "../cluster/model";
import { naturalOrder } from "../shared/natural-order";
import type { Finding } from "../report";
import { wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";

/** The canonical public key a control plane signs (or, lacking sa.key, verifies) tokens with. */
function serviceAccountKey(model: ClusterModel): { key: string; file: string } | undefined {
  const sa = model.serviceAccount;
  const signing = sa.signingKey?.publicKey ?? sa.controllerManagerKey?.publicKey;
  const file = sa.signingKeyRef?.path ?? sa.controllerManagerKeyRef?.path;
  if (signing && file) return { key: signing.canonical, file };
  const verify = sa.verifyKeys[0];
  const key = verify ? ("publicKey" in verify.key ? verify.key.publicKey?.canonical : undefined) : undefined;
  return key && verify ? { key, file: verify.source } : undefined;
}

export const saKeyDiffers: Rule = {
  codes: ["SA_KEY_DIFFERS"],
  scope: "relationship",
  run: (ctx) => {
    const planes = ctx.model.controlPlanes ?? [];
    const keyed = planes.flatMap((plane) => {
      const found = serviceAccountKey(plane.model);
      return found ? [{ ...plane, ...found }] : [];
    });
    const counts = new Map<string, number>();
    for (const plane of keyed) counts.set(plane.key, (counts.get(plane.key) ?? 0) + 1);
    if (counts.size < 2) return [];
    // The pair most control planes hold is the cluster's; on a tie, the first control plane's.
    const majority = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? keyed[0]?.key;
    const reference = keyed.find((plane) => plane.key === majority);
    const findings: Finding[] = [];
    for (const plane of keyed
      .filter((p) => p.key !== majority)
      .sort((a, b) => naturalOrder(a.node, b.node))) {
      const wiring = plane.model.wirings.find((p) => p.id === "service-account-signing");
      findings.push({
        code: "SA_KEY_DIFFERS",
        severity: "error",
        title: `${plane.node} signs service-account tokens with another key than ${reference?.node ?? "the other control planes"}`,
        detail: `${plane.file} on ${plane.node} is not the service-account key pair of ${reference ? `${reference.file} on ${reference.node}` : "the other control planes"}. Every kube-apiserver verifies tokens with its own --service-account-key-file, so a token minted by one control plane is rejected by the others ("invalid bearer token"): pods fail at random depending on which apiserver they reach.`,
        ...(wiring ? wiringRef(wiring) : { relationship: "service-account-signing" }),
        files: [plane.file],
        fix: `Copy sa.key and sa.pub from ${reference?.node ?? "a healthy control plane"} to ${plane.node} (kubeadm: /etc/kubernetes/pki/sa.key and sa.pub, as \`kubeadm join --control-plane\` does with --certificate-key), restart kube-apiserver and kube-controller-manager there, then delete the service-account tokens minted with the odd key.`,
      });
    }
    return findings;
  },
};
