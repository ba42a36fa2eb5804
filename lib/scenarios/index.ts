/**
 * The break-it scenarios and their generator, for the page's Worker and the CLI: one import path.
 */
export { SCENARIOS, scenarioById } from "./catalogue";
export { generateScenario, isScenarioChoice, type GenerateScenarioOptions } from "./generate-scenario";
export {
  SCENARIO_IDS,
  type Scenario,
  type ScenarioChoice,
  type ScenarioExpectation,
  type ScenarioId,
} from "./scenario";
