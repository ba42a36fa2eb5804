import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { buildTimeline } from "./timeline-rows";

describe("row order", () => {
  it("nodes are listed in the order people count them (node-9 before node-10)", async () => {
    const report = await reportFor("healthy");
    // Ten more kubelets in the same report, named as a cluster names them.
    const kubelet = report.components.find((c) => c.kind === "kubelet");
    const relationship = report.relationships.find((r) => r.id === "kubelet-client");
    const certificate = report.certificates.find(
      (c) => c.id === relationship?.clientEnd.presents?.certificateId,
    );
    if (!kubelet || !relationship || !certificate) throw new Error("healthy has a kubelet client");
    const nodes = [10, 9, 2, 1].map((n) => `node-${n}`);
    const copy: typeof report = {
      ...report,
      components: [
        ...report.components,
        ...nodes.map((node) => ({ ...kubelet, id: `kubelet:${node}`, name: `kubelet (${node})`, node })),
      ],
      certificates: [
        ...report.certificates,
        ...nodes.map((node, i) => ({
          ...certificate,
          id: `${certificate.id}-${i}`,
          sha256: `${i}`.repeat(64),
        })),
      ],
      relationships: [
        ...report.relationships,
        ...nodes.map((node, i) => ({
          ...relationship,
          key: `kubelet-client:${node}`,
          client: `kubelet:${node}`,
          clientEnd: {
            ...relationship.clientEnd,
            component: `kubelet:${node}`,
            presents: { kind: "certificate" as const, source: node, certificateId: `${certificate.id}-${i}` },
          },
        })),
      ],
    };
    const details = buildTimeline(copy)
      .bars.map((bar) => bar.detail)
      .filter((d) => d.startsWith("kubelet (node-"));
    expect(details).toEqual([
      "kubelet (node-1)",
      "kubelet (node-2)",
      "kubelet (node-9)",
      "kubelet (node-10)",
    ]);
  });
});
