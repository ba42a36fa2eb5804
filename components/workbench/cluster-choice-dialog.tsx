"use client";
/**
 * Asks what a drop is when it shares no CA key with the loaded files: another cluster (replace what
 * is loaded), or more of this one after all (add it). Judging two clusters as one would mix their
 * graphs and findings, so this is never decided silently. The native modal <dialog> traps focus and
 * starts it on Cancel, the choice that changes nothing; Escape cancels too, leaving the loaded files
 * as they were.
 */
import { Fragment, useEffect, useId, useRef } from "react";
import { testIds } from "../test-ids";
import { InputPieces, InputText } from "@/components/shared/input-text";

export interface ClusterChoiceDialogProps {
  /** The new drop's label (its folder or archive name). */
  label: string;
  fileCount: number;
  /** The new drop's CA names, and the loaded files' (may be empty: leaves only). */
  authorities: string[];
  loadedAuthorities: string[];
  onReplace: () => void;
  onAdd: () => void;
  onCancel: () => void;
}

const BUTTON = "rounded-lg px-3 py-1.5 text-sm font-medium";

/** A kubelet's own self-signed serving CA (`<node>-ca@<unix time>`) says nothing about the cluster. */
const KUBELET_SELF_SIGNED_CA = /-ca@\d+$/;

/** The CA names worth showing, the first four of them, and how many more there are. */
function names(all: string[]): { shown: string[]; more: number } {
  const list = all.filter((name) => !KUBELET_SELF_SIGNED_CA.test(name));
  return { shown: list.slice(0, 4), more: Math.max(0, list.length - 4) };
}

/** “ca-1”, “ca-2” and 3 more: each name quoted and isolated on its own, its hidden characters shown. */
function NameList({ names }: { names: { shown: string[]; more: number } }) {
  return (
    <>
      {names.shown.map((name, index) => (
        <Fragment key={index}>
          {index > 0 && ", "}“<InputText text={name} />”
        </Fragment>
      ))}
      {names.more > 0 && ` and ${names.more} more`}
    </>
  );
}

/** Mounted only while a drop waits for the person's answer; opens itself as a modal. */
export function ClusterChoiceDialog(props: ClusterChoiceDialogProps) {
  const { label, fileCount, authorities, loadedAuthorities, onReplace, onAdd, onCancel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const theirs = names(authorities);
  const ours = names(loadedAuthorities);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testIds.clusterChoice}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="bg-surface text-fg border-line m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-4 sm:p-5">
        <h2 id={titleId} className="text-base font-semibold">
          Another cluster?{" "}
          <bdi className="font-mono break-all">
            <InputPieces text={label} />
          </bdi>{" "}
          shares no CA with what is loaded
        </h2>
        <div id={bodyId} className="text-muted flex flex-col gap-2 text-sm">
          <p>
            None of its {fileCount} file{fileCount === 1 ? "" : "s"} carries a certificate authority key of
            the loaded files, or a certificate issued by one
            {theirs.shown.length > 0 ? (
              <>
                {" "}
                (its CAs: <NameList names={theirs} />
                {ours.shown.length > 0 ? (
                  <>
                    ; loaded: <NameList names={ours} />
                  </>
                ) : null}
                )
              </>
            ) : null}
            . Names can match across clusters; keys cannot.
          </p>
          <p>
            Judged together, two clusters would share one graph and one list of findings. Replace the loaded
            files to look at this cluster alone, or add it if it belongs to the same cluster after all (a node
            whose certificates come from a CA not in the loaded files).
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            data-testid={testIds.clusterChoiceCancel}
            className={`border-line bg-surface text-fg hover:bg-raised border ${BUTTON}`}
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onAdd}
            data-testid={testIds.clusterChoiceAdd}
            className={`border-line bg-surface text-fg hover:bg-raised border ${BUTTON}`}
          >
            Add to this cluster
          </button>
          <button
            type="button"
            onClick={onReplace}
            data-testid={testIds.clusterChoiceReplace}
            className={`bg-accent text-white dark:text-[#0b1020] ${BUTTON}`}
          >
            Replace the loaded files
          </button>
        </div>
      </div>
    </dialog>
  );
}
