/**
 * The what-if actions and how they read: parsed from the command line (`--what-if renew:apiserver`)
 * and shown on the page. Light on purpose: the page's own bundle imports it, the simulation
 * (what-if.ts) runs in the Worker.
 */

export type WhatIfAction =
  | { kind: "date"; at: string }
  | { kind: "renew"; target: string }
  | { kind: "stop-rotation"; node: string }
  /** Take a rotation of the trust root through `step` (1, 2, 3 or 5: the whole procedure). */
  | { kind: "rotate"; root: string; step: 1 | 2 | 3 | 5 };

const ROTATE_STEP_WORDS = {
  1: "the new CA distributed next to the old one",
  2: "the leaves reissued from it",
  3: "the signer and the kubelets on it",
} as const;

/** `renew:apiserver`, `date:2027-11-20`, `stop-rotation:worker-1` → an action, or why not. */
export function parseWhatIf(text: string): WhatIfAction | { error: string } {
  const colon = text.indexOf(":");
  const verb = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? "" : text.slice(colon + 1).trim();
  const usage =
    "expected renew:<name|all|plan>, date:<YYYY-MM-DD>, rotate:<ca>[:<step>] or stop-rotation:<node>";
  if (value === "") return { error: `bad --what-if '${text}': ${usage}` };
  switch (verb) {
    case "date": {
      const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value))
        return { error: `bad --what-if '${text}': a date is YYYY-MM-DD or an ISO date-time with a zone` };
      return { kind: "date", at: new Date(ms).toISOString() };
    }
    case "renew":
      return { kind: "renew", target: value };
    case "stop-rotation":
      return { kind: "stop-rotation", node: value };
    case "rotate": {
      const [root = "", step = "5"] = value.split(":");
      if (root === "" || !["1", "2", "3", "5"].includes(step))
        return { error: `bad --what-if '${text}': rotate:<ca>[:1|2|3|5], e.g. rotate:cluster-ca:2` };
      return { kind: "rotate", root, step: Number(step) as 1 | 2 | 3 | 5 };
    }
    default:
      return { error: `bad --what-if '${text}': ${usage}` };
  }
}

/** How an action reads in a sentence. */
export function actionLabel(action: WhatIfAction): string {
  switch (action.kind) {
    case "date":
      return `let the date pass to ${action.at.slice(0, 10)}`;
    case "renew":
      return action.target === "all"
        ? "kubeadm certs renew all, on every control plane"
        : action.target === "plan"
          ? "run the renewal plan's kubeadm commands for what is due"
          : `renew ${action.target}`;
    case "stop-rotation":
      return `stop the kubelet's client-certificate rotation on ${action.node}`;
    case "rotate":
      return action.step === 5
        ? `rotate ${action.root}: every step, the old CA removed`
        : `rotate ${action.root} through step ${action.step} (${ROTATE_STEP_WORDS[action.step]})`;
  }
}
