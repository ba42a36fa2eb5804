import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./parse-args";
import { collectorArgs, type CollectCommand } from "./parse-collect-args";

describe("k8s-pki collect: the arguments", () => {
  const accepted: { name: string; argv: string[]; want: CollectCommand; script: string[] }[] = [
    {
      name: "nothing: the collector's defaults",
      argv: ["collect"],
      want: { kind: "collect", publicKeysOnly: false, help: false },
      script: [],
    },
    {
      name: "every option",
      argv: ["collect", "--root", "/mnt/node", "--out", "cp-1.tgz", "--public-keys-only"],
      want: { kind: "collect", root: "/mnt/node", out: "cp-1.tgz", publicKeysOnly: true, help: false },
      script: ["--root", "/mnt/node", "--out", "cp-1.tgz", "--public-keys-only"],
    },
    {
      name: "--objects, forwarded to the collector",
      argv: ["collect", "--objects", "--public-keys-only"],
      want: { kind: "collect", publicKeysOnly: true, objects: true, help: false },
      script: ["--public-keys-only", "--objects"],
    },
    {
      name: "options written with =",
      argv: ["collect", "--out=node.tgz", "--root=/"],
      want: { kind: "collect", root: "/", out: "node.tgz", publicKeysOnly: false, help: false },
      script: ["--root", "/", "--out", "node.tgz"],
    },
    {
      name: "help is the collector's own",
      argv: ["collect", "--public-keys-only", "-h"],
      want: { kind: "collect", publicKeysOnly: true, help: true },
      script: ["--help"],
    },
  ];
  it.each(accepted)("reads $name", ({ argv, want, script }) => {
    const command = parseCliArgs(argv);
    expect(command).toEqual(want);
    expect(collectorArgs(command as CollectCommand)).toEqual(script);
  });

  const refused: { name: string; argv: string[]; want: RegExp }[] = [
    {
      name: "an unknown option",
      argv: ["collect", "--format", "json"],
      want: /^unknown option '--format': use k8s-pki collect/,
    },
    { name: "an option of audit", argv: ["collect", "--now", "2026-01-01"], want: /^unknown option '--now'/ },
    {
      name: "--root without a folder",
      argv: ["collect", "--root"],
      want: /^option '--root <value>' argument missing: use/,
    },
    { name: "an empty --root", argv: ["collect", "--root="], want: /^--root needs a folder/ },
    { name: "an empty --out", argv: ["collect", "--out", ""], want: /^--out needs a file name/ },
    {
      name: "a value for the flag",
      argv: ["collect", "--public-keys-only=yes"],
      want: /^option '--public-keys-only' does not take an argument: use/,
    },
    {
      name: "a folder as an argument",
      argv: ["collect", "/etc/kubernetes"],
      want: /^collect takes no '\/etc\/kubernetes'/,
    },
  ];
  it.each(refused)("refuses $name", ({ argv, want }) => {
    const command = parseCliArgs(argv);
    expect(command.kind).toBe("usage-error");
    expect(command.kind === "usage-error" ? command.message : "").toMatch(want);
  });

  it("names collect among the commands", () => {
    expect(parseCliArgs(["collet"])).toEqual({
      kind: "usage-error",
      message:
        "unknown command 'collet': use 'audit', 'diff', 'explain', 'plan-rotation', 'generate' or 'collect'",
    });
  });
});
