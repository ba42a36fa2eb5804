/**
 * Reads a QR code drawn as the round builder draws it (one SVG path of unit squares `M x y h1v1h-1z`
 * on white, the quiet zone included in `size`) the way a phone's camera would: rasterised to pixels
 * and decoded by jsQR. What comes out is what a student's phone opens.
 */
import jsQR from "jsqr";

const SCALE = 4;

/** The text the code holds, or undefined when it does not decode. */
export function decodeQrPath(path: string, size: number): string | undefined {
  const width = size * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const match of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const col = Number(match[1]);
    const row = Number(match[2]);
    for (let y = row * SCALE; y < (row + 1) * SCALE; y++)
      for (let x = col * SCALE; x < (col + 1) * SCALE; x++) {
        const at = (y * width + x) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
  }
  return jsQR(pixels, width, width)?.data;
}
