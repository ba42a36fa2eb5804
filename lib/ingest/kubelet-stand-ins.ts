/**
 * The kubelet keeps each certificate it rotates as `kubelet-client-YYYY-MM-DD-HH-MM-SS.pem` (and
 * `kubelet-server-…` for serving) and points `kubelet-client-current.pem` at the newest with a
 * symlink (k8s.io/client-go/util/certificate/certificate_store.go). That link is what `kubelet.conf`
 * names, and it is exactly what goes missing on the way to us: Chromium skips links in a dropped
 * folder, `zip` without `-y` and Windows copies lose them. When a folder has dated files but no
 * `-current.pem`, the newest dated file stands in for it — what the link would point at on a
 * kubelet that rotated normally — so every door gives the same verdict.
 */
import { basename, dirname } from "./resolve-path";
import type { InputFile, LinkStandIn } from "../inventory";

/** A file name the kubelet gives a rotated certificate: `kubelet-client-2026-01-01-00-00-00.pem`. */
export const KUBELET_DATED_FILE = /^kubelet-(client|server)-(\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2})\.pem$/;

/**
 * The stand-ins for absent `kubelet-{client,server}-current.pem` links: one per folder and kind,
 * the newest dated file by the timestamp in its name. `files` must hold every path of the input.
 */
export function kubeletLinkStandIns(files: readonly InputFile[]): LinkStandIn[] {
  const present = new Set(files.map((file) => file.path));
  const newest = new Map<string, InputFile>();
  const stamps = new Map<string, string>();
  for (const file of files) {
    const match = KUBELET_DATED_FILE.exec(basename(file.path));
    if (!match?.[1] || !match[2]) continue;
    const dir = dirname(file.path);
    const current = `${dir === "" ? "" : `${dir}/`}kubelet-${match[1]}-current.pem`;
    if (present.has(current)) continue;
    const best = stamps.get(current);
    if (best === undefined || match[2] > best) {
      stamps.set(current, match[2]);
      newest.set(current, file);
    }
  }
  return [...newest].map(([path, file]) => ({ path, target: file.path, bytes: file.bytes }));
}
