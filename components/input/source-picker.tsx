"use client";
/**
 * The keyboard way in: "Choose folder" (a whole /etc/kubernetes or /var/lib/kubelet), "Choose files"
 * (single files or archives) and "Paste" (text). Each hands the same `onFiles(files, label)` the
 * drop zone does. The real file inputs stay in the page (hidden) so tests can set files on them.
 * No `accept` filter: kubeconfigs are often named `config`, and archives (.tgz, .zip) are welcome.
 */
import { useRef, useState, type ChangeEvent } from "react";
import { testIds } from "../test-ids";
import { deliverPicked, type InputHandlers } from "./input-handlers";
import { PasteDialog } from "./paste-dialog";
import { pickedFromList } from "./picked-file";
import { LineIcon } from "@/components/shared/icons";

const BUTTON =
  "border-line bg-surface text-fg hover:bg-raised inline-flex h-9 items-center gap-2 rounded-lg border px-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-3";

export interface SourcePickerProps extends InputHandlers {
  /** Extra classes for the row of buttons. */
  className?: string;
}

/** Three buttons, each an accessible way to give the explorer files. */
export function SourcePicker({ onFiles, onReading, className = "" }: SourcePickerProps) {
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const [pastes, setPastes] = useState(0);

  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = pickedFromList(input.files ?? []);
    // Cleared so choosing the same folder again still fires a change.
    input.value = "";
    void deliverPicked(picked, [], { onFiles, onReading });
  };

  return (
    <div className={`flex flex-wrap items-center gap-1.5 sm:gap-2 ${className}`}>
      <button type="button" className={BUTTON} onClick={() => folderInput.current?.click()}>
        <LineIcon grid={24} weight={2} roundJoins>
          <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />
        </LineIcon>
        Choose folder
      </button>
      <input
        ref={folderInput}
        type="file"
        multiple
        {...{ webkitdirectory: "" }}
        hidden
        tabIndex={-1}
        aria-label="Choose a folder to analyse"
        data-testid={testIds.folderInput}
        onChange={take}
      />
      <button type="button" className={BUTTON} onClick={() => filesInput.current?.click()}>
        <LineIcon grid={24} weight={2} roundJoins>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
          <path d="M14 3v5h5" />
        </LineIcon>
        Choose files
      </button>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label="Choose files or archives to analyse"
        data-testid={testIds.filesInput}
        onChange={take}
      />
      <PasteDialog
        n={pastes + 1}
        buttonClassName={BUTTON}
        onPaste={(file) => {
          setPastes((count) => count + 1);
          onFiles([file], file.path, []);
        }}
      />
    </div>
  );
}
