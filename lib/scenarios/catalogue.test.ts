import { describe, expect, it } from "vitest";

import { healthyDemoCluster } from "../generate/demo-cluster";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "../report";
import { SCENARIOS, scenarioById } from "./catalogue";
import { scenarioModel } from "./generate-scenario";

const RELATIONSHIPS: readonly string[] = [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS];

describe("the scenario catalogue", () => {
  it("has exactly the thirteen scenarios, in order", () => {
    expect(SCENARIOS.map((scenario) => scenario.id)).toEqual([
      "wrong-ca-etcd-client",
      "stale-kubeconfig-ca",
      "key-mismatch",
      "missing-advertise-san",
      "kubelet-no-system-nodes",
      "node-authorizer",
      "bootstrap-token-left",
      "expired-admin-conf",
      "front-proxy-shares-cluster-ca",
      "sa-key-mismatch",
      "expired-kubelet-client-no-rotation",
      "rotation-reissued-early",
      "rotation-old-ca-removed-early",
    ]);
  });

  it.each(SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))(
    "$id: is found by id, names a real edge and says what people see",
    ({ id, scenario }) => {
      expect(scenarioById(id)).toBe(scenario);
      expect(RELATIONSHIPS).toContain(scenario.relationship);
      if (scenario.relationshipKey !== undefined)
        expect(scenario.relationshipKey).toMatch(new RegExp(`^${scenario.relationship}(:|$)`));
      expect(scenario.expect.length).toBeGreaterThan(0);
      for (const text of [scenario.title, scenario.teaches, scenario.userSees, scenario.where, scenario.fix])
        expect(text.trim().length).toBeGreaterThan(10);
      for (const expectation of scenario.expect) expect(expectation.file).toMatch(/^(control-1|worker-1)\//);
    },
  );

  it.each(["healthy", "expired-apiserver", "KEY-MISMATCH", ""])("knows no scenario %j", (id) => {
    expect(scenarioById(id)).toBeUndefined();
  });

  it("changes a private copy of the healthy demo, never the demo itself", () => {
    const healthy = JSON.stringify(healthyDemoCluster());
    for (const scenario of SCENARIOS) {
      expect(JSON.stringify(scenarioModel(scenario.id)), scenario.id).not.toBe(healthy);
      expect(JSON.stringify(healthyDemoCluster())).toBe(healthy);
    }
    expect(JSON.stringify(scenarioModel("healthy"))).toBe(healthy);
  });
});
