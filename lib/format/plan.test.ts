/**
 * The terminal renewal plan on real analyses: days in order with state words, commands that stay
 * whole at any width, colour only when asked, and the kubeadm v1.20 sample pinned as a golden file.
 */
import { describe, expect, it } from "vitest";
import { renewalPlan } from "../plan/renewal-plan";
import { sampleReport } from "./sample-report";
import { reportFor } from "../test-support/fixtures";
import { formatPlan } from "./plan";

const ESC = "\u001b[";

describe("formatPlan", () => {
  it("prints the kubeadm v1.20 sample as pinned", async () => {
    const text = formatPlan(await reportFor("kubeadm-v1.20"), { color: false });
    await expect(text).toMatchFileSnapshot("../__golden__/plan-kubeadm-v1.20.txt");
  });

  it("leads with the expired day, words its state and says what stops", async () => {
    const lines = formatPlan(await reportFor("expired-apiserver"), { color: false }).split("\n");
    const days = lines.filter((line) => /^\d{4}-\d{2}-\d{2} · /.test(line));
    expect(days[0]).toBe("2026-05-01 · expired 31 days ago · ✗ expired · 1 certificate");
    const first = lines.indexOf(days[0] ?? "");
    expect(lines.slice(first + 1, first + 4)).toEqual([
      "  If not renewed: every client rejects kube-apiserver.",
      "  apiserver.crt                 kubeadm certs renew apiserver",
      "  Afterwards: restart kube-apiserver (static pod).",
    ]);
    expect(days.slice(1).every((day) => day.includes("✓ ok"))).toBe(true);
  });

  it("keeps every command whole on one line, however narrow the terminal", async () => {
    const report = await reportFor("healthy");
    const lines = formatPlan(report, { color: false, width: 50 }).split("\n");
    const start = lines.findIndex((line) => line.startsWith("Commands, in order"));
    const listed = lines.slice(start).filter((line) => line.startsWith("  ") && !line.startsWith("   "));
    expect(listed.slice(0, renewalPlan(report).commands.length).map((line) => line.trim())).toEqual(
      renewalPlan(report).commands,
    );
    for (const command of renewalPlan(report).commands)
      expect(
        lines.some((line) => line.endsWith(command)),
        command,
      ).toBe(true);
  });

  it("names the steps that are not commands at the end", async () => {
    const text = formatPlan(await reportFor("hand-made-pki"), { color: false });
    const tail = text.slice(text.indexOf("\nNot commands\n"));
    expect(tail).toContain("  Renew from their own CA (the steps above): admin.kubeconfig, aggregator.pem,");
    expect(tail).toContain("  Plan a CA rotation: aggregator-ca.pem, ca.pem, etcd/etcd-ca.pem (2035-12-30)");
    expect(tail).toContain("https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/");
  });

  it("colours only when asked, and colour adds nothing but escape codes", async () => {
    const report = await reportFor("expired-apiserver");
    const plain = formatPlan(report, { color: false });
    const colored = formatPlan(report, { color: true });
    expect(plain).not.toContain(ESC);
    expect(colored).toContain(`${ESC}31m`);
    expect(colored).toContain(`${ESC}36mkubeadm certs renew all${ESC}39m`);
    expect(colored.replace(/\u001b\[\d+m/g, "")).toBe(plain);
  });

  it("says so when there is nothing to renew", () => {
    const text = formatPlan(sampleReport({ certificates: [] }), { color: false });
    expect(text.trimEnd().split("\n").at(-1)).toBe("No certificates in the input: nothing to renew.");
  });
});
