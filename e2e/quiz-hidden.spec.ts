/**
 * A quiz gives nothing away: for every scenario, in presenter mode at 1280×720 and on a phone (in light
 * or dark, the themes taking turns between scenarios), every edge of the graph draws, names and
 * describes itself alike. Each edge's drawn parts
 * (computed stroke, width, dash, opacity, fill, marker, filter, visibility), its attributes, its
 * accessible name and its tooltip are reduced to a signature with the edge's identity (its id and key,
 * its relationship's id and tag letter, its endpoints' names, its geometry) taken out; a quiz must
 * yield one signature for all its edges. The legend, the graph's header and the Learn bar must not
 * speak of status either; once the broken edge is clicked, the colours come back. One page, reused:
 * scenarios by `location.hash`, the theme by `data-theme`, presenter mode by its session key.
 */
import { testIds } from "../components/test-ids";
import { SCENARIOS } from "../lib/scenarios";
import { SCENARIO_IDS } from "../lib/scenarios/scenario";
import { setLook as setLookOf } from "./support/look";
import { expect, test } from "./pages/explorer-page";
import type { Page } from "@playwright/test";

const STATUS_WORDS = /\b(ok|error|errors|warning|warnings|unknown|broken|worst|healthy|fails?)\b/i;

const COMBINATIONS = [
  { name: "presenter 1280×720 light", size: { width: 1280, height: 720 }, theme: "light", presenter: true },
  { name: "presenter 1280×720 dark", size: { width: 1280, height: 720 }, theme: "dark", presenter: true },
  { name: "phone light", size: { width: 390, height: 844 }, theme: "light", presenter: false },
  { name: "phone dark", size: { width: 390, height: 844 }, theme: "dark", presenter: false },
] as const;

/** What the page says about each edge, identity taken out (runs in the page). */
interface EdgeSignatures {
  edges: string[];
  /** The tag letters' drawn style: present on parallel edges only, so compared on their own. */
  tags: string[];
  nodeNames: string[];
}

async function setLook(page: Page, combination: (typeof COMBINATIONS)[number]): Promise<void> {
  await page.setViewportSize(combination.size);
  await setLookOf(page, combination.theme, combination.presenter);
  const variant = combination.size.width < 640 ? "compact" : "wide";
  await expect(page.getByTestId(testIds.topologyGraph)).toHaveAttribute("data-variant", variant);
}

/** Every edge's signature of what can carry status, in the page. */
function edgeSignatures(page: Page): Promise<EdgeSignatures> {
  return page.evaluate(() => {
    const STYLE = [
      "stroke",
      "stroke-width",
      "stroke-dasharray",
      "stroke-linecap",
      "stroke-opacity",
      "opacity",
      "fill",
      "fill-opacity",
      "marker-start",
      "marker-mid",
      "marker-end",
      "filter",
      "visibility",
      "display",
      "color",
    ];
    const GEOMETRY = new Set(["d", "x", "y", "cx", "cy", "width", "height", "transform", "points"]);
    const IDENTITY = new Set([
      "data-edge",
      "data-testid",
      "data-key",
      "aria-label",
      "aria-describedby",
      "id",
    ]);
    const nodeNames = [...document.querySelectorAll("[data-node] > title")]
      .map((title) => title.textContent ?? "")
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const anonymous = (text: string, relationship: string) => {
      let out = text.split(relationship).join("ID");
      for (const name of nodeNames) out = out.split(name).join("NODE");
      return out;
    };
    const styleOf = (element: Element) => {
      const computed = getComputedStyle(element);
      return STYLE.map((property) => `${property}=${computed.getPropertyValue(property)}`).join(";");
    };
    const attributesOf = (element: Element, skip: (name: string) => boolean) =>
      [...element.attributes]
        .filter((attribute) => !skip(attribute.name))
        .map((attribute) => `${attribute.name}=${attribute.value}`)
        .sort()
        .join(" ");
    const edges: string[] = [];
    const tags: string[] = [];
    for (const edge of document.querySelectorAll("[data-edge]")) {
      const relationship = (edge.getAttribute("data-testid") ?? "").replace(/^edge-/, "");
      const parts: string[] = [
        `edge ${attributesOf(edge, (name) => IDENTITY.has(name) || name === "tabindex")} ${styleOf(edge)}`,
        `name ${anonymous(edge.getAttribute("aria-label") ?? "", relationship)}`,
      ];
      for (const part of edge.querySelectorAll("*")) {
        if (part.tagName === "text") {
          tags.push(
            `${attributesOf(part, (name) => GEOMETRY.has(name) || name === "data-tag")} ${styleOf(part)}`,
          );
          continue;
        }
        const inBadge = part.closest("[data-badge]") !== null && !part.hasAttribute("data-badge");
        // The invisible pointer target: a loop's is filled to take the pointer inside it.
        const hit = part.getAttribute("stroke") === "transparent";
        const skip = (name: string) =>
          (!inBadge && GEOMETRY.has(name)) ||
          name === "id" ||
          (hit && (name === "fill" || name === "pointer-events"));
        const style = hit ? "hit" : styleOf(part);
        parts.push(
          `${part.tagName} ${attributesOf(part, skip)} ${part.getAttribute("class") ?? ""} ${style}`,
        );
        if (part.tagName === "title" || part.tagName === "desc")
          parts.push(`${part.tagName} text ${anonymous(part.textContent ?? "", relationship)}`);
      }
      edges.push(parts.join("\n"));
    }
    return { edges, tags, nodeNames };
  });
}

/**
 * Edges focused in turn — every edge of the broken relationship and the first few others, as each
 * focus re-renders the graph — and their description and tooltip, identity taken out (in the page).
 */
function tooltipSignatures(page: Page, relationship: string): Promise<string[]> {
  return page.evaluate(async (broken) => {
    // A focus is a discrete event: React has rendered the tooltip when it returns; a task for safety.
    const frame = () => new Promise((resolve) => setTimeout(resolve, 0));
    const nodeNames = [...document.querySelectorAll("[data-node] > title")]
      .map((title) => title.textContent ?? "")
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const out: string[] = [];
    const all = [...document.querySelectorAll<SVGGElement>("[data-edge]")];
    const suspects = all.filter((edge) => edge.getAttribute("data-testid") === `edge-${broken}`);
    const others = all.filter((edge) => !suspects.includes(edge)).slice(0, 3);
    for (const edge of [...suspects, ...others]) {
      const relationship = (edge.getAttribute("data-testid") ?? "").replace(/^edge-/, "");
      edge.focus();
      await frame();
      const tip = document.querySelector('[data-testid="edge-tooltip"]');
      const described = (edge.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id));
      if (!tip) {
        out.push(`no tooltip; described by ${described.length}`);
        continue;
      }
      // The relationship's title names its ends as the input wrote them: input text is <bdi>.
      const clone = tip.cloneNode(true) as Element;
      for (const bdi of clone.querySelectorAll("bdi")) bdi.textContent = "TITLE";
      // The tag's name (client cert, serving cert…) tells parallel edges apart: identity too.
      for (const tag of clone.querySelectorAll('span[class="text-muted"]')) tag.remove();
      for (const code of clone.querySelectorAll("code")) code.textContent = "ID";
      let text = (clone.textContent ?? "").split(relationship).join("ID");
      for (const name of nodeNames) text = text.split(name).join("NODE");
      out.push(
        `${text} | ${clone.innerHTML.replace(/>[^<]*</g, "><")} | described ${described.some((element) => element === tip)}`,
      );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return out;
  }, relationship);
}

test("a quiz hides status from every edge, in every theme and size", async ({ explorer, page }) => {
  test.setTimeout(180_000);
  await explorer.goto(`/#scenario/${SCENARIO_IDS[0]}/quiz`);
  // Nothing hovered: the pointer rests in a corner, away from the graph.
  await page.mouse.move(0, 0);
  for (const [index, id] of SCENARIO_IDS.entries()) {
    await page.evaluate((hash) => (location.hash = hash), `#scenario/${id}/quiz`);
    await expect(explorer.main).toHaveAttribute("data-scenario", id, { timeout: 60_000 });
    await expect(explorer.main).toHaveAttribute("data-analysis", "done");
    await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
    // Each scenario in one theme at both sizes, the themes taking turns: every combination is read
    // on half the scenarios, and every scenario on the projector and on a phone.
    for (const combination of COMBINATIONS.filter((_, k) => k % 2 === index % 2)) {
      const where = `${id}, ${combination.name}`;
      await setLook(page, combination);
      const { edges, tags } = await edgeSignatures(page);
      expect(edges.length, where).toBeGreaterThan(1);
      expect(new Set(edges).size, `${where}: edges differ\n${[...new Set(edges)].join("\n----\n")}`).toBe(1);
      expect(new Set(tags).size, `${where}: tag letters differ`).toBeLessThanOrEqual(1);
      // Everything else that could speak of status, read in one go.
      const words = await page.evaluate(() => {
        const graph = document.querySelector('[data-testid="topology-graph"]');
        const text = (selector: string) =>
          (document.querySelector(selector) as HTMLElement | null)?.innerText;
        return {
          marked: document.querySelectorAll("[data-edge][data-status]").length,
          legend: text('[data-testid="graph-legend"]') ?? "",
          header: (graph?.querySelector("header") as HTMLElement | null)?.innerText ?? "",
          summary: graph?.querySelector("svg[role=group]")?.getAttribute("aria-label") ?? "",
          boxes: [...document.querySelectorAll("[data-node]")].map(
            (node) => node.getAttribute("aria-label") ?? "",
          ),
          learn: text('[data-testid="learn-menu"]') ?? "",
        };
      });
      expect(words.marked, where).toBe(0);
      expect(words.legend, where).toContain("Status is hidden until you answer");
      for (const said of [words.legend, words.header, words.summary, ...words.boxes])
        expect(said, where).not.toMatch(STATUS_WORDS);
      expect(words.summary, where).toContain("relationships");
      expect(words.learn, where).toContain("Find the broken relationship");
      expect(words.learn, where).not.toContain("Handshake of");
      if (combination === COMBINATIONS[0]) {
        const scenario = SCENARIOS.find((candidate) => candidate.id === id);
        const tips = await tooltipSignatures(page, scenario?.relationship ?? "");
        expect(tips.length, where).toBeGreaterThan(3);
        expect(new Set(tips).size, `${where}: tooltips differ\n${[...new Set(tips)].join("\n")}`).toBe(1);
        expect(tips[0], where).not.toMatch(STATUS_WORDS);
      }
    }
  }

  // Answered: the broken edge is clicked and its colour is its status's again.
  const last = SCENARIOS.find((scenario) => scenario.id === SCENARIO_IDS[SCENARIO_IDS.length - 1]);
  expect(last).toBeDefined();
  const edges = page.locator(`[data-testid="edge-${last?.relationship ?? ""}"]`);
  const broken = last?.relationshipKey
    ? edges.and(page.locator(`[data-key="${last.relationshipKey}"]`))
    : edges;
  await broken.first().click({ force: true });
  await expect(explorer.main).not.toHaveAttribute("data-quiz", "hidden");
  await expect(broken.first()).toHaveAttribute("data-status", /error|warning/);
  const strokes = await page
    .locator("[data-edge]")
    .evaluateAll((all) =>
      all.map((edge) =>
        getComputedStyle(edge.querySelectorAll("path")[2] ?? edge).getPropertyValue("stroke"),
      ),
    );
  expect(new Set(strokes).size).toBeGreaterThan(1);
  await expect(page.getByTestId(testIds.learnMenu)).toContainText("Handshake of");
  expect(explorer.consoleErrors).toEqual([]);
});
