/**
 * A scenario's files, generated with real crypto: the healthy demo cluster with the scenario's
 * fault, rendered to the same paths as the demo (`control-1/etc/kubernetes/…`). Given the demo's own
 * files, every file the fault does not touch keeps the demo's bytes and the touched ones are signed
 * with the demo's keys, so generation takes a fraction of a second in a browser; keys a fault needs
 * anew are ECDSA P-256. The keys read from the demo and the certificates issued are kept for the next
 * scenario on the same demo (render-reuse.ts).
 */
import { demoCluster, healthyDemoCluster } from "../generate/demo-cluster";
import { KeyStore } from "../generate/keys";
import type { NodeModel } from "../generate/node-model";
import { NodeRenderer } from "../generate/render-node";
import { renderOnFiles } from "../generate/render-on-files";
import { RenderReuse } from "../generate/render-reuse";
import type { InputFile } from "../inventory";
import { scenarioById } from "./catalogue";
import type { ScenarioChoice } from "./scenario";

export interface GenerateScenarioOptions {
  crypto: Crypto;
  /**
   * The demo's files (from its archive): their private keys are reused, so nothing slow (RSA key
   * generation) runs in the browser; keys a fault needs anew are ECDSA P-256. Absent: every key is
   * generated.
   */
  keyFiles?: readonly InputFile[];
}

/**
 * What the renders on the last demo files given kept (keys read, certificates issued): the Worker
 * generates every scenario on the same demo, so each key is read from it once. Only the last files'.
 */
let lastReuse: RenderReuse | undefined;

/** Whether a string names something `generateScenario` can make: a scenario id or `healthy`. */
export function isScenarioChoice(choice: string): choice is ScenarioChoice {
  return choice === "healthy" || scenarioById(choice) !== undefined;
}

/** The model of a choice: the healthy demo, with the scenario's fault applied to a private copy. */
export function scenarioModel(choice: ScenarioChoice): NodeModel {
  const model = healthyDemoCluster();
  if (choice === "healthy") return model;
  const scenario = scenarioById(choice);
  if (!scenario) throw new Error(`unknown scenario "${String(choice)}"`);
  scenario.mutate(model);
  return model;
}

/**
 * Every file of the choice, in path order. An unknown choice (callers check with
 * `isScenarioChoice` first) and key files that are not the demo's are bugs, so they throw.
 */
export async function generateScenario(
  choice: ScenarioChoice,
  options: GenerateScenarioOptions,
): Promise<InputFile[]> {
  const model = scenarioModel(choice);
  const { crypto, keyFiles } = options;
  if (keyFiles) {
    // One demo per page: the state of the renders on the last files given is kept for the next.
    if (!lastReuse || !lastReuse.isFor(keyFiles))
      lastReuse = new RenderReuse(demoCluster(), keyFiles, crypto);
    const reuse = lastReuse;
    return (await renderOnFiles(model, reuse.base, reuse.baseFiles, crypto, reuse)).files;
  }
  const rendered = await new NodeRenderer(new KeyStore(crypto), crypto).render(model);
  return [...rendered].map(([path, bytes]) => ({ path, bytes }));
}
