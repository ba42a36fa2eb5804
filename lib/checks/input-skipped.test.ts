import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { unreadInput } from "../ingest/input-limits";
import type { InputFile } from "../inventory";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { readBytes, tempDir } from "../test-support/pki-material";

let dir: string;
beforeAll(() => {
  dir = tempDir();
  // A gzip bomb: 64 MiB of zeros in ~64 KiB, made by the gzip command.
  writeFileSync(join(dir, "zeros"), new Uint8Array(64 * 1024 * 1024));
  execFileSync("gzip", ["-9", "-n", join(dir, "zeros")]);
  // A node backup whose kubelet link names a file that was not packed.
  mkdirSync(join(dir, "src/var/lib/kubelet/pki"), { recursive: true });
  symlinkSync(
    "kubelet-client-2026-01-01.pem",
    join(dir, "src/var/lib/kubelet/pki/kubelet-client-current.pem"),
  );
  execFileSync("tar", ["-czf", join(dir, "links.tgz"), "-C", join(dir, "src"), "."]);
});

describe("INPUT_SKIPPED", () => {
  const cases: {
    name: string;
    extra: () => InputFile[];
    want: { severity: "warning" | "info"; file: string; title: RegExp; detail: RegExp; fix: RegExp }[];
  }[] = [
    { name: "the healthy node alone", extra: () => [], want: [] },
    {
      name: "a file the edge could not read",
      extra: () => [unreadInput("etc/kubernetes/pki/sa.key", "permission denied")],
      want: [
        {
          severity: "warning",
          file: "etc/kubernetes/pki/sa.key",
          title: /^etc\/kubernetes\/pki\/sa\.key could not be read$/,
          detail: /could not be read: permission denied\. Everything else was analysed without it/,
          fix: /sudo k8s-pki audit/,
        },
      ],
    },
    {
      name: "a file over the per-file limit",
      extra: () => [unreadInput("dump.img", "larger than 64 MiB (200 MiB)", "limit")],
      want: [
        {
          severity: "warning",
          file: "dump.img",
          title: /^dump\.img was not read: over a size limit$/,
          detail: /larger than 64 MiB \(200 MiB\)/,
          fix: /split the archive/,
        },
      ],
    },
    {
      name: "a gzip bomb beside the node",
      extra: () => [{ path: "backup/zeros.gz", bytes: readBytes(dir, "zeros.gz") }],
      want: [
        {
          severity: "warning",
          file: "backup/zeros.gz",
          title: /^backup\/zeros\.gz was not read: over a size limit$/,
          detail: /a decompression bomb/,
          fix: /split the archive/,
        },
      ],
    },
    {
      name: "a link in an archive to a file that was not packed",
      extra: () => [{ path: "backup/links.tgz", bytes: readBytes(dir, "links.tgz") }],
      want: [
        {
          severity: "warning",
          file: "backup/links.tgz/var/lib/kubelet/pki/kubelet-client-current.pem",
          title: /could not be read$/,
          detail: /dangling symlink to kubelet-client-2026-01-01\.pem \(not in the archive\)/,
          fix: /repair or remove links/,
        },
      ],
    },
    {
      name: "a link out of the audited folder",
      extra: () => [
        unreadInput(
          "etc/kubernetes/pki/extra.pem",
          "points outside the audited folder (/etc/ssl/x.pem): not followed",
          "outside",
        ),
      ],
      want: [
        {
          severity: "info",
          file: "etc/kubernetes/pki/extra.pem",
          title: /^etc\/kubernetes\/pki\/extra\.pem points outside the audited folder: not followed$/,
          detail: /\/etc\/ssl\/x\.pem/,
          fix: /audit that folder too/,
        },
      ],
    },
  ];
  it.each(cases)("$name", async ({ extra, want }) => {
    const files = [...readTree(fixtureDir("healthy")), ...extra()];
    const report = await analyze(files, { now: FIXTURE_NOW });
    const found = report.findings.filter((f) => f.code === "INPUT_SKIPPED");
    expect(found).toHaveLength(want.length);
    want.forEach((w, i) => {
      const finding = found[i];
      expect(finding).toMatchObject({ severity: w.severity, files: [w.file] });
      expect(finding?.title).toMatch(w.title);
      expect(finding?.detail).toMatch(w.detail);
      expect(finding?.fix).toMatch(w.fix);
    });
    expect(report.inputs.unread?.map((u) => u.path)).toEqual(
      want.length ? want.map((w) => w.file) : undefined,
    );
    // A warning keeps the summary from reading as a clean bill of health; an info does not.
    const warned = want.some((w) => w.severity === "warning");
    expect(report.summary.status === "warning").toBe(warned);
    expect(report.findings.filter((f) => f.code !== "INPUT_SKIPPED" && f.severity !== "info")).toEqual([]);
  });

  it("is a finding even when nothing else was read", async () => {
    const report = await analyze([unreadInput("big.tgz", "larger than 64 MiB (200 MiB)", "limit")], {
      now: FIXTURE_NOW,
    });
    expect(report.inputs.files).toBe(0);
    expect(report.findings.map((f) => [f.code, f.severity])).toEqual([["INPUT_SKIPPED", "warning"]]);
    expect(report.summary.warning).toBe(1);
  });
});
