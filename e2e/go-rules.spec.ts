/**
 * Chains Go refuses, seen in the page: a CA's path length exceeded by the front-proxy chain turns
 * that edge red, and the finding quotes what Go prints and names the CA; a name-constraint
 * violation on etcd's CA does the same for both etcd edges. The verdict comes from the engine in
 * the Worker (the parity spec holds it equal to the CLI's).
 */
import { expect, test } from "./pages/explorer-page";

test("a path length Go refuses is a red edge whose finding quotes Go and names the CA", async ({
  explorer,
}) => {
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFolder("e2e/fixtures/faults/pathlen-front-proxy-ca", { timeout: 120_000 });
  const statuses = await explorer.edgeStatuses();
  expect(statuses["front-proxy-client"]).toContain("error");
  const panel = await explorer.openFinding("CHAIN_REJECTED");
  await expect(panel).toContainText("x509: too many intermediates for path length constraint");
  await expect(panel).toContainText("pathlen:0");
  await expect(panel).toContainText("front-proxy-ca");
  await explorer.screenshot("go-rules-pathlen", "desktop", "light");
  await explorer.screenshot("go-rules-pathlen", "mobile", "dark");
  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);
});

test("name constraints on etcd's CA turn both etcd edges red, with the name Go refuses", async ({
  explorer,
}) => {
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFolder("e2e/fixtures/faults/name-constraints-etcd-ca", { timeout: 120_000 });
  const statuses = await explorer.edgeStatuses();
  expect(statuses["etcd-serving"]).toContain("error");
  expect(statuses["etcd-peer"]).toContain("error");
  const panel = await explorer.openFinding("CHAIN_REJECTED");
  await expect(panel).toContainText("is not permitted by any constraint");
});
