/**
 * Shell commands in a dark code block, one per line, under a title that says where they run ("Run on
 * cp-1"), with a copy button that copies exactly what is shown, ready to paste into that node's shell.
 */
import { CopyButton } from "@/components/detail/copy-button";
import { testIds } from "@/components/test-ids";
import { CommandText } from "@/components/shared/command-text";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";

export function CommandBlock({
  commands,
  label,
  title = "Run",
}: {
  commands: string[];
  label: string;
  title?: string;
}) {
  return (
    <div
      data-testid={testIds.renewalCommands}
      className="bg-code text-code-fg min-w-0 rounded-md text-xs leading-5"
    >
      <div className="flex items-center justify-between gap-2 border-b border-white/10 py-1 pr-1 pl-3">
        <span className="font-medium text-white/80">
          <InputText text={title} dir="ltr" />
        </span>
        <CopyButton text={commands.join("\n")} label={label} look="code" />
      </div>
      {/* Focusable: a command too long for the box scrolls, and a keyboard must reach it. */}
      <pre
        data-command-box
        tabIndex={0}
        aria-label={`Commands: ${inertText(title)}`}
        className="rounded-b-md px-3 py-2 font-mono"
      >
        {commands.map((command) => (
          <code key={command} className="block">
            <span aria-hidden="true" className="text-white/40 select-none">
              ${" "}
            </span>
            <CommandText command={command} />
          </code>
        ))}
      </pre>
    </div>
  );
}
