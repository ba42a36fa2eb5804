"use client";
/**
 * The audit policy as one toolbar button ("Policy: strict · leaf 90 d") that opens a small form:
 * a shipped policy to start from, a policy file to load, the limits as numbers, and the file to
 * save. Values apply on "Apply", like the thresholds: every change re-judges the whole input. The
 * policy lives in the page's address (use-policy.ts); YAML is read and written only when asked
 * (the parser loads on demand).
 */
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useDismiss } from "@/components/export/use-dismiss";
import { InputText } from "@/components/shared/input-text";
import { CaretIcon, LineIcon } from "@/components/shared/icons";
import { testIds } from "@/components/test-ids";
import { POLICY_CURVES, type Policy } from "@/lib/policy/policy";
import { POLICY_PRESETS } from "@/lib/policy/policy-presets";
import { PolicyField } from "./policy-field";
import {
  describePolicy,
  draftOf,
  explainPolicy,
  otherSettings,
  policyOfDraft,
  type PolicyDraft,
} from "./policy-draft";
import type { PolicyState } from "./policy-store";

export interface PolicySettingsProps {
  value: PolicyState;
  onChange: (next: Policy | undefined) => void;
}

/** The largest file read as a policy (the parser refuses more anyway). */
const MAX_FILE_BYTES = 64 * 1024;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The audit policy: kubeadm's default, a shipped one, a file, or limits set here. */
export function PolicySettings({ value, onChange }: PolicySettingsProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PolicyDraft>(() => draftOf(value.policy));
  const [problem, setProblem] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);

  const start = (policy: Policy | undefined, message?: string) => {
    setDraft(draftOf(policy));
    setProblem(undefined);
    setNote(message);
  };

  const toggle = () => {
    if (!open) start(value.policy, value.error);
    setOpen(!open);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = policyOfDraft(draft);
    if (!read.ok) {
      setProblem(read.reason);
      return;
    }
    onChange(read.value);
    setOpen(false);
    button.current?.focus();
  };

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem(`${file.name} is ${file.size} bytes; a policy file is at most ${MAX_FILE_BYTES}`);
      return;
    }
    const { parsePolicy } = await import("@/lib/policy/parse-policy");
    const read = parsePolicy(await file.text());
    if (!read.ok) {
      setProblem(`${file.name}: ${read.reason}`);
      return;
    }
    start(read.value, `Loaded ${file.name}: Apply to judge with it.`);
  };

  const save = async () => {
    const read = policyOfDraft(draft);
    if (!read.ok) {
      setProblem(read.reason);
      return;
    }
    const { KUBEADM_DEFAULT_POLICY } = await import("@/lib/policy/default-policy");
    const { formatPolicyYaml } = await import("@/lib/policy/policy-yaml");
    const policy = read.value ?? KUBEADM_DEFAULT_POLICY;
    download(`${policy.name.replace(/[^A-Za-z0-9._-]+/g, "-")}.yaml`, formatPolicyYaml(policy));
  };

  const edit = (key: keyof Omit<PolicyDraft, "curves" | "base">) => (text: string) =>
    setDraft((current) => ({ ...current, [key]: text }));
  const toggleCurve = (curve: string) =>
    setDraft((current) => ({
      ...current,
      curves: current.curves.includes(curve)
        ? current.curves.filter((c) => c !== curve)
        : POLICY_CURVES.filter((c) => c === curve || current.curves.includes(c)),
    }));
  const others = otherSettings(draft.base);
  const isDefault = !value.policy;

  return (
    <div ref={root} className="relative" data-testid={testIds.policySettings}>
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        title={value.error ?? explainPolicy(value.policy)}
        className={`border-line bg-surface hover:text-fg inline-flex h-7 max-w-[12rem] items-center gap-1.5 rounded-md border px-2 text-xs whitespace-nowrap tabular-nums transition-colors ${
          value.error ? "border-error text-error" : isDefault ? "text-muted" : "text-fg border-accent/50"
        }`}
      >
        <LineIcon weight={1.5} className="size-3.5 shrink-0">
          <path d="M8 1.5 13.5 3.5v4c0 3.2-2.3 5.8-5.5 7-3.2-1.2-5.5-3.8-5.5-7v-4z" />
          <path d="m5.8 8 1.6 1.6 3-3.2" />
        </LineIcon>
        <span className="sr-only">Audit policy — </span>
        <span className="truncate">
          <InputText text={value.error ? "Policy: bad link" : describePolicy(value.policy)} />
        </span>
        <CaretIcon up={open} className="size-3 shrink-0" />
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          role="dialog"
          aria-labelledby={`${id}-heading`}
          className="border-line bg-surface absolute top-full left-0 z-30 mt-1.5 max-h-[80vh] w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto rounded-lg border p-3 shadow-lg shadow-black/10 dark:shadow-black/60"
        >
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <div>
              <h2 id={`${id}-heading`} className="text-sm font-semibold">
                Audit policy
              </h2>
              <p className="text-muted mt-0.5 text-xs">
                Violations are POLICY_* findings. The default is kubeadm&apos;s: 1-year leaves, 10-year CAs,
                on what kubeadm made.
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={`${id}-preset`} className="text-xs font-medium">
                Start from
              </label>
              <select
                id={`${id}-preset`}
                className="border-line bg-surface text-fg rounded-md border px-1.5 py-1 text-xs"
                value=""
                onChange={(event) => {
                  const preset = POLICY_PRESETS.find((p) => p.id === event.currentTarget.value);
                  if (preset) start(preset.policy.origin === "built-in" ? undefined : preset.policy);
                }}
              >
                <option value="">a shipped policy…</option>
                {POLICY_PRESETS.map((preset) => (
                  <option key={preset.id} value={preset.id}>
                    {preset.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                className="text-accent text-xs font-medium hover:underline"
              >
                Load .yaml…
              </button>
              <input
                ref={fileInput}
                type="file"
                accept=".yaml,.yml,.json,application/yaml,text/yaml"
                className="hidden"
                aria-label="Policy file"
                onChange={(event) => void load(event)}
              />
            </div>
            {note ? (
              <p role="status" className="text-muted text-xs">
                <InputText text={note} />
              </p>
            ) : null}
            <PolicyField id={`${id}-name`} label="Name" value={draft.name} onChange={edit("name")} text />
            <div className="grid grid-cols-2 gap-x-3 gap-y-2">
              <PolicyField
                id={`${id}-leaf`}
                label="Leaf max lifetime"
                unit="days"
                value={draft.leafMaxDays}
                onChange={edit("leafMaxDays")}
                autoFocus
              />
              <PolicyField
                id={`${id}-ca`}
                label="CA max lifetime"
                unit="days"
                value={draft.caMaxDays}
                onChange={edit("caMaxDays")}
              />
              <PolicyField
                id={`${id}-rsa`}
                label="Min RSA key"
                unit="bits"
                value={draft.minRsaBits}
                onChange={edit("minRsaBits")}
              />
              <fieldset className="flex flex-col gap-1">
                <legend className="text-xs font-medium">EC curves (none: any)</legend>
                <div className="flex flex-wrap gap-x-2">
                  {POLICY_CURVES.map((curve) => (
                    <label key={curve} className="inline-flex items-center gap-1 text-xs">
                      <input
                        type="checkbox"
                        checked={draft.curves.includes(curve)}
                        onChange={() => toggleCurve(curve)}
                      />
                      {curve}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
            <fieldset className="flex flex-col gap-1">
              <legend className="text-xs font-medium">Renew ahead (expiry window)</legend>
              <div className="grid grid-cols-3 gap-x-3">
                <PolicyField
                  id={`${id}-wleaf`}
                  label="Leaf"
                  unit="d"
                  value={draft.windowLeaf}
                  onChange={edit("windowLeaf")}
                />
                <PolicyField
                  id={`${id}-wkubelet`}
                  label="Kubelet"
                  unit="d"
                  value={draft.windowKubelet}
                  onChange={edit("windowKubelet")}
                />
                <PolicyField
                  id={`${id}-wca`}
                  label="CA"
                  unit="d"
                  value={draft.windowCa}
                  onChange={edit("windowCa")}
                />
              </div>
            </fieldset>
            {others.length > 0 ? (
              <p className="text-muted text-xs">
                Also from <InputText text={draft.base.name} />: <InputText text={others.join(" · ")} />
              </p>
            ) : null}
            {problem ? (
              <p role="alert" className="text-error text-xs">
                ✗ <InputText text={problem} />
              </p>
            ) : null}
            <div className="border-line flex flex-wrap items-center justify-between gap-2 border-t pt-3">
              <div className="flex gap-3">
                <button
                  type="button"
                  onClick={() => {
                    start(undefined);
                    if (!isDefault || value.error) onChange(undefined);
                  }}
                  className="text-accent text-xs font-medium hover:underline"
                >
                  Reset to default
                </button>
                <button
                  type="button"
                  onClick={() => void save()}
                  className="text-accent text-xs font-medium hover:underline"
                >
                  Save .yaml
                </button>
              </div>
              <button
                type="submit"
                className="bg-accent rounded-md px-3 py-1 text-xs font-semibold text-white transition-opacity hover:opacity-90 dark:text-[#0b1020]"
              >
                Apply
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}
