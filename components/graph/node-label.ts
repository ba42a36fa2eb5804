/**
 * Labels for the graph's boxes. SVG text neither wraps nor ellipsises, so each box carries its label
 * in a few forms, longest first (`kube-controller-manager`, `controller-manager`, `ctrl-manager`); the
 * renderer shows the longest that fits, measured in the browser's own font, and cuts the last one
 * when none does. The full name stays in the accessible name and the tooltip.
 */
import type { ComponentKind, ReportComponent, TrustAnchor } from "@/lib/report";
import { nodeLabel } from "@/lib/shared/node-label";

/** Width of a string in pixels for a CSS font shorthand. */
export type MeasureText = (text: string, font: string) => number;

/** Rough width when no canvas is at hand (server render, tests): average glyph ≈ 0.56 em. */
export function estimateText(text: string, font: string): number {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  return text.length * size * (/mono/i.test(font) ? 0.6 : 0.56);
}

/**
 * Cut a label to `max` characters. Paths keep both ends (`etc/…/admin.conf`), because the file name
 * and the folder both identify a file, and so do the names of a group's boxes (`middle`): nodes
 * that differ only at the end (`kind-control-plane2`, `…plane3`) stay apart; other text keeps its start.
 */
export function cutLabel(text: string, max: number, middle = text.includes("/")): string {
  if (text.length <= max) return text;
  if (max <= 1) return "…";
  if (middle) {
    const tail = Math.ceil((max - 1) / 2);
    const head = max - 1 - tail;
    return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
  }
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The first of `forms` that fits `width` pixels, else the last form cut (with an ellipsis) to the
 * longest prefix, or ends, that fits. With `peers` (a group's `widestForms`), a form is taken only
 * where the group's widest at that place fits too, so every box of the group says its name the same
 * way: all `kubelet (kind-worker)`, or all `kind-worker`, never some of each.
 */
export function fitText(
  forms: readonly string[],
  width: number,
  font: string,
  measure: MeasureText,
  peers: readonly string[] = [],
): string {
  for (const [index, form] of forms.entries()) {
    const widest = peers[index];
    if (measure(form, font) <= width && (widest === undefined || measure(widest, font) <= width)) return form;
  }
  const last = forms[forms.length - 1] ?? "";
  const middle = peers.length > 0 || last.includes("/");
  let low = 1;
  let high = last.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(cutLabel(last, mid, middle), font) <= width) low = mid;
    else high = mid - 1;
  }
  return cutLabel(last, low, middle);
}

/**
 * For each place in the boxes' label forms, the longest form any box has there: what a box must fit
 * for its whole group (the graph's kubelets) to take that form.
 */
export function widestForms(formsOfBoxes: readonly (readonly string[])[]): string[] {
  const widest: string[] = [];
  for (const forms of formsOfBoxes)
    forms.forEach((form, index) => {
      if (form.length > (widest[index]?.length ?? -1)) widest[index] = form;
    });
  return widest;
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
  if (component.kind === "kubelet" && component.node)
    forms = [nodeLabel("kubelet", component.node), component.node];
  else if (component.kind === "kubelet" && bootstrapOnly)
    forms = [nodeLabel("kubelet", "bootstrap"), "bootstrap"];
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
