/**
 * Where one node's files start in a drop of several: `cp-2/etc/kubernetes/pki/ca.crt` belongs to the
 * node folder `cp-2`, `backup/worker-7/var/lib/kubelet/config.yaml` to `backup/worker-7`. A node's
 * files live under the root directories of its file system, so the folder above the first of them
 * is the node's. A path with none of them (`pki/ca.crt` of a bare copy) has no root of its own.
 */
import { pathSegments } from "../ingest/resolve-path";

/** Top-level directories of a node's file system that hold Kubernetes files. */
const SYSTEM_DIRS = new Set(["etc", "var", "home", "root", "opt", "usr", "srv", "run"]);

/** Folders of a bare copy of /etc/kubernetes: the node folder is the one above them. */
const KUBERNETES_DIRS = new Set(["pki", "manifests"]);

/**
 * The node folder a path lies in: "" for a drop of one node's root, undefined when unknown. Copies
 * without the system directories (`cp-2/pki/apiserver.crt`, a copy of /etc/kubernetes) are placed
 * by the folder above `pki/` or `manifests/`.
 */
export function nodeRoot(path: string): string | undefined {
  const segments = pathSegments(path);
  for (let i = 0; i < segments.length - 1; i++) {
    if (SYSTEM_DIRS.has(segments[i] ?? "")) return segments.slice(0, i).join("/");
  }
  for (let i = 0; i < segments.length - 1; i++) {
    if (KUBERNETES_DIRS.has(segments[i] ?? "")) return segments.slice(0, i).join("/");
  }
  return undefined;
}

/** Whether `path` lies inside the node folder `root` ("" holds every path). */
export function isUnder(path: string, root: string): boolean {
  return root === "" || path === root || path.startsWith(`${root}/`);
}
