/**
 * A drawing on the page as a standalone SVG file: the drawing is cloned, every element gets the
 * styles the page's CSS gave it (resolved in the current theme), the zoom is undone so the whole
 * drawing is in the frame, and a background in the drawing's own surface colour goes underneath, so
 * the file looks the same in an image viewer, a slide or a document as it did on screen. Given the
 * report, the file also carries a title block above the drawing (product, drawing, cluster, layout,
 * judge date, overall status) and a legend under it, so it can be read away from the page.
 */
import { testIds } from "@/components/test-ids";
import type { Report } from "@/lib/report";
import { legendEntries, legendSvg, type LegendOptions } from "./drawing-legend";
import {
  frameSize,
  needsResolving,
  RESOURCE_ELEMENTS,
  STYLED_ATTRIBUTES,
  styleText,
  type StyleReader,
} from "./svg-style";
import { PALETTE_NAMES, type Palette } from "./svg-text";
import { titleBlockSvg, titleFacts, type ExportDrawing, type SvgBlock } from "./title-block";

const SVG_NS = "http://www.w3.org/2000/svg";
/** Room around the drawing when the frame is computed from its content. */
const MARGIN = 16;
/** Narrowest file with a title block and legend: a phone-sized drawing still gets readable lines. */
const MIN_HEADED_WIDTH = 560;

/** What the title block and legend of an export need: which drawing, and the report it shows. */
export interface DrawingHeading {
  drawing: ExportDrawing;
  report: Report;
}

export interface SvgSnapshot {
  markup: string;
  width: number;
  height: number;
}

/**
 * The drawing inside `container`: the largest `<svg>` that is not an icon (icons are aria-hidden or
 * sit in buttons). Undefined when there is none yet.
 */
export function findDrawing(container: Element | null): SVGSVGElement | undefined {
  if (!container) return undefined;
  let best: { svg: SVGSVGElement; area: number } | undefined;
  for (const svg of container.querySelectorAll<SVGSVGElement>("svg")) {
    if (svg.parentElement?.closest("svg, button, [aria-hidden='true']")) continue;
    if (svg.getAttribute("aria-hidden") === "true") continue;
    const { width, height } = svg.getBoundingClientRect();
    const area = width * height;
    if (area > 0 && (!best || area > best.area)) best = { svg, area };
  }
  return best?.svg;
}

export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** A zoom/pan group whose transform the export drops. */
  zoomed?: SVGGElement;
}

/**
 * What the file shows. A drawing that is zoomed and panned through one transformed group (the
 * topology graph) is framed around its whole content; any other keeps its own viewBox or its size.
 */
export function frameOf(svg: SVGSVGElement): Frame {
  const children = [...svg.children].filter((child) => child.tagName.toLowerCase() !== "defs");
  const only = children.length === 1 ? children[0] : undefined;
  if (only instanceof SVGGElement && only.hasAttribute("transform")) {
    const box = only.getBBox();
    if (box.width > 0 && box.height > 0)
      return {
        x: box.x - MARGIN,
        y: box.y - MARGIN,
        width: box.width + 2 * MARGIN,
        height: box.height + 2 * MARGIN,
        zoomed: only,
      };
  }
  const viewBox = svg.viewBox.baseVal;
  if (svg.hasAttribute("viewBox") && viewBox.width > 0 && viewBox.height > 0)
    return { x: viewBox.x, y: viewBox.y, width: viewBox.width, height: viewBox.height };
  const rect = svg.getBoundingClientRect();
  return { x: 0, y: 0, width: rect.width, height: rect.height };
}

/** The nearest painted background behind `element` (the card the drawing sits on). */
function backgroundBehind(element: Element): string {
  for (let current: Element | null = element; current; current = current.parentElement) {
    const color = getComputedStyle(current).backgroundColor;
    if (color && color !== "transparent" && color !== "rgba(0, 0, 0, 0)") return color;
  }
  return "#ffffff";
}

function reader(style: CSSStyleDeclaration): StyleReader {
  return (property) => style.getPropertyValue(property);
}

/**
 * Copy computed styles from `live` onto its clone, depth first. Elements the page does not display
 * are dropped (but never the definitions inside patterns, clips and gradients, which are not displayed
 * by nature); classes go (they mean nothing outside the page), as do presentation attributes (the
 * computed values replace them) and attributes naming CSS variables.
 */
function inlineStyles(
  live: Element,
  copy: Element,
  parent: StyleReader | undefined,
  inResource = false,
): void {
  const style = getComputedStyle(live);
  const own = reader(style);
  const resource = inResource || RESOURCE_ELEMENTS.has(live.localName.toLowerCase());
  copy.removeAttribute("class");
  copy.removeAttribute("tabindex");
  for (const attribute of [...copy.attributes])
    if (
      STYLED_ATTRIBUTES.has(attribute.name) ||
      (attribute.name !== "style" && needsResolving(attribute.value))
    )
      copy.removeAttribute(attribute.name);
  // An icon nested in the drawing takes its size from a class (`size-3`); the file needs it written.
  if (parent && live instanceof SVGSVGElement)
    for (const dimension of ["width", "height"] as const)
      if (!copy.hasAttribute(dimension))
        copy.setAttribute(dimension, String(parseFloat(style[dimension]) || 0));
  const text = styleText(own, parent);
  if (text) copy.setAttribute("style", text);
  else copy.removeAttribute("style");
  const liveChildren = [...live.children];
  const copyChildren = [...copy.children];
  liveChildren.forEach((child, index) => {
    const twin = copyChildren[index];
    if (!twin) return;
    if (
      !resource &&
      !RESOURCE_ELEMENTS.has(child.localName.toLowerCase()) &&
      getComputedStyle(child).display === "none"
    )
      twin.remove();
    else inlineStyles(child, twin, own, resource);
  });
}

/**
 * The theme's colours as the drawing sees them now: a probe inside the drawing takes each variable
 * as its colour (a quiz's muted statuses included) and the computed value is read back.
 */
function paletteOf(svg: SVGSVGElement): Palette {
  const probe = document.createElementNS(SVG_NS, "g");
  svg.append(probe);
  try {
    const palette = {} as Palette;
    for (const name of PALETTE_NAMES) {
      probe.style.color = `var(--color-${name})`;
      palette[name] = getComputedStyle(probe).color;
    }
    return palette;
  } finally {
    probe.remove();
  }
}

/** What the legend must explain beyond the fixed marks, read from the drawing and its own legend. */
function legendOptions(svg: SVGSVGElement, heading: DrawingHeading): LegendOptions {
  const section = svg.closest("[data-export]") ?? svg.parentElement;
  const statusHidden = section?.querySelector(`[data-testid="${testIds.graphStatusHidden}"]`) != null;
  const tags: { letter: string; name: string }[] = [];
  for (const item of section?.querySelectorAll("ul[aria-label='Parallel edges'] li") ?? []) {
    const letter = item.querySelector("span")?.textContent ?? "";
    const name = (item.textContent ?? "").slice(letter.length).trim();
    if (letter && name) tags.push({ letter, name });
  }
  return {
    statusHidden,
    tags,
    changed: svg.querySelector("[data-diff='changed']") !== null,
    horizonDays: heading.report.caHorizonDays,
  };
}

/**
 * The drawing's markup (an `<svg>` of `width` × `height`) set between a title block and a legend:
 * one document, as wide as the drawing or MIN_HEADED_WIDTH, the drawing centred.
 */
function withHeading(
  svg: SVGSVGElement,
  drawing: { markup: string; width: number; height: number; background: string; title: string },
  heading: DrawingHeading,
): SvgSnapshot {
  const palette = paletteOf(svg);
  const options = legendOptions(svg, heading);
  const width = Math.max(drawing.width, MIN_HEADED_WIDTH);
  const top = titleBlockSvg(titleFacts(heading.drawing, heading.report, options), width, palette);
  const legend = legendSvg(legendEntries(heading.drawing, palette, options), width, palette);
  const height = top.height + drawing.height + legend.height;
  const left = Math.floor((width - drawing.width) / 2);
  const file = document.implementation.createDocument(SVG_NS, "svg", null);
  const root = file.documentElement;
  const attributes = (element: Element, values: Record<string, string | number>) => {
    for (const [name, value] of Object.entries(values)) element.setAttribute(name, String(value));
    return element;
  };
  attributes(root, { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
  const name = file.createElementNS(SVG_NS, "title");
  name.textContent = drawing.title;
  const background = attributes(file.createElementNS(SVG_NS, "rect"), {
    width,
    height,
    fill: drawing.background,
  });
  // The drawing, and the blocks pure code built as markup, each parsed as its own document.
  const parse = (markup: string) => {
    const parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
    if (parsed.localName !== "svg" || parsed.querySelector("parsererror"))
      throw new Error("a part of the exported drawing did not parse");
    return file.importNode(parsed, true);
  };
  const inner = parse(drawing.markup);
  inner.querySelector(":scope > title")?.remove();
  attributes(inner, { x: left, y: top.height });
  const block = (part: SvgBlock, y: number) =>
    parse(`<svg xmlns="${SVG_NS}" y="${y}" width="${width}" height="${part.height}">${part.markup}</svg>`);
  root.append(name, background, block(top, 0), inner, block(legend, top.height + drawing.height));
  const markup = new XMLSerializer().serializeToString(root);
  return { markup: `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`, width, height };
}

/**
 * Serialise the drawing in `svg` as a standalone SVG document; with `heading`, a title block above it
 * and a legend under it.
 */
export function snapshotSvg(svg: SVGSVGElement, title: string, heading?: DrawingHeading): SvgSnapshot {
  const frame = frameOf(svg);
  const { width, height } = frameSize(frame.width, frame.height);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, copy, undefined);
  if (frame.zoomed) {
    const index = [...svg.children].indexOf(frame.zoomed);
    copy.children[index]?.removeAttribute("transform");
  }
  for (const name of ["role", "aria-label", "aria-describedby", "aria-hidden"]) copy.removeAttribute(name);
  copy.setAttribute("xmlns", SVG_NS);
  copy.setAttribute("width", String(width));
  copy.setAttribute("height", String(height));
  copy.setAttribute("viewBox", `${frame.x} ${frame.y} ${width} ${height}`);
  copy.setAttribute("role", "img");

  const background = document.createElementNS(SVG_NS, "rect");
  background.setAttribute("x", String(frame.x));
  background.setAttribute("y", String(frame.y));
  background.setAttribute("width", String(width));
  background.setAttribute("height", String(height));
  background.setAttribute("fill", backgroundBehind(svg));
  background.setAttribute("stroke", "none");
  const name = document.createElementNS(SVG_NS, "title");
  name.textContent = title;
  copy.prepend(name, background);

  const markup = new XMLSerializer().serializeToString(copy);
  if (heading)
    return withHeading(
      svg,
      { markup, width, height, background: background.getAttribute("fill") ?? "#ffffff", title },
      heading,
    );
  return { markup: `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`, width, height };
}
