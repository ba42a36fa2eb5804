// The control planes of one HA cluster hold the same cluster CA, etcd CA and front-proxy CA: `kubeadm join --control-plane` copies them from the first member (k8s-pki-spec §1.4 row "Shared CAs of HA members"). A member whose bundle shares no key with the others' refuses what they sign. A bundle that shares one of its keys is a CA rotation under way, which the rotation rules judge.
import type { ClusterModel, RelationshipWiring, TrustBundle } from "../cluster/model";
import { wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";
import type { Finding, RelationshipId } from "../report";
import { naturalOrder } from "../shared/natural-order";

/** Each shared CA: which bundle of a member verifies with it, and the flag that names the bundle. */
const SHARED_CAS: readonly {
  role: string;
  name: string;
  wirings: readonly RelationshipId[];
  flag: string;
}[] = [
  {
    role: "cluster-ca",
    name: "cluster CA",
    wirings: ["controller-manager-client", "scheduler-client", "admin-client"],
    flag: "kube-apiserver --client-ca-file",
  },
  {
    role: "etcd-ca",
    name: "etcd CA",
    wirings: ["apiserver-etcd-client", "etcd-peer"],
    flag: "etcd --trusted-ca-file",
  },
  {
    role: "front-proxy-ca",
    name: "front-proxy CA",
    wirings: ["front-proxy-client"],
    flag: "kube-apiserver --requestheader-client-ca-file",
  },
];

interface MemberBundle {
  node: string;
  wiring: RelationshipWiring;
  bundle: TrustBundle;
  keys: Set<string>;
  file: string;
}

/** The bundle a member verifies the shared CA's clients with, from the first wiring that has one. */
function memberBundle(
  node: string,
  model: ClusterModel,
  wirings: readonly RelationshipId[],
): MemberBundle | undefined {
  for (const id of wirings) {
    const wiring = model.wirings.find((candidate) => candidate.id === id);
    const bundle = wiring?.serverVerifiers.find((candidate) => candidate.certs.length > 0);
    if (!wiring || !bundle) continue;
    const keys = new Set(bundle.certs.map((cert) => cert.publicKey.canonical));
    return { node, wiring, bundle, keys, file: bundle.ref?.path ?? bundle.source };
  }
  return undefined;
}

function subjects(bundle: TrustBundle): string {
  return [...new Set(bundle.certs.map((cert) => cert.subjectCN ?? cert.subject))].join(", ");
}

export const caDiffersAcrossMembers: Rule = {
  codes: ["CA_DIFFERS_ACROSS_MEMBERS"],
  scope: "relationship",
  run: (ctx) => {
    const planes = ctx.model.controlPlanes ?? [];
    if (planes.length < 2) return [];
    const findings: Finding[] = [];
    for (const shared of SHARED_CAS) {
      const members = planes.flatMap((plane) => memberBundle(plane.node, plane.model, shared.wirings) ?? []);
      if (members.length < 2) continue;
      // The members whose bundle shares a key with most others hold the cluster's CA; on a tie, the first.
      const overlaps = (a: MemberBundle, b: MemberBundle) => [...a.keys].some((key) => b.keys.has(key));
      const reference = [...members].sort(
        (a, b) =>
          members.filter((other) => overlaps(b, other)).length -
          members.filter((other) => overlaps(a, other)).length,
      )[0];
      if (!reference) continue;
      for (const member of members
        .filter((m) => !overlaps(m, reference))
        .sort((a, b) => naturalOrder(a.node, b.node)))
        findings.push({
          code: "CA_DIFFERS_ACROSS_MEMBERS",
          severity: "error",
          title: `${member.node} trusts another ${shared.name} than ${reference.node}`,
          detail:
            `${member.file} on ${member.node} (${shared.flag}) holds ${subjects(member.bundle)}, which shares no key with ` +
            `${reference.file} on ${reference.node} (${subjects(reference.bundle)}). The control planes of one cluster hold ` +
            `one ${shared.name}: what the other members' CA signs is refused on ${member.node}, and what ${member.node}'s signs is refused elsewhere.`,
          ...wiringRef(member.wiring),
          files: [member.file],
          fix:
            `Copy the ${shared.name} certificate and key from ${reference.node} to ${member.node} (kubeadm: as ` +
            "`kubeadm join --control-plane --certificate-key` does), reissue the leaves it signed there (`kubeadm certs renew all`), " +
            "and restart the control-plane components on it. If a CA rotation is meant, follow `k8s-pki plan-rotation` instead.",
        });
    }
    return findings;
  },
};
