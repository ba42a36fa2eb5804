"use client";
/**
 * The node collector on the start page: how to run it on a node, with Copy buttons, why
 * `--public-keys-only` is the default, and the script itself to read before running it. From a site
 * a node can reach, the one line names this site by the page's own address, known only in the
 * browser (the site is static). From a loopback origin that address is the node itself, so the panel
 * offers the package's `collect` and the steps to copy the script over instead.
 */
import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/detail/copy-button";
import { CommandText } from "@/components/shared/command-text";
import { testIds } from "@/components/test-ids";
import { COLLECTOR_FILE, COLLECTOR_PATH, collectorOffer, PUBLIC_KEYS_ONLY } from "./collector-command";

const noSubscription = () => () => {};

/** One command in a code box with its Copy button; wraps between words, scrolls past a long one. */
function CommandLine(props: { command: string; label: string; testId?: string }) {
  return (
    <div className="bg-code text-code-fg flex min-w-0 items-start gap-2 rounded-md py-1 pr-1 pl-3 text-xs leading-5">
      {/* Focusable: a command too long for the box scrolls, and a keyboard must reach it. */}
      <code
        data-command-box
        data-testid={props.testId}
        tabIndex={0}
        aria-label={props.label}
        className="min-w-0 flex-1 rounded py-1 font-mono"
      >
        <CommandText command={props.command} />
      </code>
      <CopyButton text={props.command} label={props.label} look="code" />
    </div>
  );
}

function ScriptLink({ download, children }: { download?: boolean; children: string }) {
  return (
    <a
      href={COLLECTOR_PATH}
      download={download ? COLLECTOR_FILE : undefined}
      data-testid={testIds.collectorScript}
      className="text-accent font-medium underline"
    >
      {children}
    </a>
  );
}

export function CollectorPanel() {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const offer = collectorOffer(origin);
  return (
    <section
      aria-labelledby="collector-heading"
      data-testid={testIds.collectorPanel}
      data-collector-offer={offer.kind}
      className="border-line bg-raised flex w-full max-w-2xl min-w-0 flex-col gap-2 rounded-lg border px-3 py-3 text-left"
    >
      <h3 id="collector-heading" className="text-sm font-semibold">
        Collect from a node
      </h3>
      {offer.kind === "one-line" ? (
        <>
          <p className="text-muted text-xs text-pretty">
            Run this on a node: it gathers what the explorer reads into one{" "}
            <code className="font-mono">&lt;hostname&gt;-k8s-pki.tgz</code> to drop here.
          </p>
          <CommandLine
            command={offer.command}
            label="the collector command"
            testId={testIds.collectorCommand}
          />
        </>
      ) : (
        <>
          <p className="text-muted text-xs text-pretty">
            This page is served from this computer, so a node cannot fetch the collector from its address. On
            a node with Node.js 20.9 or later, run the package&apos;s collector: it gathers what the explorer
            reads into one <code className="font-mono">&lt;hostname&gt;-k8s-pki.tgz</code> to drop here.
          </p>
          <CommandLine command={offer.npx} label="the collect command" testId={testIds.collectorCommand} />
          <p className="text-muted text-xs text-pretty">
            Or <ScriptLink download>download the script</ScriptLink> and copy it over (
            <code className="font-mono">NODE</code> is the node&apos;s address):
          </p>
          <ol className="flex min-w-0 flex-col gap-1.5">
            {offer.steps.map((step, index) => (
              <li key={step.command} data-collector-step={index + 1} className="flex min-w-0 flex-col gap-1">
                <p className="text-muted text-xs">
                  {index + 1}. {step.why}
                </p>
                <CommandLine command={step.command} label={`step ${index + 1}`} />
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="text-muted text-xs text-pretty">
        <code className="font-mono">{PUBLIC_KEYS_ONLY}</code> is recommended: the archive then holds no
        private key, and pairing is checked on the public halves.{" "}
        {offer.kind === "one-line" ? (
          <>
            <ScriptLink>Read the script</ScriptLink> before running it, or use{" "}
            <code className="font-mono">k8s-pki collect</code>.
          </>
        ) : (
          <>Read the script before running it: it is plain sh.</>
        )}
      </p>
    </section>
  );
}
