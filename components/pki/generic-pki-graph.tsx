"use client";
/**
 * The graph area for files with no Kubernetes wiring: instead of an empty topology, the PKI as it
 * is — each CA with the certificates it signed, what each certificate's EKU lets it be, its key pair
 * and status — said plainly to be generic. Cards select certificates like the inventory does.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { highlightFor, type ExplorerViewProps, type Selection } from "@/components/explorer/selection";
import { naturalHeight } from "@/components/graph/fit-transform";
import { COMPACT_BELOW } from "@/components/graph/layout-metrics";
import { useElementSize } from "@/components/shared/use-element-size";
import { useZoom } from "@/components/graph/use-zoom";
import { ZoomControls } from "@/components/graph/zoom-controls";
import { ZoomSurface } from "@/components/graph/zoom-surface";
import { testIds } from "@/components/test-ids";
import { layoutGenericPki, PKI_COMPACT, PKI_WIDE } from "./generic-pki-layout";
import { PkiCard } from "./pki-card";

export const GENERIC_PKI_NOTE =
  "No Kubernetes wiring was found in these files: shown as a generic PKI (CAs, what each signs, server and client certificates, key pairs). Kubernetes relationships are not assumed.";

/** Arrow keys walk the cards in drawing order, as in the topology graph. */
function moveFocus(event: KeyboardEvent<SVGGElement>): void {
  const svg = event.currentTarget.ownerSVGElement;
  if (!svg) return;
  const items = [...svg.querySelectorAll<SVGGElement>("[data-nav='pki-card'][tabindex]")];
  const index = items.indexOf(event.currentTarget);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step === undefined) return;
  event.preventDefault();
  items[(index + step + items.length) % items.length]?.focus();
}

export function GenericPkiGraph({ report, selection, onSelect, highlight, onHover }: ExplorerViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const size = useElementSize(containerRef);
  const [hovered, setHovered] = useState<Selection>(null);
  const compact = size.width > 0 && size.width < COMPACT_BELOW;
  const width = Math.round(size.width) || 860;
  const layout = useMemo(
    () => layoutGenericPki(report, width, compact ? PKI_COMPACT : PKI_WIDE),
    [report, width, compact],
  );
  const fitOptions = { padding: compact ? 4 : 12, maxScale: 1, minScale: 0.3 };
  const minHeight = naturalHeight(layout.bounds, size.width, { ...fitOptions, min: 200, max: 900 });
  const zoom = useZoom(svgRef, viewportRef, size.width > 0 ? layout.bounds : undefined, size, fitOptions);
  const effective = useMemo(
    () => (hovered ? highlightFor(report, hovered) : highlight),
    [hovered, report, highlight],
  );
  const active = effective.certificates.size > 0;
  const preview = (target: Selection) => {
    setHovered(target);
    onHover?.(target);
  };
  const cas = layout.cards.filter((c) => c.kind === "ca").length;

  return (
    <section
      data-testid={testIds.genericPki}
      aria-label="Generic PKI"
      className="border-line bg-surface flex flex-col overflow-hidden rounded-lg border"
    >
      <header className="border-line flex items-center gap-3 border-b py-1.5 pr-1.5 pl-3">
        <h2 className="text-sm font-semibold whitespace-nowrap">Certificates by CA</h2>
        <p className="text-muted min-w-0 truncate text-xs">
          {cas} CA{cas === 1 ? "" : "s"} · {report.certificates.length} certificates
        </p>
        <ZoomControls actions={zoom} className="ml-auto shrink-0" />
      </header>
      <p data-testid={testIds.genericPkiNote} className="border-line bg-raised border-b px-3 py-2 text-xs">
        {GENERIC_PKI_NOTE}
      </p>
      <div ref={containerRef} className="relative w-full flex-1" style={{ minHeight }}>
        <ZoomSurface
          svgRef={svgRef}
          viewportRef={viewportRef}
          label={`Generic PKI: ${cas} CAs and the ${report.certificates.length - cas} certificates they sign`}
          onBackgroundClick={() => {
            if (selection) onSelect(null);
          }}
          ready={size.width > 0}
        >
          <g aria-hidden="true" fill="none" strokeWidth={1.2}>
            {layout.links.map((link) => {
              const on = effective.certificates.has(link.to);
              return (
                <path
                  key={`${link.from}>${link.to}`}
                  d={link.path}
                  strokeLinejoin="round"
                  style={{
                    stroke: on ? "var(--color-accent)" : "var(--color-muted)",
                    opacity: active && !on ? 0.3 : 0.8,
                  }}
                />
              );
            })}
          </g>
          {layout.cards.map((card) => {
            const selected = selection?.kind === "certificate" && selection.id === card.id;
            const lit = effective.certificates.has(card.id);
            const target = { kind: "certificate", id: card.id } as const;
            return (
              <PkiCard
                key={card.id}
                card={card}
                selected={selected}
                lit={lit}
                dimmed={active && !lit}
                onActivate={() => onSelect(selected ? null : target)}
                onPreview={(on) => preview(on ? target : null)}
                onKey={(event) => {
                  if (event.key !== "Escape") return moveFocus(event);
                  event.preventDefault();
                  onSelect(null);
                }}
              />
            );
          })}
        </ZoomSurface>
        {layout.cards.length === 0 && (
          <p className="text-muted absolute inset-0 flex items-center justify-center text-sm">
            No certificates to draw.
          </p>
        )}
      </div>
      <p className="border-line text-muted border-t px-3 py-2 text-xs">
        Lines run from each CA to what it signed. Each certificate says what its EKU lets it be (server,
        client, or both) and whether its private key was found (✓ matches, ✗ does not). The badge and the
        stripe give its status: expiry and the findings on it.
      </p>
    </section>
  );
}
