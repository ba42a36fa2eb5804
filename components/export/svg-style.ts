/**
 * Which computed styles an exported SVG needs written onto its elements. On the page, colours come
 * from CSS variables and classes (`var(--color-ok)`, `text-muted`); a saved file has neither, so each
 * element gets the resolved values as its own `style`. Inherited properties are written only where
 * they differ from the parent's, so the file stays small and still renders the same.
 */

/** Properties that inherit in SVG: written on the root, then only where an element changes them. */
export const INHERITED_PROPERTIES = [
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "paint-order",
  "color",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant-numeric",
  "letter-spacing",
  "word-spacing",
  "text-anchor",
  "dominant-baseline",
  "white-space",
  "visibility",
] as const;

/** Properties that do not inherit, with the value that needs no writing. */
export const OWN_PROPERTIES: Record<string, string> = {
  opacity: "1",
  "vector-effect": "none",
  "stop-color": "rgb(0, 0, 0)",
  "stop-opacity": "1",
  "flood-color": "rgb(0, 0, 0)",
  "flood-opacity": "1",
  "clip-path": "none",
  mask: "none",
  filter: "none",
  "mix-blend-mode": "normal",
  "text-decoration-line": "none",
  "alignment-baseline": "auto",
  // A name isolated from the words beside it in one text (the timeline's phone rows) stays so in the file.
  "unicode-bidi": "normal",
};

/**
 * Presentation attributes the export replaces with computed values: an attribute on an element
 * outranks what it inherits, so one left behind (`fill="red"` under a class that made it blue) would
 * bring back the colour the page's CSS had overridden.
 */
export const STYLED_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...INHERITED_PROPERTIES,
  ...Object.keys(OWN_PROPERTIES),
]);

/** Elements that define things other elements use (patterns, clips, gradients): never drawn themselves. */
export const RESOURCE_ELEMENTS: ReadonlySet<string> = new Set([
  "defs",
  "clippath",
  "pattern",
  "lineargradient",
  "radialgradient",
  "mask",
  "marker",
  "symbol",
  "filter",
]);

/** Reads one computed property, e.g. `(name) => style.getPropertyValue(name)`. */
export type StyleReader = (property: string) => string;

/**
 * The `style` attribute for an element: every property that differs from what it would inherit
 * (`parent`; undefined for the root, which writes them all) or, for the others, from the initial value.
 */
export function styleText(own: StyleReader, parent?: StyleReader): string {
  const declarations: string[] = [];
  for (const property of INHERITED_PROPERTIES) {
    const value = own(property);
    if (value === "" || (parent && parent(property) === value)) continue;
    declarations.push(`${property}:${value}`);
  }
  for (const [property, initial] of Object.entries(OWN_PROPERTIES)) {
    const value = own(property);
    if (value === "" || value === initial) continue;
    declarations.push(`${property}:${value}`);
  }
  return declarations.join(";");
}

/** An attribute value the saved file cannot resolve: CSS variables and `currentColor`. */
export function needsResolving(value: string): boolean {
  return value.includes("var(") || /currentcolor/i.test(value);
}

/** Width and height of an export frame: whole pixels, at least one. */
export function frameSize(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(1, Math.ceil(width)), height: Math.max(1, Math.ceil(height)) };
}

/**
 * `value` with its references to `ids` (`url(#clip)`, `url("#hatch")`, `#marker`) renamed by
 * `suffix`; other `#` text (colours, other ids) stays as it is.
 */
export function renameReferences(value: string, ids: ReadonlySet<string>, suffix: string): string {
  return value.replace(/#([^\s)"',;]+)/g, (match: string, id: string) =>
    ids.has(id) ? `#${id}${suffix}` : match,
  );
}
