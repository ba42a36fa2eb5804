/**
 * Every break-it scenario, each a link that applies it to the demo (`#scenario/<id>`) or asks it as a
 * quiz (`#scenario/<id>/quiz`): what an instructor picks from during a workshop.
 */
import type { Scenario } from "@/lib/scenarios/scenario";
import { testIds } from "../test-ids";
import { PanelHeader } from "./panel-chrome";
import { formatTeachRoute, type TeachRoute } from "./teach-route";

export function ScenarioList({
  scenarios,
  navigate,
}: {
  /** The catalogue's scenarios (lib/scenarios/catalogue.ts), loaded when the list is opened. */
  scenarios: readonly Scenario[];
  navigate: (route: TeachRoute | undefined) => void;
}) {
  return (
    <div data-testid={testIds.scenarioList} className="flex flex-col gap-3 p-4">
      <PanelHeader label="Break-it scenarios" onLeave={() => navigate(undefined)} />
      <p className="text-sm">
        Each applies one real fault to the demo cluster — new certificates and keys made in this tab — and
        judges it. Fix it to see the healthy cluster; download the files to inspect them with openssl.
      </p>
      <ul className="flex flex-col gap-2">
        {scenarios.map((scenario) => (
          <li key={scenario.id} className="border-line rounded-lg border p-3 text-sm">
            <a
              href={formatTeachRoute({ kind: "scenario", id: scenario.id, quiz: false })}
              className="text-accent font-medium hover:underline"
            >
              {scenario.title}
            </a>
            <p className="text-muted mt-1 font-mono text-xs">
              {scenario.id} · {scenario.relationshipKey ?? scenario.relationship}
            </p>
            <a
              href={formatTeachRoute({ kind: "scenario", id: scenario.id, quiz: true })}
              className="text-muted hover:text-fg mt-1 inline-block text-xs font-medium underline"
            >
              as a quiz
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
