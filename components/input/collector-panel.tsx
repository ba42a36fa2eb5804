"use client";
/**
 * The node collector on the start page: the one line to run on a node, with a Copy button, why
 * `--public-keys-only` is the default, and the script itself to read before running it. The line
 * names this site by the page's own address, known only in the browser (the site is static).
 */
import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/detail/copy-button";
import { testIds } from "@/components/test-ids";
import { COLLECTOR_PATH, collectorCommand, PUBLIC_KEYS_ONLY } from "./collector-command";

const noSubscription = () => () => {};

export function CollectorPanel() {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const command = collectorCommand(origin);
  return (
    <section
      aria-labelledby="collector-heading"
      data-testid={testIds.collectorPanel}
      className="border-line bg-raised flex w-full max-w-2xl flex-col gap-2 rounded-lg border px-3 py-3 text-left"
    >
      <h3 id="collector-heading" className="text-sm font-semibold">
        Collect from a node
      </h3>
      <p className="text-muted text-xs text-pretty">
        Run this on a node: it gathers what the explorer reads into one{" "}
        <code className="font-mono">&lt;hostname&gt;-k8s-pki.tgz</code> to drop here.
      </p>
      <div className="bg-code text-code-fg flex items-start gap-2 rounded-md py-1 pr-1 pl-3 text-xs leading-5">
        <code data-testid={testIds.collectorCommand} className="min-w-0 flex-1 py-1 font-mono wrap-anywhere">
          {command}
        </code>
        <CopyButton text={command} label="the collector command" look="code" />
      </div>
      <p className="text-muted text-xs text-pretty">
        <code className="font-mono">{PUBLIC_KEYS_ONLY}</code> is recommended: the archive then holds no
        private key, and pairing is checked on the public halves.{" "}
        <a
          href={COLLECTOR_PATH}
          data-testid={testIds.collectorScript}
          className="text-accent font-medium underline"
        >
          Read the script
        </a>{" "}
        before running it, or use <code className="font-mono">k8s-pki collect</code>.
      </p>
    </section>
  );
}
