/**
 * One verdict for the same files, whatever the door: the same folder or archive given to
 * `k8s-pki audit` and to the explorer's own inputs yields the same report JSON. The one allowed
 * difference is documented in support/report-parity.ts: symlinks do not reach a page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { test as base } from "@playwright/test";
import type { Report } from "../lib/report";
import { testIds } from "../components/test-ids";
import { expect, ExplorerPage } from "./pages/explorer-page";
import {
  cliReport,
  expectedLinkAbsent,
  linkAbsentFindings,
  linkWasAmbiguous,
  type LinkAbsent,
  outline,
  stableJson,
  symlinksIn,
  withoutLinkAbsent,
} from "./support/report-parity";

const layouts = "e2e/fixtures/layouts";
const zipped = `${layouts}/zipped-kubelet`;
// The layouts are judged a week after they were issued, the healthy folder at its own date.
const LAYOUT_DAY = "2026-12-01";

/** The page's input a case goes through: the folder input, or the file input with an archive. */
type Door = "folder" | "archive" | "tar";

const cases: { input: string; door: Door; day: string }[] = [
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
  // Layouts judged on evidence alone: each healthy and with its seeded fault, through the folder
  // input; the multi-node ones also as an archive made here with tar.
  ...[
    "layouts/microk8s",
    "layouts/openshift",
    "layouts/rke1",
    "layouts/k0s",
    "layouts/talos",
    "layouts/openssl3-req-ca",
    "layouts/unrecognised",
    "layouts/worker-only",
    "layouts-faults/microk8s-ip-changed",
    "layouts-faults/openshift-stale-bundle",
    "layouts-faults/rke1-expired-leaves",
    "layouts-faults/talos-foreign-ca-key",
    "layouts-faults/kubelet-conf-embedded-expired",
    "layouts-faults/unrecognised-broken",
  ].map((name) => ({ input: `e2e/fixtures/${name}`, door: "folder" as const, day: LAYOUT_DAY })),
  // Chains Go refuses (CHAIN_REJECTED): the verdict comes from the same engine in the Worker.
  { input: "e2e/fixtures/faults/pathlen-front-proxy-ca", door: "folder", day: "2026-06-01" },
  { input: "e2e/fixtures/faults/name-constraints-etcd-ca", door: "tar", day: "2026-06-01" },
  // CA rotations across an HA cluster: where each node stands and the step done out of order.
  { input: "e2e/fixtures/rotation/etcd-ca-2-mistake-old-removed", door: "folder", day: LAYOUT_DAY },
  { input: "e2e/fixtures/rotation/cluster-ca-2-mistake-worker-skipped", door: "tar", day: LAYOUT_DAY },
  // A process serving another certificate than its file (its s_client capture beside the files),
  // the dumps of webhooks, APIServices and cert-manager objects, and a collector snapshot.
  { input: "e2e/fixtures/served/kubeadm-renewed-not-restarted", door: "folder", day: "2026-06-01" },
  { input: "e2e/fixtures/cluster-objects", door: "folder", day: "2026-06-01" },
  { input: "e2e/fixtures/diff/2027-06-01.tgz", door: "archive", day: "2027-06-01" },
  ...["layouts/microk8s", "layouts-faults/rke1-expired-leaves"].map((name) => ({
    input: `e2e/fixtures/${name}`,
    door: "tar" as const,
    day: LAYOUT_DAY,
  })),
];

// Cases on the same day one after another: each worker's page then opens once per day, not per case.
cases.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

/** A .tar.gz of `folder`, written with tar as a person would, named after the folder. */
function tarOf(folder: string): string {
  const out = join(mkdtempSync(join(tmpdir(), "k8s-pki-parity-")), `${basename(folder)}.tar.gz`);
  execFileSync("tar", ["-czf", out, "-C", folder, "."]);
  return out;
}

/**
 * One explorer page per worker, kept from case to case: a case judged on the day the page was opened
 * for starts from the emptied page ("Clear all"), as a person checking one node after another
 * would, instead of opening the page (and its demo) again. A case on another day, or after a case
 * that failed, opens the page afresh.
 */
interface SharedExplorer {
  explorer: ExplorerPage;
  /** The `?at=` day the page was opened with, or "" when it must be opened afresh. */
  day: string;
}

const test = base.extend<object, { shared: SharedExplorer }>({
  shared: [
    async ({ browser }, provide, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
      const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
      const explorer = new ExplorerPage(await context.newPage(), new URL(baseURL).origin);
      await provide({ explorer, day: "" });
      await context.close();
    },
    { scope: "worker" },
  ],
});

/** The page at `day` with nothing loaded: the same page emptied, or opened afresh on another day. */
async function emptyPageAt(shared: SharedExplorer, day: string): Promise<ExplorerPage> {
  const { explorer } = shared;
  if (shared.day === day) {
    await explorer.page.getByRole("button", { name: "Clear all" }).click();
    await expect(explorer.page.getByRole("heading", { name: /Drop a Kubernetes PKI folder/ })).toBeVisible();
    await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  } else {
    // Generous waits tied to the page's own contract: a busy 2-core machine may take a while.
    await explorer.goto(`/?at=${day}`, { timeout: 60_000 });
  }
  shared.day = "";
  return explorer;
}

/** The report the explorer exports for `path` given through its own input, judged on `day`. */
async function reportFromPage(
  explorer: ExplorerPage,
  path: string,
  door: Door,
  day: string,
): Promise<Report> {
  if (door === "folder") await explorer.loadFolder(path, { timeout: 120_000 });
  else await explorer.loadFiles([path], { timeout: 120_000 });
  // The source is named as the CLI names its argument: by the folder's or the archive's name.
  await expect(explorer.page.getByTestId(testIds.sources)).toContainText(basename(path));
  const exported = await explorer.exportFile("report-json");
  expect(exported.name).toBe(`k8s-pki-report-${day}.json`);
  return JSON.parse(exported.bytes.toString("utf8")) as Report;
}

test.describe("the explorer and the CLI give one report", () => {
  for (const { input, door, day } of cases) {
    test(`${input.replace("e2e/fixtures/", "")} (${door})`, async ({ shared }) => {
      test.setTimeout(180_000);
      const folder = resolve(input);
      // The archive is given to the CLI and to the page alike.
      const path = door === "tar" ? tarOf(folder) : folder;
      const cliRun = cliReport(door === "tar" ? path : input, `${day}T00:00:00Z`);
      const explorer = await emptyPageAt(shared, day);
      const errorsBefore = explorer.consoleErrors.length;
      const requestsBefore = explorer.foreignRequests.length;
      const [{ report: cli }, browser] = await Promise.all([
        cliRun,
        reportFromPage(explorer, path, door === "tar" ? "archive" : door, day),
      ]);
      expect(cli.now).toBe(`${day}T00:00:00.000Z`);

      // Links the page was never given: each is named by one info finding, and only those are.
      const links = door === "folder" ? symlinksIn(path) : [];
      for (const link of links) expect(link.path).toMatch(/(^|\/)kubelet-(client|server)-current\.pem$/);
      test.info().annotations.push({ type: "links-not-delivered", description: String(links.length) });
      const byFile = (list: LinkAbsent[]) => [...list].sort((a, b) => (a.file < b.file ? -1 : 1));
      // Said only where the folder held several dated files to choose from.
      const named = links.filter((link) => linkWasAmbiguous(link, path));
      expect(byFile(linkAbsentFindings(browser))).toEqual(byFile(named.map(expectedLinkAbsent)));
      expect(linkAbsentFindings(cli)).toEqual([]);

      const judged = withoutLinkAbsent(
        browser,
        links.map((link) => link.target),
      );
      // Readable first: relationships, findings, certificates, layout and input counts.
      expect(outline(judged)).toEqual(outline(cli));
      // Then everything, byte for byte once keys are in a stable order.
      expect(stableJson(judged)).toBe(stableJson(cli));
      expect(explorer.consoleErrors.slice(errorsBefore)).toEqual([]);
      expect(explorer.foreignRequests.slice(requestsBefore)).toEqual([]);
      // Passed: the next case on this day may start from this page.
      shared.day = day;
    });
  }
});
