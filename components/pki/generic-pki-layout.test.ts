import { describe, expect, it } from "vitest";
import { hostileClusterFiles } from "../../e2e/support/hostile-cluster";
import { analyze } from "@/lib/analyze";
import { hasHiddenCharacters } from "@/lib/format/inert-text";
import { FIXTURE_NOW, SAMPLE_NOW, reportFor } from "@/lib/test-support/fixtures";
import {
  layoutGenericPki,
  PKI_COMPACT,
  PKI_WIDE,
  type GenericPkiLayout,
  type PkiCard,
} from "./generic-pki-layout";

function card(layout: GenericPkiLayout, title: string): PkiCard {
  const found = layout.cards.find((c) => c.titles.includes(title));
  if (!found) throw new Error(`no card ${title}`);
  return found;
}

const cases = [
  { fixture: "layouts/generic-mtls", width: 860, metrics: PKI_WIDE },
  { fixture: "layouts/generic-mtls", width: 364, metrics: PKI_COMPACT },
  { fixture: "layouts-faults/generic-mtls-client-no-eku", width: 860, metrics: PKI_WIDE },
  { fixture: "layouts/vault-hard-way", width: 860, metrics: PKI_WIDE },
  { fixture: "layouts/vault-hard-way", width: 364, metrics: PKI_COMPACT },
];

describe("layoutGenericPki invariants", () => {
  it.each(cases)("$fixture at $width px", async ({ fixture, width, metrics }) => {
    const report = await reportFor(fixture, SAMPLE_NOW);
    const layout = layoutGenericPki(report, width, metrics);
    expect(layoutGenericPki(structuredClone(report), width, metrics)).toEqual(layout);
    // Every certificate is drawn once.
    const drawn = layout.cards.filter((c) => c.kind !== "unknown-issuer").map((c) => c.id);
    expect(drawn.sort()).toEqual(report.certificates.map((c) => c.id).sort());
    // No two cards overlap, all sit inside the bounds, and the picture fits the width.
    for (const [i, a] of layout.cards.entries())
      for (const b of layout.cards.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.titles[0]} / ${b.titles[0]}`).toBe(true);
      }
    for (const c of layout.cards) {
      expect(c.x + c.width).toBeLessThanOrEqual(layout.bounds.width);
      expect(c.y + c.height).toBeLessThanOrEqual(layout.bounds.height);
    }
    expect(layout.bounds.width).toBeLessThanOrEqual(width);
    // Every certificate with its issuer among the files hangs from it by one line, below it.
    const byId = new Map(layout.cards.map((c) => [c.id, c]));
    for (const cert of report.certificates) {
      if (!cert.issuerId || cert.issuerId === cert.id || !byId.has(cert.issuerId)) continue;
      const links = layout.links.filter((l) => l.to === cert.id);
      expect(
        links.map((l) => l.from),
        cert.paths[0],
      ).toEqual([cert.issuerId]);
      expect(byId.get(cert.id)?.y).toBeGreaterThan(byId.get(cert.issuerId)?.y ?? Infinity);
    }
  });
});

describe("layoutGenericPki tells what each certificate is", () => {
  it("draws the gRPC tutorial's CA with its server and client certificates beneath it", async () => {
    const layout = layoutGenericPki(await reportFor("layouts/generic-mtls", SAMPLE_NOW), 860, PKI_WIDE);
    const ca = card(layout, "CA grpc-tutorial-ca");
    expect(ca.kind).toBe("ca");
    expect(ca.captions[0]).toBe("ca.crt · key ✓ ca.key");
    const server = card(layout, "server.crt");
    const client = card(layout, "client.crt");
    expect([server.use, server.key, server.status, server.captions[0]]).toEqual([
      "server",
      "matched",
      "ok",
      "server · key ✓ server.key",
    ]);
    expect([client.use, client.key, client.status]).toEqual(["client", "matched", "ok"]);
    // Side by side on a wide screen, one row beneath the CA.
    expect(client.y).toBe(server.y);
    expect(client.y).toBeGreaterThan(ca.y + ca.height);
    expect(client.ariaLabel).toBe("client.crt: client certificate for grpc-client, key ✓ client.key, ok");
  });

  it("marks a client certificate without clientAuth by its status and by what its EKU allows", async () => {
    const layout = layoutGenericPki(
      await reportFor("layouts-faults/generic-mtls-client-no-eku", SAMPLE_NOW),
      860,
      PKI_WIDE,
    );
    const client = card(layout, "client.crt");
    expect(client.status).toBe("error");
    expect(client.use).toBe("server"); // its EKU says serverAuth only: the fault the finding names
    expect(client.ariaLabel).toMatch(/1 finding$/);
  });

  it("nests intermediates under their root", async () => {
    // The variant whose bundles carry the offline root too, so root and intermediates are all there.
    const report = await reportFor("layouts-faults/vault-shared-root-bundles", SAMPLE_NOW);
    const layout = layoutGenericPki(report, 860, PKI_WIDE);
    const root = layout.cards.find((c) => c.kind === "ca" && c.x === PKI_WIDE.margin);
    const nested = layout.cards.filter((c) => c.kind === "ca" && c.x > PKI_WIDE.margin);
    expect(root).toBeDefined();
    expect(nested.length).toBeGreaterThanOrEqual(3);
  });

  it("draws nothing for a report without certificates", async () => {
    const report = structuredClone(await reportFor("layouts/generic-mtls", SAMPLE_NOW));
    report.certificates = [];
    expect(layoutGenericPki(report, 860, PKI_WIDE)).toEqual({
      cards: [],
      links: [],
      bounds: { x: 0, y: 0, width: 0, height: 0 },
    });
  });
});

describe("layoutGenericPki on names that try to fool the reader", () => {
  it("draws and speaks every name of the input with its hidden characters as escapes", async () => {
    const report = await analyze(await hostileClusterFiles(), { now: FIXTURE_NOW });
    const layout = layoutGenericPki(report, 860, PKI_WIDE);
    for (const drawn of layout.cards)
      for (const text of [...drawn.titles, ...drawn.captions, drawn.ariaLabel])
        expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    expect(card(layout, "CA kuber\\u200Bnetes\\u202Eac-tsil\\x1B[2J").kind).toBe("ca");
  });
});
