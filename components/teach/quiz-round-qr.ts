/**
 * A QR code of a quiz round's link, as a grid of modules: the qrcode-generator library encodes it
 * (byte mode, error correction M, the smallest version that holds it), the page draws the grid as
 * inline SVG — no image request, no canvas.
 */
import qrcode from "qrcode-generator";

/** The modules of the code, row by row (true: dark); undefined when the text is too long for any version. */
export function qrModules(text: string): boolean[][] | undefined {
  const code = qrcode(0, "M");
  try {
    code.addData(text, "Byte");
    code.make();
  } catch (error) {
    // The library throws on data past version 40's capacity: too long a link has no code.
    console.warn("No QR code for the link:", error);
    return undefined;
  }
  const size = code.getModuleCount();
  const rows: boolean[][] = [];
  for (let row = 0; row < size; row++) {
    const cells: boolean[] = [];
    for (let col = 0; col < size; col++) cells.push(code.isDark(row, col));
    rows.push(cells);
  }
  return rows;
}

/** One SVG path drawing every dark module, one unit each, offset by the quiet zone. */
export function qrPath(modules: readonly (readonly boolean[])[], quiet: number): string {
  const parts: string[] = [];
  modules.forEach((cells, row) =>
    cells.forEach((dark, col) => {
      if (dark) parts.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }),
  );
  return parts.join("");
}
