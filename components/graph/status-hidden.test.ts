/**
 * A quiz's graph, rendered to markup: with `statusHidden` every edge of the demo (which has an error,
 * unknown and ok edges) renders the same markup once its identity (id, key, relationship, names,
 * geometry) is taken out, its tooltip says nothing of status, and the legend has no status entries.
 * Without it, the same edges differ: the test sees status when it is there.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatReport } from "@/lib/test-support/format-reports";
import { EdgeTooltip } from "./edge-tooltip";
import { GraphEdge } from "./graph-edge";
import { GraphLegend } from "./graph-legend";
import type { RoutedEdge } from "./route-edges";
import { layoutTopology } from "./topology-layout";

const STATUS_WORDS = /\b(ok|error|warning|unknown|worst|broken)\b/i;

/** An edge's markup with its identity replaced: names, ids and geometry. */
function anonymous(markup: string, edge: RoutedEdge, names: string[]): string {
  let out = markup
    .replace(/ (d|x|y|width|height|transform|cx|cy)="[^"]*"/g, "")
    .replace(/data-(edge|key|testid)="[^"]*"/g, "")
    // The pointer target of a loop (etcd's peers) is filled, to take the pointer inside it.
    .replace(
      /<path fill="(none|transparent)" stroke="transparent"([^>]*) pointer-events="(all|stroke)">/g,
      "<path hit$2>",
    );
  out = out.split(edge.relationshipId).join("ID");
  for (const name of names) out = out.split(name).join("NODE");
  return out;
}

function renderEdge(edge: RoutedEdge, statusHidden: boolean, badgeRadius: number): string {
  return renderToStaticMarkup(
    createElement(GraphEdge, {
      edge,
      badgeRadius,
      tagSize: 9.5,
      hitWidth: 8,
      selected: false,
      highlighted: false,
      dimmed: false,
      statusHidden,
      onActivate: () => undefined,
      onPreview: () => undefined,
      onKey: () => undefined,
    }),
  );
}

describe("a quiz's graph (statusHidden)", async () => {
  const report = await formatReport("demo");
  const layout = layoutTopology(report, { width: 1280, height: 800 });
  const names = layout.nodes.map((node) => node.name).sort((a, b) => b.length - a.length);
  const statuses = new Set(layout.edges.map((edge) => edge.status));

  it("the demo has edges of several statuses", () => {
    expect(statuses.size).toBeGreaterThanOrEqual(2);
  });

  it("draws every edge alike, and not when status is shown", () => {
    const each = (hidden: boolean) =>
      new Set(
        layout.edges.map((edge) =>
          anonymous(renderEdge(edge, hidden, layout.metrics.badgeRadius), edge, names),
        ),
      );
    const hidden = each(true);
    expect([...hidden][0]).not.toContain("data-status");
    expect([...hidden][0]).not.toMatch(STATUS_WORDS);
    expect(hidden.size, [...hidden].join("\n\n")).toBe(1);
    expect(each(false).size).toBeGreaterThan(1);
  });

  it("describes every edge without status in its tooltip", () => {
    const tips = layout.edges.map((edge) =>
      renderToStaticMarkup(
        createElement(EdgeTooltip, {
          id: "tip",
          report,
          edge,
          at: { x: 100, y: 100 },
          containerWidth: 1000,
          statusHidden: true,
        }),
      ),
    );
    for (const tip of tips) expect(tip.replace(/<[^>]*>/g, " ")).not.toMatch(STATUS_WORDS);
    const shown = layout.edges.map((edge) =>
      renderToStaticMarkup(
        createElement(EdgeTooltip, { id: "tip", report, edge, at: { x: 100, y: 100 }, containerWidth: 1000 }),
      ),
    );
    expect(shown.some((tip) => STATUS_WORDS.test(tip.replace(/<[^>]*>/g, " ")))).toBe(true);
  });

  it("keeps status out of the legend, and says so", () => {
    const legend = renderToStaticMarkup(createElement(GraphLegend, { statusHidden: true })).replace(
      /<[^>]*>/g,
      " ",
    );
    expect(legend).toContain("Status is hidden until you answer");
    expect(legend).not.toMatch(STATUS_WORDS);
    expect(legend).toContain("CA");
    const full = renderToStaticMarkup(createElement(GraphLegend, {})).replace(/<[^>]*>/g, " ");
    expect(full).toMatch(STATUS_WORDS);
  });
});
