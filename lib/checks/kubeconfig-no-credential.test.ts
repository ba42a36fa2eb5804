import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

describeRule("KUBECONFIG_NO_CREDENTIAL", [
  {
    name: "root's kubeconfig with an empty user entry",
    fixture: "kubeconfig-no-credential",
    want: {
      severity: "error",
      file: "root/.kube/config",
      relationship: "admin-client",
      detail: /system:anonymous/,
      count: 1,
    },
  },
  { name: "a bootstrap token counts as a credential", fixture: "bootstrap-token-left" },
  { name: "an exec plugin counts as a credential", fixture: "exec-v1alpha1-kubeconfig" },
  { name: "healthy node", fixture: "healthy" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

const PATH = "root/.kube/config";
const file = readTree(fixtureDir("kubeconfig-no-credential")).find((f) => f.path === PATH);
if (!file) throw new Error(`${PATH} missing from the fixture`);
const base = parse(new TextDecoder().decode(file.bytes)) as {
  users: { name: string; user: Record<string, unknown> }[];
};

/** The fixture's kubeconfig with other user entries, analysed alone. */
async function findingsFor(users: { name: string; user: Record<string, unknown> }[]) {
  const text = stringify({ ...base, users });
  const report = await analyze([{ path: PATH, bytes: new TextEncoder().encode(text) }], { now: FIXTURE_NOW });
  return report.findings;
}

describe("what counts as a credential", () => {
  it.each([
    { name: "empty user", user: {}, want: 1 },
    { name: "token", user: { token: "redacted-token-value" }, want: 0 },
    { name: "tokenFile", user: { tokenFile: "/var/run/secrets/token" }, want: 0 },
    {
      name: "exec plugin",
      user: { exec: { apiVersion: "client.authentication.k8s.io/v1", command: "kubelogin" } },
      want: 0,
    },
    { name: "auth-provider", user: { "auth-provider": { name: "oidc" } }, want: 0 },
    { name: "username and password", user: { username: "admin", password: "redacted" }, want: 0 },
    {
      name: "client certificate files (not dropped)",
      user: { "client-certificate": "/root/.kube/admin.crt", "client-key": "/root/.kube/admin.key" },
      want: 0,
    },
  ])("$name → $want", async ({ user, want }) => {
    const findings = await findingsFor([{ name: "kubernetes-admin", user }]);
    expect(findings.filter((f) => f.code === "KUBECONFIG_NO_CREDENTIAL")).toHaveLength(want);
  });

  it("ignores an empty user no context selects", async () => {
    const findings = await findingsFor([
      { name: "kubernetes-admin", user: { token: "redacted-token-value" } },
      { name: "leftover", user: {} },
    ]);
    expect(findings.filter((f) => f.code === "KUBECONFIG_NO_CREDENTIAL")).toEqual([]);
  });

  it("leaves unreadable certificate data to PARSE_ERROR", async () => {
    const findings = await findingsFor([
      { name: "kubernetes-admin", user: { "client-certificate-data": "not*base64" } },
    ]);
    expect(findings.map((f) => f.code)).toContain("PARSE_ERROR");
    expect(findings.filter((f) => f.code === "KUBECONFIG_NO_CREDENTIAL")).toEqual([]);
  });
});
