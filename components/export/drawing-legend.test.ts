import { describe, expect, it } from "vitest";
import { STATUS_STYLE } from "@/components/graph/graph-style";
import { STATUS_ORDER } from "@/lib/report";
import { LEGEND_ERROR_HATCH, LEGEND_WARN_HATCH, legendEntries, legendSvg } from "./drawing-legend";
import { estimateWidth, PALETTE_NAMES, type Palette } from "./svg-text";

const palette = Object.fromEntries(
  PALETTE_NAMES.map((name, index) => [name, `rgb(${index}, ${index}, ${index})`]),
) as Palette;
const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);

describe("legendEntries for the topology", () => {
  it("explains each status by colour, line pattern and badge glyph", () => {
    const entries = legendEntries("graph", palette);
    expect(labels(entries).slice(0, 4)).toEqual([
      "Error: heavy solid line, ✗ badge",
      "Warning: dashed line, ! badge",
      "Unknown: dotted line, ? badge (not checked: inputs missing)",
      "OK: solid line, ✓ badge",
    ]);
    STATUS_ORDER.forEach((status, index) => {
      const sample = entries[index]?.sample ?? "";
      expect(sample).toContain(`stroke="${palette[status]}"`);
      expect(sample).toContain(`stroke-width="${STATUS_STYLE[status].width}"`);
      if (STATUS_STYLE[status].dash)
        expect(sample).toContain(`stroke-dasharray="${STATUS_STYLE[status].dash}"`);
      expect(sample).toContain(STATUS_STYLE[status].glyph.strokes);
    });
    expect(labels(entries)).toEqual(
      expect.arrayContaining([
        "Secondary relationship (thinner line)",
        "CA (points at what it signs)",
        "Key pair",
        "Component",
      ]),
    );
    expect(entries.map((entry) => entry.sample).join("")).not.toContain("var(");
  });

  it("gives no key to the statuses in an unanswered quiz", () => {
    const all = labels(legendEntries("graph", palette, { statusHidden: true })).join("\n");
    for (const status of STATUS_ORDER) expect(all).not.toContain(`${STATUS_STYLE[status].word}:`);
    expect(all).toContain("status hidden until the question is answered");
  });

  it("names the parallel-edge letters and changed edges when the drawing has them, escaped", () => {
    const entries = legendEntries("graph", palette, {
      tags: [{ letter: "<A>", name: "kubelet → kube-apiserver" }],
      changed: true,
    });
    expect(labels(entries)).toEqual(
      expect.arrayContaining(["Changed between the two drops", "Parallel edge: kubelet → kube-apiserver"]),
    );
    const { markup } = legendSvg(entries, 800, palette);
    expect(markup).toContain("&lt;A&gt;");
    expect(markup).not.toContain("<A>");
  });
});

describe("legendEntries for the timeline", () => {
  it("explains every bar tone, the stripes, the blue marks and the horizon", () => {
    const entries = legendEntries("timeline", palette, { horizonDays: 365 });
    expect(labels(entries)).toEqual([
      "Valid: light part lifetime elapsed, solid part left",
      "Due for renewal (amber)",
      "Expired (red)",
      "Not yet valid (dashed outline)",
      "Warning window (amber stripes)",
      "Kubelet rotates here (blue line under a bar)",
      "Its CA ends (dotted line)",
      "Outlives its CA (red stripes past the CA's end)",
      "Now: the judge date (blue line)",
      "CA horizon: 365 days (pale blue band to a dashed line)",
      "Runs on out of view",
    ]);
    const byLabel = new Map(entries.map((entry) => [entry.label, entry.sample]));
    expect(byLabel.get("Warning window (amber stripes)")).toContain(`url(#${LEGEND_WARN_HATCH})`);
    expect(byLabel.get("Outlives its CA (red stripes past the CA's end)")).toContain(
      `url(#${LEGEND_ERROR_HATCH})`,
    );
    expect(byLabel.get("Kubelet rotates here (blue line under a bar)")).toContain(`fill="${palette.accent}"`);
    expect(byLabel.get("Now: the judge date (blue line)")).toContain(`stroke="${palette.accent}"`);
  });
});

describe("legendSvg", () => {
  it("defines the stripes it uses and keeps every entry inside the width", () => {
    const entries = legendEntries("timeline", palette, { horizonDays: 365 });
    const width = 560;
    const { markup } = legendSvg(entries, width, palette);
    expect(markup).toContain(`<pattern id="${LEGEND_WARN_HATCH}"`);
    expect(markup).toContain(`<pattern id="${LEGEND_ERROR_HATCH}"`);
    const placed = [
      ...markup.matchAll(
        /translate\(([\d.]+) ([\d.]+)\)">(?:(?!<\/g>).)*?<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
      ),
    ];
    expect(placed).toHaveLength(entries.length);
    for (const [, x, , textX, text] of placed)
      expect(Number(x) + Number(textX) + estimateWidth(text ?? "", 11)).toBeLessThanOrEqual(width - 16);
  });

  it("wraps onto more rows on a narrower file", () => {
    const entries = legendEntries("timeline", palette, { horizonDays: 365 });
    expect(legendSvg(entries, 560, palette).height).toBeGreaterThan(legendSvg(entries, 1600, palette).height);
  });
});
