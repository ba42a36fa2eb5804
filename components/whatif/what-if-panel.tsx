"use client";
/**
 * What-if in the detail panel: the person lines up actions — let a date pass, renew a certificate
 * as kubeadm would, renew all, stop a kubelet's rotation — and the engine judges a copy of the
 * files after each (lib/whatif). The answer says, per action, which relationships change colour,
 * and what is still broken at the end; it is marked as simulated, and no file is changed.
 */
import { useMemo, useState } from "react";
import type { Report, RelationshipStatus } from "@/lib/report";
import type { WhatIfView } from "@/lib/bridge/protocol";
import { actionLabel, type WhatIfAction } from "@/lib/whatif/actions";
import { renewCommand } from "@/lib/cluster/kubeadm-renew";
import { rotationRoots } from "@/lib/rotation/rotation-plan";
import { SIMULATED_BANNER } from "@/lib/format/what-if";
import { DetailSection } from "@/components/detail/detail-section";
import { StatusIcon } from "@/components/detail/status-icon";
import { TONE_TEXT } from "@/components/detail/status-badge";
import { InputText } from "@/components/shared/input-text";
import { testIds } from "@/components/test-ids";
import { useSimulate } from "./what-if-context";

const BUTTON =
  "border-line hover:bg-raised rounded-md border px-2.5 py-1 text-xs font-medium disabled:opacity-50";

/** The kubeadm names of the report's certificates, soonest to expire first. */
function renewableNames(report: Report): string[] {
  const byName = new Map<string, number>();
  for (const cert of report.certificates)
    for (const path of cert.paths) {
      const name = renewCommand(path)?.replace("kubeadm certs renew ", "");
      if (name && !(byName.get(name) !== undefined && (byName.get(name) ?? 0) <= cert.daysLeft))
        byName.set(name, cert.daysLeft);
    }
  return [...byName].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

function Status({ status }: { status: RelationshipStatus }) {
  return (
    <span className={`inline-flex items-center gap-1 ${TONE_TEXT[status]}`}>
      <StatusIcon tone={status} />
      {status}
    </span>
  );
}

function Result({ result }: { result: WhatIfView }) {
  const counts = (summary: WhatIfView["before"]) =>
    `${summary.error} error${summary.error === 1 ? "" : "s"}, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}`;
  return (
    <div data-testid={testIds.whatIfResult} className="flex flex-col gap-3 text-sm">
      <p className="bg-warning-soft text-warning rounded-md px-3 py-2 text-xs font-medium">
        {SIMULATED_BANNER}
      </p>
      <p className="text-muted text-xs">Before: {counts(result.before)}</p>
      <ol className="flex flex-col gap-3">
        {result.steps.map((step, index) => (
          <li
            key={index}
            className="border-line flex flex-col gap-1 rounded-md border px-3 py-2"
            data-what-if-step={index + 1}
          >
            <p className="font-medium">
              {index + 1}. <InputText text={step.label} />{" "}
              <span className="text-muted text-xs font-normal">→ {counts(step.summary)}</span>
            </p>
            {step.done.map((line) => (
              <p key={line} className="text-muted text-xs wrap-anywhere">
                <InputText text={line} />
              </p>
            ))}
            {step.problems.map((line) => (
              <p key={line} className="text-warning text-xs wrap-anywhere">
                Not done: <InputText text={line} />
              </p>
            ))}
            {step.changes.length === 0 ? (
              <p className="text-muted text-xs">No relationship changed colour.</p>
            ) : (
              <ul className="flex flex-col gap-0.5 text-xs">
                {step.changes.map((change) => (
                  <li
                    key={change.key}
                    className="flex flex-wrap items-center gap-1.5"
                    data-edge-change={change.key}
                  >
                    <span className="font-mono">
                      <InputText text={change.key} />
                    </span>
                    <Status status={change.from} /> → <Status status={change.to} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {result.stillBroken.length === 0
            ? "Afterwards nothing is broken."
            : `Still broken afterwards (${result.stillBroken.length}):`}
        </p>
        <ul className="flex flex-col gap-0.5 text-xs">
          {result.stillBroken.map((edge) => (
            <li key={edge.key} className="flex flex-wrap items-center gap-1.5" data-still-broken={edge.key}>
              <Status status={edge.status} />
              <span className="font-mono">
                <InputText text={edge.key} />
              </span>
              <span className="text-muted">{edge.findings.join(", ")}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function WhatIfPanel({ report }: { report: Report }) {
  const simulate = useSimulate();
  const names = useMemo(() => renewableNames(report), [report]);
  const nodes = useMemo(
    () => report.components.filter((c) => c.kind === "kubelet" && c.node).map((c) => c.node ?? ""),
    [report],
  );
  const nextYear = new Date(Date.parse(report.now) + 365 * 86_400_000).toISOString().slice(0, 10);
  const [date, setDate] = useState(nextYear);
  const [name, setName] = useState(names[0] ?? "");
  const [node, setNode] = useState(nodes[0] ?? "");
  const roots = useMemo(() => rotationRoots(report).filter((root) => root !== "sa"), [report]);
  const [root, setRoot] = useState(roots[0] ?? "");
  const [rotateStep, setRotateStep] = useState<1 | 2 | 3 | 5>(5);
  const [actions, setActions] = useState<WhatIfAction[]>([]);
  const [state, setState] = useState<{ running: boolean; result?: WhatIfView; error?: string }>({
    running: false,
  });
  const add = (action: WhatIfAction) => setActions((list) => [...list, action]);
  const run = async () => {
    if (!simulate || actions.length === 0) return;
    setState({ running: true });
    const answer = await simulate(actions);
    setState(
      typeof answer === "string" ? { running: false, error: answer } : { running: false, result: answer },
    );
  };
  return (
    <div data-testid={testIds.whatIf} className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">What if…</h2>
        <p className="text-muted text-sm">
          Line up actions and see which relationships change colour after each. Renewals are real: a fresh
          key, signed with the CA key in your files, on a copy in this tab&apos;s memory. Nothing is written,
          nothing leaves the tab.
        </p>
      </header>
      {!simulate && (
        <p className="text-muted text-sm">Simulations run only with the files loaded in this tab.</p>
      )}
      <DetailSection title="Actions">
        <div className="flex flex-col gap-2 text-xs">
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1.5">
              Let the date pass to
              <input
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                className="border-line bg-surface rounded-md border px-1.5 py-0.5"
              />
            </label>
            <button
              type="button"
              className={BUTTON}
              disabled={!date}
              onClick={() => add({ kind: "date", at: `${date}T00:00:00.000Z` })}
            >
              Add
            </button>
          </div>
          {names.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1.5">
                kubeadm certs renew
                <select
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  className="border-line bg-surface rounded-md border px-1.5 py-0.5"
                >
                  {names.map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {candidate}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className={BUTTON} onClick={() => add({ kind: "renew", target: name })}>
                Add
              </button>
              <button type="button" className={BUTTON} onClick={() => add({ kind: "renew", target: "all" })}>
                Add renew all
              </button>
              <button type="button" className={BUTTON} onClick={() => add({ kind: "renew", target: "plan" })}>
                Add the renewal plan&apos;s commands
              </button>
            </div>
          )}
          {roots.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1.5">
                Rotate
                <select
                  value={root}
                  onChange={(event) => setRoot(event.target.value)}
                  className="border-line bg-surface rounded-md border px-1.5 py-0.5"
                >
                  {roots.map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {candidate}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex items-center gap-1.5">
                through
                <select
                  value={rotateStep}
                  onChange={(event) => setRotateStep(Number(event.target.value) as 1 | 2 | 3 | 5)}
                  className="border-line bg-surface rounded-md border px-1.5 py-0.5"
                >
                  <option value={1}>step 1 (distribute)</option>
                  <option value={2}>step 2 (reissue)</option>
                  <option value={3}>step 3 (signer)</option>
                  <option value={5}>every step</option>
                </select>
              </label>
              <button
                type="button"
                className={BUTTON}
                onClick={() => add({ kind: "rotate", root, step: rotateStep })}
              >
                Add
              </button>
            </div>
          )}
          {nodes.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1.5">
                Stop client-certificate rotation on
                <select
                  value={node}
                  onChange={(event) => setNode(event.target.value)}
                  className="border-line bg-surface rounded-md border px-1.5 py-0.5"
                >
                  {nodes.map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {candidate}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className={BUTTON} onClick={() => add({ kind: "stop-rotation", node })}>
                Add
              </button>
            </div>
          )}
        </div>
        {actions.length > 0 && (
          <ol className="flex flex-col gap-1 text-sm" aria-label="Actions, in order">
            {actions.map((action, index) => (
              <li key={index} className="flex items-center gap-2">
                <span className="text-muted tabular-nums">{index + 1}.</span>
                <InputText text={actionLabel(action)} />
                <button
                  type="button"
                  aria-label={`Remove action ${index + 1}`}
                  onClick={() => setActions((list) => list.filter((_, i) => i !== index))}
                  className="text-muted hover:text-fg ml-auto"
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          data-testid={testIds.whatIfRun}
          disabled={!simulate || actions.length === 0 || state.running}
          onClick={() => void run()}
          className="bg-accent self-start rounded-md px-3 py-1.5 text-xs font-semibold text-white disabled:opacity-50"
        >
          {state.running ? "Simulating…" : "Simulate"}
        </button>
      </DetailSection>
      {state.error && <p className="text-error text-sm">{state.error}</p>}
      {state.result && (
        <DetailSection title="Result">
          <Result result={state.result} />
        </DetailSection>
      )}
    </div>
  );
}
