/**
 * Saving a file the page made, without a server: an object URL on a temporary `<a download>`. The
 * URL is released a little later, after the browser has started reading it.
 */

/** Offer `blob` to the person as a download called `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
