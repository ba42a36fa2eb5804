/**
 * A lab's commands in the scenario panel, as in its LAB.md: why to run each, the command in a code
 * box with a Copy button. A command wraps only between its words (a path never breaks) and scrolls
 * sideways when one word is wider than the box. The answer is not here: it stays in LAB.md's fold.
 */
import type { LabCommand } from "@/lib/scenarios/lab";
import { CopyButton } from "@/components/detail/copy-button";
import { testIds } from "../test-ids";

/** The words of a command, each kept whole, with the spaces between them as the only breaks. */
function CommandWords({ command }: { command: string }) {
  const words = command.split(" ");
  return (
    <>
      {words.map((word, index) => (
        <span key={index}>
          <span className="whitespace-nowrap">{word}</span>
          {index < words.length - 1 ? " " : null}
        </span>
      ))}
    </>
  );
}

export function LabCommands({ commands, note }: { commands: readonly LabCommand[]; note: string }) {
  return (
    <section
      aria-label="Try it yourself"
      data-testid={testIds.scenarioLab}
      data-lab-commands={commands.length}
      className="flex min-w-0 flex-col gap-2"
    >
      <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">Try it yourself</h3>
      <p className="text-muted text-xs">{note}</p>
      <ol className="flex min-w-0 flex-col gap-2.5">
        {commands.map(({ why, command }, index) => (
          <li key={command} className="flex min-w-0 flex-col gap-1">
            <p className="text-sm leading-snug">
              <span className="text-muted font-mono text-xs">{index + 1}.</span> {why}
            </p>
            <div className="bg-code text-code-fg flex min-w-0 items-start gap-1 rounded-md py-1 pr-1">
              {/* Focusable: a command too long for the box scrolls, and a keyboard must reach it. */}
              <pre
                data-command-box
                tabIndex={0}
                aria-label={`Command ${index + 1}`}
                className="focus-visible:ring-accent min-w-0 flex-1 overflow-x-auto rounded py-1 pl-3 font-mono text-xs leading-5 break-normal whitespace-pre-wrap outline-none focus-visible:ring-2"
              >
                <code>
                  <CommandWords command={command} />
                </code>
              </pre>
              <CopyButton text={command} label={`command ${index + 1}`} look="code" />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
