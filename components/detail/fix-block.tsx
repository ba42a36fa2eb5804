/**
 * A finding's fix: the prose, in the person's own paths, with flags and files set as code; then each
 * command it names in a terminal box with its own Copy button, ready to paste. Prose is never put in
 * a terminal box, where it would look like something to run.
 */
import { testIds } from "../test-ids";
import { CodeText } from "./code-text";
import { CopyButton } from "./copy-button";
import { fixCommands } from "./fix-commands";
import { CommandText } from "@/components/shared/command-text";

export function FixBlock({ fix }: { fix: string }) {
  const commands = fixCommands(fix);
  return (
    <div
      data-testid={testIds.fixBlock}
      className="border-accent/30 bg-accent-soft/40 flex flex-col gap-2 rounded-md border px-3 py-2 text-xs leading-5"
    >
      <p className="break-words">
        <span className="text-accent mr-1.5 font-semibold tracking-wide uppercase">Fix</span>
        <CodeText text={fix} />
      </p>
      {commands.map((command) => (
        <div key={command} className="bg-code text-code-fg flex items-start gap-2 rounded-md py-1 pr-1 pl-3">
          {/* Focusable: a command too long for the box scrolls, and a keyboard must reach it. */}
          <code
            data-command-box
            tabIndex={0}
            aria-label="Command"
            className="min-w-0 flex-1 rounded py-1 font-mono"
          >
            <span aria-hidden="true" className="text-white/50 select-none">
              ${" "}
            </span>
            <CommandText command={command} />
          </code>
          <CopyButton text={command} label="command" look="code" />
        </div>
      ))}
    </div>
  );
}
