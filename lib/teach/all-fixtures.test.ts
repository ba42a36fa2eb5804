// Properties every teaching view must keep on every committed fixture: fifteen tour steps, six
// handshake steps with a state and a body each, four flows, no unfilled slot, no "undefined", and
// every error or warning of a relationship placed on a step of its handshake.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_NOW, FIXTURES, reportFor, SAMPLE_NOW } from "../test-support/fixtures";
import { flows } from "./flows";
import { handshake } from "./handshake";
import { plainText, type Paragraph } from "./segments";
import { tourSteps } from "./tour";

function folder(dir: string): string[] {
  return readdirSync(join(FIXTURES, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .sort();
}

const CASES = [
  { name: "healthy", now: FIXTURE_NOW },
  // fixtureDir() names fault variants by bare name, so the demo folder is given as a path.
  { name: "./demo", now: FIXTURE_NOW },
  { name: "kubeadm-v1.20", now: SAMPLE_NOW },
  ...folder("faults").map((name) => ({ name, now: FIXTURE_NOW })),
  ...folder("layouts").map((name) => ({ name, now: SAMPLE_NOW })),
  ...folder("layouts-faults").map((name) => ({ name, now: SAMPLE_NOW })),
  ...folder("rotation").map((name) => ({ name, now: SAMPLE_NOW })),
];

const UNFILLED = /\{[A-Za-z][A-Za-z0-9]*\}/;

/** Every text a view shows, for the "undefined" and unfilled-slot checks. */
function texts(paragraphs: readonly Paragraph[]): string[] {
  return paragraphs.flatMap((paragraph) => paragraph.map((segment) => segment.text));
}

/** No text says "undefined", NaN or [object Object], or keeps an unfilled slot: the ones that do are named. */
function expectClean(where: string, said: readonly string[]) {
  const dirty = said.filter((text) => /undefined|NaN|\[object Object\]/.test(text) || UNFILLED.test(text));
  expect(dirty, where).toEqual([]);
}

describe.each(CASES)("teaching views of $name", ({ name, now }) => {
  it("has fifteen tour steps, each with five sections of text", async () => {
    const report = await reportFor(name, now);
    const steps = tourSteps(report);
    expect(steps).toHaveLength(15);
    for (const step of steps) {
      expect(step.sections.map((section) => section.body.length > 0)).toEqual([true, true, true, true, true]);
      expectClean(`${name} tour ${step.relationship}`, [
        step.title,
        step.client,
        step.server,
        ...step.sections.flatMap((section) => [section.heading, ...texts(section.body)]),
      ]);
      expect(JSON.parse(JSON.stringify(step))).toEqual(step);
    }
  });

  it("gives every relationship six handshake steps with a state and a body, and places its findings", async () => {
    const report = await reportFor(name, now);
    for (const relationship of report.relationships) {
      const steps = handshake(report, relationship.key);
      expect(steps?.map((step) => step.id)).toEqual([
        "server-presents",
        "client-verifies",
        "san-check",
        "client-presents",
        "server-verifies",
        "authorizer",
      ]);
      for (const step of steps ?? []) {
        expect(["ok", "error", "warning", "unknown", "skipped"]).toContain(step.state);
        expect(step.body.length, `${relationship.key} ${step.id}`).toBeGreaterThan(0);
        expectClean(`${name} ${relationship.key} ${step.id}`, [
          step.title,
          ...texts(step.body),
          ...step.files,
        ]);
        for (const index of step.findings) expect(report.findings[index]?.severity).not.toBe("info");
      }
      const placed = new Set(steps?.flatMap((step) => step.findings));
      const serious = relationship.findingRefs.filter((index) => report.findings[index]?.severity !== "info");
      expect(
        [...serious].filter((index) => !placed.has(index)),
        relationship.key,
      ).toEqual([]);
      // A relationship in error shows a red step; an ok one none of its own (a step judged on the
      // other half of the connection may still be red: the handshake is the whole connection).
      const red = (own: boolean) =>
        steps?.some((step) => step.state === "error" && (!own || step.judgedOn === undefined));
      if (relationship.status === "error") expect(red(false), relationship.key).toBe(true);
      if (relationship.status === "ok") expect(red(true), relationship.key).toBe(false);
    }
  });

  it("has the four flows, every step explained", async () => {
    const report = await reportFor(name, now);
    const all = flows(report);
    expect(all.map((flow) => flow.id)).toEqual([
      "kubelet-bootstrap",
      "kubelet-serving",
      "service-account-tokens",
      "ca-rotation",
    ]);
    for (const flow of all) {
      for (const step of flow.steps) {
        expect(step.body.length).toBeGreaterThan(0);
        expectClean(`${name} ${flow.id} ${step.title}`, [step.title, ...texts(step.body), ...step.files]);
      }
      expect(JSON.parse(JSON.stringify(flow))).toEqual(flow);
    }
    expect(plainText(all[0]?.steps[0]?.body[0] ?? [])).toContain("bootstrap-kubelet.conf");
  });
});
