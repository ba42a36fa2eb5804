"use client";
/**
 * Drawings framed for paper. On screen the topology graph is zoomed and panned inside a box sized for
 * the window, and it re-fits whenever that box changes size (which laying out for paper does). So just
 * before printing (Ctrl+P or the menu's entry) each drawing gets a still copy beside it: no zoom, a
 * viewBox around its whole content, scaled to the page width by the print stylesheet, which shows the
 * copy instead of the live drawing. The copy keeps the page's classes, so it prints in the print
 * theme; it is removed after printing.
 */
import { useEffect } from "react";
import { findDrawing, frameOf } from "./svg-export";
import { renameReferences } from "./svg-style";

/** Marks the still copy (shown only in print) and the live drawing's box (hidden in print). */
export const PRINT_COPY_ATTRIBUTE = "data-print-copy";
export const PRINT_HIDE_ATTRIBUTE = "data-print-hide";

/**
 * Give the copy's patterns, clips and gradients ids of their own and point its references at them:
 * the live drawing is not displayed on paper, and what it defines would not paint from there.
 */
function renameIds(elements: Element[]): void {
  const ids = new Set(elements.map((element) => element.id).filter((id) => id !== ""));
  if (ids.size === 0) return;
  for (const element of elements) {
    if (element.id) element.id = `${element.id}-print`;
    for (const attribute of [...element.attributes])
      if (attribute.name !== "id" && attribute.value.includes("#"))
        element.setAttribute(attribute.name, renameReferences(attribute.value, ids, "-print"));
  }
}

function printCopy(svg: SVGSVGElement): () => void {
  const box = svg.parentElement;
  if (!box) return () => undefined;
  const frame = frameOf(svg);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  if (frame.zoomed) copy.children[[...svg.children].indexOf(frame.zoomed)]?.removeAttribute("transform");
  // A picture, not a second set of controls: no focus stops, test ids or names to find twice.
  const elements = [copy, ...copy.querySelectorAll("*")];
  for (const element of elements)
    for (const name of ["tabindex", "role", "aria-label", "aria-describedby", "data-testid"])
      element.removeAttribute(name);
  renameIds(elements);
  copy.setAttribute("aria-hidden", "true");
  copy.setAttribute("viewBox", `${frame.x} ${frame.y} ${frame.width} ${frame.height}`);
  copy.setAttribute("preserveAspectRatio", "xMidYMin meet");
  copy.removeAttribute("class");
  copy.removeAttribute("style");
  copy.style.fontFamily = svg.style.fontFamily;
  copy.setAttribute(PRINT_COPY_ATTRIBUTE, "");
  box.setAttribute(PRINT_HIDE_ATTRIBUTE, "");
  box.after(copy);
  return () => {
    copy.remove();
    box.removeAttribute(PRINT_HIDE_ATTRIBUTE);
  };
}

/** While mounted, give every `[data-export]` drawing a still copy for each print. */
export function usePrintFrame(): void {
  useEffect(() => {
    let restores: (() => void)[] = [];
    const after = () => {
      for (const restore of restores) restore();
      restores = [];
    };
    const before = () => {
      after();
      for (const section of document.querySelectorAll("[data-export]")) {
        const svg = findDrawing(section);
        if (svg) restores.push(printCopy(svg));
      }
    };
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      after();
    };
  }, []);
}

/** Marks the hidden frame the menu's "Print or save as PDF" prints the HTML report from. */
export const PRINT_REPORT_ATTRIBUTE = "data-print-report";

/**
 * Print `html` (the HTML audit report, the same document as its export) from a hidden frame, so
 * paper and PDF carry the report's own content and print stylesheet rather than the page's screen
 * layout. The document has no script and its own policy forbids any (`default-src 'none'`), on
 * top of the page's, which a srcdoc frame inherits. The frame stays until the next print: some
 * browsers print after `print()` has returned, and none says reliably when it is done.
 */
export function printHtml(html: string): Promise<void> {
  for (const old of document.querySelectorAll(`iframe[${PRINT_REPORT_ATTRIBUTE}]`)) old.remove();
  const frame = document.createElement("iframe");
  frame.setAttribute(PRINT_REPORT_ATTRIBUTE, "");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.title = "Audit report for printing";
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0";
  return new Promise((resolve, reject) => {
    frame.addEventListener(
      "load",
      () => {
        const view = frame.contentWindow;
        if (!view) {
          frame.remove();
          reject(new Error("the print frame did not open"));
          return;
        }
        view.focus();
        view.print();
        resolve();
      },
      { once: true },
    );
    frame.srcdoc = html;
    document.body.append(frame);
  });
}
