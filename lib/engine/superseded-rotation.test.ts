import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { issue, utf8 } from "../test-support/pki-material";

const PKI = "var/lib/kubelet/pki";

/** The healthy node after two rotations: the link names the newest file, an expired one stays. */
async function rotatedNode(withLink: boolean): Promise<InputFile[]> {
  const files = readTree(fixtureDir("healthy"));
  const current = files.find((f) => f.path === `${PKI}/kubelet-client-current.pem`);
  if (!current) throw new Error("healthy fixture changed");
  const old = await issue({
    subject: "O=system:nodes, CN=system:node:control-1",
    notBefore: new Date("2025-01-01T00:00:00Z"),
    notAfter: new Date("2026-01-01T00:00:00Z"),
  });
  const rotated: InputFile[] = [
    ...files.filter((f) => f !== current),
    { path: `${PKI}/kubelet-client-2025-01-01-00-00-00.pem`, bytes: utf8(old.pem) },
    { path: `${PKI}/kubelet-client-2026-01-01-00-00-00.pem`, bytes: current.bytes },
  ];
  if (withLink)
    rotated.push({
      path: `${PKI}/kubelet-client-current.pem`,
      bytes: current.bytes,
      linkTarget: "kubelet-client-2026-01-01-00-00-00.pem",
    });
  return rotated;
}

describe("superseded kubelet rotations", () => {
  it.each([
    { name: "with the -current.pem link", withLink: true },
    { name: "with the link lost on the way", withLink: false },
  ])("an expired older kubelet-client-<date>.pem is no alarm ($name)", async ({ withLink }) => {
    const report = await analyze(await rotatedNode(withLink), { now: FIXTURE_NOW });
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    expect(report.relationships.find((r) => r.id === "kubelet-client")?.status).toBe("ok");
  });

  it("still reports the certificate the link names when it expires", async () => {
    const report = await analyze(await rotatedNode(true), { now: "2027-02-01T00:00:00Z" });
    const expired = report.findings.filter((f) => f.code === "CERT_EXPIRED").flatMap((f) => f.files);
    expect(expired).toContain(`${PKI}/kubelet-client-current.pem`);
    expect(expired).not.toContain(`${PKI}/kubelet-client-2025-01-01-00-00-00.pem`);
  });
});
