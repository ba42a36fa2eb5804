import { describe, expect, it } from "vitest";

import { FRONT_PROXY_CLIENT_NOT_AFTER, demoCluster, healthyDemoCluster } from "./demo-cluster";
import { certSpec } from "./node-model";

describe("healthyDemoCluster", () => {
  it("is the demo without its two faults, and nothing else differs", () => {
    const healthy = healthyDemoCluster();
    const demo = demoCluster();
    expect(certSpec(healthy, "worker-1-kubelet-client").subject).toEqual({
      cn: "system:node:worker-1",
      o: ["system:nodes"],
    });
    expect(certSpec(demo, "worker-1-kubelet-client").subject).toEqual({ cn: "system:node:worker-1" });
    expect(certSpec(demo, "front-proxy-client").notAfter).toBe(FRONT_PROXY_CLIENT_NOT_AFTER);
    expect(certSpec(healthy, "front-proxy-client").notAfter).toBe(certSpec(healthy, "apiserver").notAfter);

    certSpec(demo, "worker-1-kubelet-client").subject.o = ["system:nodes"];
    certSpec(demo, "front-proxy-client").notAfter = certSpec(healthy, "front-proxy-client").notAfter;
    expect(demo).toEqual(healthy);
  });
});
