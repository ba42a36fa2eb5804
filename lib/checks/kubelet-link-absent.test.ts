import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURE_NOW, fixtureDir, readTree, reportFor } from "../test-support/fixtures";

const PKI = "var/lib/kubelet/pki";
const CURRENT = `${PKI}/kubelet-client-current.pem`;
const NEWEST = `${PKI}/kubelet-client-2026-01-01-00-00-00.pem`;
const OLDER = `${PKI}/kubelet-client-2025-01-01-00-00-00.pem`;

/** The healthy node as a kubelet leaves it, its current link dropped on the way. */
function withoutLink(): InputFile[] {
  const files = readTree(fixtureDir("healthy"));
  const current = files.find((f) => f.path === CURRENT);
  const other = files.find((f) => f.path === "etc/kubernetes/pki/apiserver-kubelet-client.crt");
  if (!current || !other) throw new Error("healthy fixture changed");
  return [
    ...files.filter((f) => f !== current),
    { path: NEWEST, bytes: current.bytes },
    // An older rotation that must not be taken although it sorts first.
    { path: OLDER, bytes: other.bytes },
  ];
}

const statuses = (report: Awaited<ReturnType<typeof analyze>>) =>
  report.relationships.map((r) => `${r.key}:${r.status}`);

describe("KUBELET_LINK_ABSENT", () => {
  it("judges the newest dated file as kubelet-client-current.pem and says so", async () => {
    const report = await analyze(withoutLink(), { now: FIXTURE_NOW });
    const healthy = await reportFor("healthy");
    expect(statuses(report)).toEqual(statuses(healthy));
    const found = report.findings.filter((f) => f.code === "KUBELET_LINK_ABSENT");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "info", relationship: "kubelet-client", files: [NEWEST] });
    expect(found[0]?.title).toContain("kubelet-client-2026-01-01-00-00-00.pem");
    expect(report.findings.filter((f) => f.severity !== "info").map((f) => f.code)).toEqual([]);
  });

  it("is silent when the link is there, as a file or as a link", async () => {
    expect((await reportFor("healthy")).findings.map((f) => f.code)).not.toContain("KUBELET_LINK_ABSENT");
    const files = withoutLink();
    const newest = files.find((f) => f.path === NEWEST);
    if (!newest) throw new Error("no dated file");
    files.push({ path: CURRENT, bytes: newest.bytes, linkTarget: "kubelet-client-2026-01-01-00-00-00.pem" });
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(report.findings.map((f) => f.code)).not.toContain("KUBELET_LINK_ABSENT");
  });

  it("is silent when one dated file was the only one the link could name: the page shows what the CLI does", async () => {
    const files = withoutLink().filter((f) => f.path !== OLDER);
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(report.findings.map((f) => f.code)).not.toContain("KUBELET_LINK_ABSENT");
    expect(statuses(report)).toEqual(statuses(await reportFor("healthy")));
  });
});
