/**
 * One verdict for the same files, whatever the door: the same folder or archive given to
 * `k8s-pki audit` and to the explorer's own inputs yields the same report JSON. The one allowed
 * difference is documented in support/report-parity.ts: symlinks do not reach a page.
 */
import { resolve } from "node:path";
import type { Report } from "../lib/report";
import { testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import {
  cliReport,
  expectedLinkAbsent,
  linkAbsentFindings,
  outline,
  stableJson,
  symlinksIn,
  withoutLinkAbsent,
} from "./support/report-parity";

const layouts = "e2e/fixtures/layouts";
const zipped = `${layouts}/zipped-kubelet`;
// The layouts are judged a week after they were issued, the healthy folder at its own date.
const LAYOUT_DAY = "2026-12-01";

const cases: { input: string; door: "folder" | "archive"; day: string }[] = [
  ...["kind-ha", "kubespray", "k3s", "rke2", "hard-way", "vault-hard-way", "eks-node"].map((name) => ({
    input: `${layouts}/${name}`,
    door: "folder" as const,
    day: LAYOUT_DAY,
  })),
  { input: `${zipped}/tree`, door: "folder", day: LAYOUT_DAY },
  ...["node.tgz", "node.zip", "node-copied.zip"].map((name) => ({
    input: `${zipped}/${name}`,
    door: "archive" as const,
    day: LAYOUT_DAY,
  })),
  { input: "e2e/fixtures/healthy", door: "folder", day: "2026-06-01" },
];

test.describe("the explorer and the CLI give one report", () => {
  for (const { input, door, day } of cases) {
    test(`${input.replace("e2e/fixtures/", "")} (${door})`, async ({ explorer, page }) => {
      // The largest drop (kind-ha, 120 files) on a busy 2-core machine takes well under a minute.
      test.setTimeout(180_000);
      const path = resolve(input);
      const fromCli = cliReport(input, `${day}T00:00:00Z`);

      await explorer.goto(`/?at=${day}`);
      if (door === "folder") await explorer.loadFolder(path, { timeout: 120_000 });
      else await explorer.loadFiles([path], { timeout: 120_000 });
      // The source is named as the CLI names the argument: the folder's or the archive's name.
      await expect(page.getByTestId(testIds.sources)).toContainText(path.split("/").pop() ?? "");
      const exported = await explorer.exportFile("report-json");
      expect(exported.name).toBe(`k8s-pki-report-${day}.json`);
      const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
      const cli = (await fromCli).report;
      expect(cli.now).toBe(`${day}T00:00:00.000Z`);

      // Links the page was never given: each is named by one info finding, and only those are.
      const links = symlinksIn(path);
      for (const link of links) expect(link.path).toMatch(/(^|\/)kubelet-(client|server)-current\.pem$/);
      const sortByFile = (list: { file: string; title: string }[]) =>
        [...list].sort((a, b) => (a.file < b.file ? -1 : 1));
      expect(sortByFile(linkAbsentFindings(browser))).toEqual(sortByFile(links.map(expectedLinkAbsent)));
      expect(linkAbsentFindings(cli)).toEqual([]);
      for (const finding of browser.findings.filter((f) => f.code === "KUBELET_LINK_ABSENT"))
        expect(finding.severity).toBe("info");
      test.info().annotations.push({ type: "links-not-delivered", description: String(links.length) });

      const judged = withoutLinkAbsent(
        browser,
        links.map((link) => link.target),
      );
      // Readable first: relationships, findings, certificates, layout and input counts.
      expect(outline(judged)).toEqual(outline(cli));
      // Then everything, byte for byte once keys are in a stable order.
      expect(stableJson(judged)).toBe(stableJson(cli));
      expect(explorer.consoleErrors).toEqual([]);
      expect(explorer.foreignRequests).toEqual([]);
    });
  }
});
