import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

const uiModules = [
  "react",
  "react-dom",
  "next",
  "next/*",
  "d3",
  "d3-*",
  "fs",
  "node:*",
  "fs/*",
  "path",
  "child_process",
];

const pureCore = { group: uiModules, message: "lib/ is the pure core: no UI, DOM or file-system modules." };
const noComponents = {
  regex: "(^@/components(/|$))|(^(\\.\\./)+components(/|$))",
  message: "lib/ is the pure core: the UI imports lib/, never the other way round.",
};

/**
 * The direction of the data flow (ARCHITECTURE.md): files → ingest → inventory → pki → cluster →
 * checks → report → formats and views. A layer imports the model and the layers before it, never one
 * after it. `layer` is the folder the rule holds; each forbidden layer is named with its reason.
 */
function flowRule(layer, forbidden) {
  return {
    files: [`lib/${layer}/**/*.ts`],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            pureCore,
            noComponents,
            ...forbidden.map(([folder, why]) => ({
              regex: `^\\.\\./(\\.\\./)*${folder}(/|$)`,
              message: `lib/${layer} must not import lib/${folder}: ${why}`,
            })),
          ],
        },
      ],
    },
  };
}

/** The UI reaches the core by the `@/lib/…` alias only. */
const libByAlias = {
  regex: "^(\\.\\./)+lib(/|$)",
  message: "Import the core as @/lib/…, not by a relative path.",
};

/**
 * Spreading an array into call arguments puts every element on the stack: an input with a hundred
 * thousand entries overflows it. lib/shared/collections.ts has pushAll, minOf and maxOf for that.
 */
const unboundedSpreads = [
  {
    selector: "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement",
    message:
      "Spreading an array into push() overflows the stack on large input: use pushAll (lib/shared/collections).",
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(min|max)$/] > SpreadElement",
    message:
      "Spreading an array into Math.min/max overflows the stack on large input: use minOf/maxOf (lib/shared/collections).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "out/**",
      "cli/dist/**",
      "next-env.d.ts",
      "e2e/fixtures/**",
      "public/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/**/*.test.ts", "lib/test-support/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-imports": ["error", { patterns: [pureCore, noComponents] }],
      "no-restricted-globals": ["error", "window", "document", "localStorage", "navigator", "fetch"],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "lib/ takes `now` as a parameter.",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "lib/ takes `now` as a parameter.",
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: "lib/ takes randomness as a parameter.",
        },
        ...unboundedSpreads,
      ],
    },
  },
  flowRule("pki", [
    ["ingest", "reading certificates and keys knows nothing of files and folders"],
    ["cluster", "the cluster model is built from pki, not the other way round"],
    ["engine", "the rule engine judges what pki reads"],
    ["checks", "rules judge what pki reads"],
  ]),
  flowRule("cluster", [
    ["engine", "the model is judged by the engine, it does not consult it"],
    ["checks", "the model is judged by the rules, it does not consult them"],
  ]),
  flowRule("engine", [
    ["checks", "the engine serves the rules; the rules import it, not the other way round"],
  ]),
  flowRule("plan", [
    ["engine", "the renewal plan reads the report, not the engine that made it"],
    ["checks", "the renewal plan reads the report, not the rules that made it"],
  ]),
  {
    // One way for the UI to reach the core: the `@/lib/…` alias, so a moved file breaks one pattern.
    files: ["components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [libByAlias] }] },
  },
  {
    // What the views share depends on no view, so any view can use it without a cycle.
    files: ["components/shared/**/*.ts", "components/shared/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            libByAlias,
            {
              regex: "^(@/components/(?!shared/)|\\.\\./)",
              message: "components/shared imports no view: keep what it needs in shared, or move it out.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["cli/**/*.ts", "components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...unboundedSpreads] },
  },
);
