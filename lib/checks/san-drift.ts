// The control planes of one HA cluster serve the same names: clients reach any member through the shared endpoint, and kubeadm signs each member's apiserver.crt with the same certSANs, plus the member's own host name and address (k8s-pki-spec §1.3). A member whose apiserver.crt lacks a name or address that most members' carry fails the clients that dial it there.
import type { ClusterModel, RelationshipWiring } from "../cluster/model";
import { wiringRef } from "../engine/describe";
import { kubeadmConfigFile } from "../engine/kubeadm-config-file";
import type { Rule } from "../engine/rule";
import type { Finding } from "../report";
import { naturalOrder } from "../shared/natural-order";

interface MemberSans {
  node: string;
  wiring: RelationshipWiring;
  file: string;
  sans: Set<string>;
}

function memberSans(node: string, model: ClusterModel): MemberSans | undefined {
  const wiring = model.wirings.find((candidate) => candidate.id === "apiserver-serving");
  const cert = wiring?.serverCredential?.cert;
  if (!wiring || !cert) return undefined;
  const file = wiring.serverCredential?.certRef?.path ?? wiring.serverCredential?.source ?? "";
  return {
    node,
    wiring,
    file,
    sans: new Set([...cert.dnsNames, ...cert.ipAddresses].map((san) => san.toLowerCase())),
  };
}

export const sanDrift: Rule = {
  codes: ["SAN_DRIFT"],
  scope: "relationship",
  run: (ctx) => {
    const planes = ctx.model.controlPlanes ?? [];
    const members = planes.flatMap((plane) => memberSans(plane.node, plane.model) ?? []);
    if (members.length < 2) return [];
    // Every member's own names are expected to differ: its node name and its address.
    const own = new Set<string>();
    for (const plane of planes) {
      own.add(plane.node.toLowerCase());
      if (plane.model.advertiseAddress) own.add(plane.model.advertiseAddress.toLowerCase());
    }
    const counts = new Map<string, number>();
    for (const member of members)
      for (const san of member.sans) if (!own.has(san)) counts.set(san, (counts.get(san) ?? 0) + 1);
    // A name most members carry is the cluster's; one only some carry may be a leftover, and is left alone.
    const shared = [...counts].filter(([, count]) => count * 2 > members.length).map(([san]) => san);
    const findings: Finding[] = [];
    for (const member of [...members].sort((a, b) => naturalOrder(a.node, b.node))) {
      const missing = shared.filter((san) => !member.sans.has(san)).sort();
      if (missing.length === 0) continue;
      const carriers = members.filter(
        (other) => other !== member && missing.every((san) => other.sans.has(san)),
      );
      findings.push({
        code: "SAN_DRIFT",
        severity: "warning",
        title: `${member.node}'s kube-apiserver certificate lacks ${missing.join(", ")}, which the other control planes' carry`,
        detail:
          `${member.file} on ${member.node} does not cover ${missing.join(", ")}, while ${carriers.map((other) => `${other.file} on ${other.node}`).join(", ") || "the other members' certificates"} do. ` +
          `A client that dials one of these names and reaches ${member.node} (through the load balancer, or directly) fails with "x509: certificate is valid for …, not …".`,
        ...wiringRef(member.wiring),
        files: [member.file],
        fix:
          `Reissue ${member.file} on ${member.node} with the same SANs as the other members: add ${missing.join(", ")} to apiServer.certSANs in the kubeadm configuration, ` +
          `move apiserver.crt and apiserver.key away and run \`kubeadm init phase certs apiserver --config ${kubeadmConfigFile(ctx.inventory, member.file)}\` there, then restart kube-apiserver.`,
      });
    }
    return findings;
  },
};
