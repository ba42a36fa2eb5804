/**
 * Labels for the graph's boxes. SVG text neither wraps nor ellipsises, so each box carries its label
 * in a few forms, longest first (`kube-controller-manager`, `controller-manager`, `ctrl-manager`); the
 * renderer shows the longest that fits, measured in the browser's own font, and cuts the last one
 * when none does. The full name stays in the accessible name and the tooltip.
 */
import type { ComponentKind, ReportComponent, TrustAnchor } from "@/lib/report";

/** Width of a string in pixels for a CSS font shorthand. */
export type MeasureText = (text: string, font: string) => number;

/** Rough width when no canvas is at hand (server render, tests): average glyph ≈ 0.56 em. */
export function estimateText(text: string, font: string): number {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  return text.length * size * (/mono/i.test(font) ? 0.6 : 0.56);
}

/**
 * Cut a label to `max` characters. Paths keep both ends (`etc/…/admin.conf`), because the file name
 * and the folder both identify a file; other text keeps its start.
 */
export function cutLabel(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "…";
  if (text.includes("/")) {
    const tail = Math.ceil((max - 1) / 2);
    const head = max - 1 - tail;
    return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
  }
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The first of `forms` that fits `width` pixels, else the last form cut (with an ellipsis) to the
 * longest prefix, or ends, that fits.
 */
export function fitText(forms: readonly string[], width: number, font: string, measure: MeasureText): string {
  for (const form of forms) if (measure(form, font) <= width) return form;
  const last = forms[forms.length - 1] ?? "";
  let low = 1;
  let high = last.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(cutLabel(last, mid), font) <= width) low = mid;
    else high = mid - 1;
  }
  return cutLabel(last, low);
}

/** Forms by kind, longest first, for the components whose report name is long. */
const FORMS_BY_KIND: Partial<Record<ComponentKind, string[]>> = {
  "kube-apiserver": ["kube-apiserver", "apiserver"],
  "kube-controller-manager": ["kube-controller-manager", "controller-manager", "ctrl-manager", "ctrl-mgr"],
  "kube-scheduler": ["kube-scheduler", "scheduler"],
  "etcd-healthcheck": ["etcd healthcheck", "healthcheck"],
  "front-proxy": ["aggregated APIs", "front-proxy"],
  clients: ["API clients", "clients"],
};

/** The person or tool behind a user kubeconfig: `home/alice/.kube/config` → `~alice`. */
function userOf(path: string): string {
  const home = /^(?:home\/)?([^/]+)\/\.kube\//.exec(path);
  if (home?.[1]) return `~${home[1]}`;
  return path.split("/").pop() ?? path;
}

/**
 * The label forms of a component box, longest first. A kubelet without a node that only bootstraps
 * is named for what it does, so it is not mistaken for a second node's kubelet. The compact layout
 * starts from the short forms.
 */
export function componentLabels(
  component: ReportComponent,
  options: { compact: boolean; bootstrapOnly: boolean },
): string[] {
  const { compact, bootstrapOnly } = options;
  let forms: string[];
  if (component.kind === "kubelet" && component.node) forms = [`kubelet (${component.node})`, component.node];
  else if (component.kind === "kubelet" && bootstrapOnly) forms = ["kubelet (bootstrap)", "bootstrap"];
  else if (component.kind === "user") {
    // `~alice`, so a person's kubeconfig never reads like kubeadm's admin.conf ("kubectl (admin)").
    const who = userOf(component.sources[0] ?? component.id.replace(/^user:/, ""));
    forms = [`kubectl (${who})`, who];
  } else if (component.kind === "admin") {
    const who = /\(([^)]+)\)/.exec(component.name)?.[1];
    forms = who ? [component.name, who] : [component.name];
  } else forms = FORMS_BY_KIND[component.kind] ?? [component.name];
  return compact && forms.length > 1 ? forms.slice(1) : forms;
}

/** `Cluster CA (kubernetes)` → `Cluster CA`: the role, without the subject the tooltip repeats. */
export function anchorLabels(anchor: TrustAnchor): string[] {
  const base = anchor.name.replace(/\s*\([^)]*\)\s*$/, "") || anchor.role;
  return anchor.kind === "key-pair" && anchor.role === "service-account" ? [base, "SA key pair"] : [base];
}

/**
 * Where the anchor lives, relative to /etc/kubernetes when it is there, a stand-alone file first;
 * then just its file name, for narrow boxes.
 */
export function anchorCaptions(anchor: TrustAnchor): string[] {
  const path = (anchor.paths.find((p) => !p.includes("#")) ?? anchor.paths[0])?.replace(
    /^etc\/kubernetes\//,
    "",
  );
  if (!path) return [];
  const file = path.includes("#") ? (path.split("#")[0] ?? path) : (path.split("/").pop() ?? path);
  return file === path ? [path] : [path, file];
}
