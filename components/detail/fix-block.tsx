/**
 * A finding's fix in a code-like block with a copy button: the command or flag to run, in the
 * person's own paths, ready to paste.
 */
import { CodeText } from "./code-text";
import { CopyButton } from "./copy-button";
import { plainText } from "./split-code-spans";

export function FixBlock({ fix }: { fix: string }) {
  return (
    <div className="bg-code text-code-fg rounded-md text-xs leading-5">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 py-1 pr-1 pl-3">
        <span className="font-medium tracking-wide text-white/70 uppercase">Fix</span>
        <CopyButton text={plainText(fix)} label="fix" look="code" />
      </div>
      <p className="px-3 py-2 font-mono break-words whitespace-pre-wrap">
        <CodeText text={fix} codeClassName="bg-white/10 text-white" />
      </p>
    </div>
  );
}
