"use client";
/**
 * Asks for the password of one locked PKCS#12 file. The native modal <dialog> gives focus
 * trapping and Escape (which skips). The password goes to the caller and from there to the next
 * analysis only: nothing here stores it, and the field's value is dropped when the dialog closes.
 */
import { useEffect, useId, useRef, useState } from "react";
import { testIds } from "../test-ids";
import { InputText } from "@/components/shared/input-text";

export interface PasswordDialogProps {
  /** The locked file's path, as the report names it. */
  path: string;
  /** The password given last time did not open it. */
  wrong: boolean;
  onOpen: (password: string) => void;
  onSkip: () => void;
}

/** Mounted only while a file waits for a password; opens itself as a modal. */
export function PasswordDialog({ path, wrong, onOpen, onSkip }: PasswordDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState("");
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-testid={testIds.passwordDialog}
      onCancel={(event) => {
        event.preventDefault();
        onSkip();
      }}
      className="bg-surface text-fg border-line m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border p-0 shadow-2xl backdrop:bg-black/50"
    >
      <form
        method="dialog"
        className="flex flex-col gap-3 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onOpen(password);
          setPassword("");
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          <code className="font-mono break-all">
            <InputText text={path} dir="ltr" />
          </code>{" "}
          is password-protected
        </h2>
        <p id={hintId} className="text-muted text-sm">
          A PKCS#12 file: its certificates and keys are read once it is opened. The password stays in this
          tab&apos;s memory and is never stored or sent anywhere.
        </p>
        {wrong ? (
          <p role="alert" className="text-error text-sm">
            That password did not open it. Try another, or skip the file.
          </p>
        ) : null}
        <label htmlFor={`${titleId}-password`} className="text-sm font-medium">
          Password
        </label>
        <input
          id={`${titleId}-password`}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="off"
          autoFocus
          data-testid={testIds.passwordInput}
          className="bg-canvas border-line rounded-lg border px-3 py-2 font-mono text-sm"
        />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onSkip}
            data-testid={testIds.passwordSkip}
            className="border-line bg-surface text-fg hover:bg-raised rounded-lg border px-3 py-1.5 text-sm"
          >
            Skip
          </button>
          <button
            type="submit"
            data-testid={testIds.passwordOpen}
            disabled={password === ""}
            className="bg-accent rounded-lg px-3 py-1.5 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-50 dark:text-[#0b1020]"
          >
            Open
          </button>
        </div>
      </form>
    </dialog>
  );
}
