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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: uiModules, message: "lib/ is the pure core: no UI, DOM or file-system modules." },
          ],
        },
      ],
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
  {
    files: ["cli/**/*.ts", "components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...unboundedSpreads] },
  },
);
