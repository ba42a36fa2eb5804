"use client";
/**
 * A modal for pasting certificate or kubeconfig text: the quickest way to check one certificate or
 * one kubeconfig someone sent. The native <dialog> gives focus trapping, Escape and the backdrop.
 */
import { useId, useRef, useState } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { testIds } from "../test-ids";
import { pastedFile, pastedFileName } from "./pasted-file";
import { LineIcon } from "@/components/shared/icons";

export interface PasteDialogProps {
  /** Number of this paste, for the file name (`pasted-1.pem`, `pasted-2.conf`). */
  n: number;
  onPaste: (file: AnalysisFile) => void;
  buttonClassName: string;
}

/** The "Paste" button and the dialog it opens. */
export function PasteDialog({ n, onPaste, buttonClassName }: PasteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState("");
  const titleId = useId();
  const hintId = useId();
  const empty = text.trim() === "";

  const close = () => dialog.current?.close();
  const submit = () => {
    if (empty) return;
    onPaste(pastedFile(text, n));
    setText("");
    close();
  };

  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        data-testid={testIds.pasteButton}
        onClick={() => dialog.current?.showModal()}
      >
        <LineIcon grid={24} weight={2} roundJoins>
          <rect x="8" y="3" width="8" height="4" rx="1" />
          <path d="M16 5h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2" />
        </LineIcon>
        Paste
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        data-testid={testIds.pasteDialog}
        className="bg-surface text-fg border-line m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl border p-0 shadow-2xl backdrop:bg-black/50"
      >
        <form
          method="dialog"
          className="flex flex-col gap-3 p-4 sm:p-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 id={titleId} className="text-base font-semibold">
            Paste a certificate or kubeconfig
          </h2>
          <p id={hintId} className="text-muted text-sm">
            PEM blocks (certificates, keys, bundles) or a kubeconfig. It is read in this tab as{" "}
            <code className="text-fg font-mono whitespace-nowrap">{pastedFileName(text, n)}</code>.
          </p>
          <label className="sr-only" htmlFor={`${titleId}-text`}>
            PEM or kubeconfig text
          </label>
          <textarea
            id={`${titleId}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={12}
            spellCheck={false}
            autoComplete="off"
            placeholder={"-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----"}
            className="bg-canvas border-line placeholder:text-muted/70 min-h-40 w-full resize-y rounded-lg border p-3 font-mono text-xs leading-relaxed"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={close}
              className="border-line bg-surface text-fg hover:bg-raised rounded-lg border px-3 py-1.5 text-sm"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={empty}
              className="bg-accent rounded-lg px-3 py-1.5 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-50 dark:text-[#0b1020]"
            >
              Analyse
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
