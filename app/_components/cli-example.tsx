import { CommandText } from "@/components/shared/command-text";
import { testIds } from "@/components/test-ids";

/** As run from the npm package, which needs nothing but Node.js (from a clone: `npm run --silent k8s-pki --`). */
const command = "npx --yes k8s-pki-explorer audit /etc/kubernetes /var/lib/kubelet";

/** How to run the same analysis headless, on a control-plane node or in CI. */
export function CliExample() {
  return (
    <section aria-labelledby="cli-heading" className="border-line bg-surface rounded-2xl border p-5 sm:p-6">
      <h2 id="cli-heading" className="text-base font-semibold">
        Audit from the command line
      </h2>
      <p className="text-muted mt-1 text-sm">
        The same analysis runs in Node — on a control-plane node, or as a CI step.
      </p>
      {/* Focusable: a command too long for the box scrolls, and a keyboard must reach it. */}
      <pre
        data-testid={testIds.cliExample}
        data-command-box
        tabIndex={0}
        aria-label="Command"
        className="bg-code text-code-fg mt-4 rounded-xl px-4 py-3 font-mono text-[13px] leading-6"
      >
        <code>
          <span className="text-code-fg/50 select-none">$ </span>
          <CommandText command={command} />
        </code>
      </pre>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Fact
          term="Formats"
          value="--format table · json · markdown · html · plan · sarif · junit · prometheus"
        />
        <Fact term="Exit code" value="0 ok · 1 findings at --fail-on (error) · 2 usage or I/O" />
        <Fact
          term="Options"
          value="--now ISO · --warn-days N · --warn-fraction F · --policy FILE · --fail-on warning"
        />
      </dl>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted text-xs font-medium tracking-wide uppercase">{term}</dt>
      <dd className="mt-0.5 font-mono text-[13px]">{value}</dd>
    </div>
  );
}
