/**
 * A policy file (YAML or JSON) read strictly (policy-from-data.ts). The text is bounded before it
 * is parsed and the YAML reader's own limits (aliases, depth) hold, so a hostile file costs nothing
 * but its message.
 */
import { parseAllDocuments } from "yaml";
import { MAX_YAML_ALIASES, yamlLimitBroken } from "../ingest/yaml-limits";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import { policyFromData } from "./policy-from-data";
import type { Policy } from "./policy";

export { policyFromData, setsALimit } from "./policy-from-data";

/** A policy file is a page of settings; anything larger is not one. */
export const MAX_POLICY_BYTES = 64 * 1024;

/** Read a policy file's text (YAML or JSON): the policy, or why it is not one. */
export function parsePolicy(text: string): Result<Policy> {
  if (text.length > MAX_POLICY_BYTES)
    return fail(`the file is ${text.length} characters; a policy is at most ${MAX_POLICY_BYTES}`);
  const docs = readDocuments(text);
  if (!docs.ok) return fail(`not YAML: ${docs.reason}`);
  if (docs.value.length !== 1)
    return fail(
      docs.value.length === 0
        ? "the file is empty"
        : `the file holds ${docs.value.length} documents; a policy is one`,
    );
  return policyFromData(docs.value[0]);
}

/** The file's documents as plain data; a key given twice is an error here (which one would count?). */
function readDocuments(text: string): Result<unknown[]> {
  const broken = yamlLimitBroken(text);
  if (broken !== undefined) return fail(broken);
  const values: unknown[] = [];
  for (const doc of parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true })) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      return fail(`${error.message.split("\n")[0] ?? error.code}${line ? ` (line ${line})` : ""}`);
    }
    try {
      const value: unknown = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
      if (value !== null && value !== undefined) values.push(value);
    } catch (toJsError) {
      if (!(toJsError instanceof ReferenceError)) throw toJsError;
      return fail(`${errorMessage(toJsError)} (alias limit ${MAX_YAML_ALIASES})`);
    }
  }
  return ok(values);
}
