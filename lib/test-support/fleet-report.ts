import type { Report, ReportCertificate, ReportRelationship } from "../report";
import { reportFor } from "./fixtures";

/**
 * The healthy report widened to a fleet: 5,000 worker nodes, each with its kubelet's client and
 * serving certificate and their two relationships (10,017 certificates). The copies are the
 * healthy node's own entries with new ids, serials and node names: what explain reads, at scale.
 */
export async function fleetReport(nodes: number): Promise<Report> {
  const healthy = await reportFor("healthy");
  const client = healthy.relationships.find((r) => r.id === "kubelet-client");
  const serving = healthy.relationships.find((r) => r.id === "kubelet-serving");
  const byId = new Map(healthy.certificates.map((c) => [c.id, c]));
  const clientCert = byId.get(client?.clientEnd.presents?.certificateId ?? "");
  const servingCert = byId.get(serving?.serverEnd.presents?.certificateId ?? "");
  if (!client || !serving || !clientCert || !servingCert) throw new Error("healthy fixture changed");
  const certificates: ReportCertificate[] = [...healthy.certificates];
  const relationships: ReportRelationship[] = [...healthy.relationships];
  for (let n = 0; n < nodes; n++) {
    const node = `worker-${n}`;
    const copy = (certificate: ReportCertificate, tag: string): ReportCertificate => ({
      ...certificate,
      id: `c-${tag}-${n}`,
      serial: (0x100000 + n * 2 + (tag === "client" ? 0 : 1)).toString(16),
      sha256: `${tag}${n}`.padStart(64, "0"),
      paths: [`nodes/${node}/${certificate.paths[0] ?? ""}`],
    });
    const c = copy(clientCert, "client");
    const s = copy(servingCert, "serving");
    certificates.push(c, s);
    relationships.push(
      {
        ...client,
        key: `kubelet-client:${node}`,
        client: `kubelet:${node}`,
        clientEnd: {
          ...client.clientEnd,
          component: `kubelet:${node}`,
          presents: { kind: "certificate", source: c.paths[0] ?? "", certificateId: c.id },
        },
      },
      {
        ...serving,
        key: `kubelet-serving:${node}`,
        server: `kubelet:${node}`,
        serverEnd: {
          ...serving.serverEnd,
          component: `kubelet:${node}`,
          presents: { kind: "certificate", source: s.paths[0] ?? "", certificateId: s.id },
        },
      },
    );
  }
  return { ...healthy, certificates, relationships };
}
