/**
 * The legend of an exported drawing, drawn into the file: every colour, line pattern, stripe and mark
 * the drawing uses, each as a sample painted like the drawing paints it, then its words. For the
 * topology: each status's colour, line (solid, dashed, heavy, dotted) and badge glyph, the thin
 * secondary line, the three kinds of box, and the parallel-edge letters and changed edges when drawn.
 * For the timeline: each bar tone (light = lifetime elapsed, solid = left), the warning window's
 * amber stripes, the kubelet's rotation window (the blue line under a bar), the CA's end and the red
 * stripes past it, the now line, the CA horizon band and the out-of-view arrow. Pure: facts in,
 * markup out.
 */
import { SANS, STATUS_STYLE } from "@/components/graph/graph-style";
import { STATE_STYLE } from "@/components/timeline/timeline-style";
import { STATUS_ORDER } from "@/lib/report";
import { escapeXml, estimateWidth, fitWidth, paint, type Palette } from "./svg-text";
import { badgeMarkup, type ExportDrawing, type SvgBlock } from "./title-block";

export interface LegendEntry {
  /** Markup of the sample, in its own box of `sampleWidth` × SAMPLE_HEIGHT. */
  sample: string;
  sampleWidth: number;
  label: string;
}

export interface LegendOptions {
  /** A quiz not yet answered: no status entries (a key to statuses would be a key to the answer). */
  statusHidden?: boolean;
  /** The letters that tell parallel edges apart, with the relationship each stands for. */
  tags?: { letter: string; name: string }[];
  /** Some edge is marked as changed between two drops. */
  changed?: boolean;
  /** The timeline's CA horizon, in days. */
  horizonDays?: number;
}

const SAMPLE_HEIGHT = 16;
const FONT = 11;
const PAD = 16;
const ROW = 22;
const GAP = 18;
/** Ids of the legend's own stripe patterns, apart from the drawing's. */
export const LEGEND_WARN_HATCH = "k8s-pki-legend-warn";
export const LEGEND_ERROR_HATCH = "k8s-pki-legend-error";

function graphEntries(palette: Palette, options: LegendOptions): LegendEntry[] {
  const entries: LegendEntry[] = [];
  const line = (status: keyof typeof STATUS_STYLE, primary: boolean) => {
    const style = STATUS_STYLE[status];
    const dash = style.dash ? ` stroke-dasharray="${style.dash}"` : "";
    return (
      `<path d="M1 8H22" fill="none" stroke="${paint(style.color, palette)}" ` +
      `stroke-width="${primary ? style.width : style.secondaryWidth}"${dash} stroke-linecap="${style.lineCap}"/>`
    );
  };
  const patterns: Record<keyof typeof STATUS_STYLE, string> = {
    ok: "solid line, ✓ badge",
    warning: "dashed line, ! badge",
    error: "heavy solid line, ✗ badge",
    unknown: "dotted line, ? badge (not checked: inputs missing)",
  };
  if (options.statusHidden)
    entries.push({
      sample:
        `<path d="M1 8H22" fill="none" stroke="${palette.muted}" stroke-width="2"/>` +
        `<circle cx="29" cy="8" r="6.5" fill="${palette.raised}" stroke="${palette.muted}" stroke-width="1.2"/>`,
      sampleWidth: 36,
      label: "Relationship (status hidden until the question is answered)",
    });
  else {
    for (const status of STATUS_ORDER)
      entries.push({
        sample: line(status, true) + badgeMarkup(status, 29, 8, 6.5, palette),
        sampleWidth: 36,
        label: `${STATUS_STYLE[status].word}: ${patterns[status]}`,
      });
    entries.push({
      sample: line("ok", false),
      sampleWidth: 24,
      label: "Secondary relationship (thinner line)",
    });
  }
  const accent = `fill="${palette["accent-soft"]}" stroke="${palette.accent}" stroke-width="1"`;
  entries.push(
    {
      sample: `<path d="M3 2.5h28v8.5l-14 4-14-4z" stroke-linejoin="round" ${accent}/>`,
      sampleWidth: 34,
      label: "CA (points at what it signs)",
    },
    {
      sample: `<rect x="3" y="2.5" width="28" height="11" rx="5.5" ${accent}/>`,
      sampleWidth: 34,
      label: "Key pair",
    },
    {
      sample: `<rect x="3" y="2.5" width="28" height="11" rx="3" fill="${palette.surface}" stroke="${palette.line}" stroke-width="1"/>`,
      sampleWidth: 34,
      label: "Component",
    },
  );
  if (options.changed)
    entries.push({
      sample: `<path d="M2 8H30" fill="none" stroke="${palette.warning}" stroke-width="7" stroke-dasharray="2 5" stroke-linecap="round" opacity="0.7"/>`,
      sampleWidth: 32,
      label: "Changed between the two drops",
    });
  for (const tag of options.tags ?? [])
    entries.push({
      sample: `<text x="10" y="12" font-size="12" font-weight="700" text-anchor="middle" fill="${palette.fg}">${escapeXml(tag.letter)}</text>`,
      sampleWidth: 20,
      label: `Parallel edge: ${tag.name}`,
    });
  return entries;
}

function timelineEntries(palette: Palette, options: LegendOptions): LegendEntry[] {
  const bar = (state: keyof typeof STATE_STYLE) => {
    const style = STATE_STYLE[state];
    const color = paint(style.color, palette);
    const dash = style.dash ? ` stroke-dasharray="${style.dash}"` : "";
    return (
      `<rect x="1" y="3" width="28" height="10" rx="3" fill="${paint(style.soft, palette)}"/>` +
      `<rect x="10" y="3" width="19" height="10" fill="${color}"/>` +
      `<rect x="1.5" y="3.5" width="27" height="9" rx="2.5" fill="none" stroke="${color}"${dash}/>`
    );
  };
  const notYet = STATE_STYLE["not-yet-valid"];
  const horizon = options.horizonDays;
  return [
    { sample: bar("ok"), sampleWidth: 30, label: "Valid: light part lifetime elapsed, solid part left" },
    { sample: bar("soon"), sampleWidth: 30, label: "Due for renewal (amber)" },
    { sample: bar("expired"), sampleWidth: 30, label: "Expired (red)" },
    {
      sample:
        `<rect x="1.5" y="3.5" width="27" height="9" rx="2.5" fill="${paint(notYet.soft, palette)}" ` +
        `stroke="${paint(notYet.color, palette)}" stroke-dasharray="${notYet.dash ?? ""}"/>`,
      sampleWidth: 30,
      label: "Not yet valid (dashed outline)",
    },
    {
      sample: `<rect x="1" y="3" width="28" height="10" fill="url(#${LEGEND_WARN_HATCH})"/>`,
      sampleWidth: 30,
      label: "Warning window (amber stripes)",
    },
    {
      sample: `<rect x="1" y="6.5" width="28" height="3" rx="1.5" fill="${palette.accent}"/>`,
      sampleWidth: 30,
      label: "Kubelet rotates here (blue line under a bar)",
    },
    {
      sample: `<line x1="15" x2="15" y1="0" y2="16" stroke="${palette.muted}" stroke-width="1.2" stroke-dasharray="1.5 2.5"/>`,
      sampleWidth: 30,
      label: "Its CA ends (dotted line)",
    },
    {
      sample:
        `<rect x="1" y="3" width="14" height="10" fill="${palette.ok}"/>` +
        `<rect x="15" y="2" width="14" height="12" fill="url(#${LEGEND_ERROR_HATCH})"/>` +
        `<line x1="15" x2="15" y1="0" y2="16" stroke="${palette.error}" stroke-width="1.2" stroke-dasharray="1.5 2.5"/>`,
      sampleWidth: 30,
      label: "Outlives its CA (red stripes past the CA's end)",
    },
    {
      sample: `<line x1="15" x2="15" y1="0" y2="16" stroke="${palette.accent}" stroke-width="2"/>`,
      sampleWidth: 30,
      label: "Now: the judge date (blue line)",
    },
    {
      sample:
        `<rect x="1" y="0" width="28" height="16" fill="${palette.accent}" opacity="0.1"/>` +
        `<line x1="29" x2="29" y1="0" y2="16" stroke="${palette.accent}" stroke-dasharray="3 2"/>`,
      sampleWidth: 30,
      label:
        horizon === undefined
          ? "CA horizon (pale blue band to a dashed line)"
          : `CA horizon: ${horizon} days (pale blue band to a dashed line)`,
    },
    {
      sample: `<path d="M20 4l4 4-4 4" fill="none" stroke="${palette.muted}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
      sampleWidth: 30,
      label: "Runs on out of view",
    },
  ];
}

/** The entries of the legend of `drawing`. */
export function legendEntries(
  drawing: ExportDrawing,
  palette: Palette,
  options: LegendOptions = {},
): LegendEntry[] {
  return drawing === "graph" ? graphEntries(palette, options) : timelineEntries(palette, options);
}

function hatchPatterns(palette: Palette): string {
  return (
    `<defs><pattern id="${LEGEND_WARN_HATCH}" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">` +
    `<rect width="6" height="6" fill="${palette["warning-soft"]}"/><rect width="2.6" height="6" fill="${palette.warning}"/></pattern>` +
    `<pattern id="${LEGEND_ERROR_HATCH}" patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(-45)">` +
    `<rect width="5" height="5" fill="${palette["error-soft"]}"/><rect width="2.4" height="5" fill="${palette.error}"/></pattern></defs>`
  );
}

/**
 * The legend as SVG markup `width` wide: a "Legend" heading, then the entries flowed left to right
 * and onto new rows as the width allows; a label longer than a whole row is cut with "…".
 */
export function legendSvg(entries: LegendEntry[], width: number, palette: Palette): SvgBlock {
  const room = Math.max(1, width - 2 * PAD);
  const parts: string[] = [hatchPatterns(palette)];
  parts.push(
    `<line x1="${PAD}" x2="${width - PAD}" y1="4" y2="4" stroke="${palette.line}" stroke-width="1"/>`,
  );
  parts.push(
    `<text x="${PAD}" y="${8 + FONT + 4}" font-size="${FONT}" font-weight="700" fill="${palette.fg}">Legend</text>`,
  );
  let x = PAD;
  let top = 8 + FONT + 12;
  for (const entry of entries) {
    const label = fitWidth(entry.label, room - entry.sampleWidth - 6, FONT);
    const entryWidth = entry.sampleWidth + 6 + estimateWidth(label, FONT);
    if (x > PAD && x + entryWidth > PAD + room) {
      x = PAD;
      top += ROW;
    }
    parts.push(
      `<g data-legend-entry="" transform="translate(${x} ${top})">${entry.sample}` +
        `<text x="${entry.sampleWidth + 6}" y="${SAMPLE_HEIGHT / 2 + FONT / 2 - 1}" font-size="${FONT}" fill="${palette.muted}">` +
        `${escapeXml(label)}</text></g>`,
    );
    x += entryWidth + GAP;
  }
  return {
    markup: `<g data-export-part="legend" font-family="${escapeXml(SANS)}">${parts.join("")}</g>`,
    width,
    height: top + SAMPLE_HEIGHT + PAD,
  };
}
