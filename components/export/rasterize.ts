/**
 * An exported SVG as a PNG, drawn in this tab: the SVG becomes an image from a blob URL (the page's
 * Content-Security-Policy allows `img-src blob:`), is painted on a canvas at `scale` times its size
 * for sharp text on high-density screens and in documents, and read back with `canvas.toBlob`.
 */
import type { SvgSnapshot } from "./svg-export";

/** PNG bytes of `snapshot`, `scale` × its width and height in pixels. */
export async function rasterize(snapshot: SvgSnapshot, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([snapshot.markup], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = snapshot.width * scale;
    canvas.height = snapshot.height * scale;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("this browser gives no 2D canvas");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("the canvas could not be encoded as PNG"))),
        "image/png",
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
