/**
 * A day's shell commands in a dark code block, one per line, with a copy button that copies exactly
 * what is shown, ready to paste into a shell on the control-plane node.
 */
import { CopyButton } from "@/components/detail/copy-button";
import { testIds } from "@/components/test-ids";

export function CommandBlock({ commands, label }: { commands: string[]; label: string }) {
  return (
    <div
      data-testid={testIds.renewalCommands}
      className="bg-code text-code-fg min-w-0 rounded-md text-xs leading-5"
    >
      <div className="flex items-center justify-between gap-2 border-b border-white/10 py-1 pr-1 pl-3">
        <span className="font-medium tracking-wide text-white/70 uppercase">Run</span>
        <CopyButton text={commands.join("\n")} label={label} look="code" />
      </div>
      <pre className="px-3 py-2 font-mono break-words whitespace-pre-wrap">
        {commands.map((command) => (
          <code key={command} className="block">
            <span aria-hidden="true" className="text-white/40 select-none">
              ${" "}
            </span>
            {command}
          </code>
        ))}
      </pre>
    </div>
  );
}
