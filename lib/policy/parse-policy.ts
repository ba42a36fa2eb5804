/**
 * A policy file (YAML or JSON) read strictly (policy-from-data.ts). The text is bounded before it
 * is parsed and the YAML reader's own limits (aliases, depth) hold, so a hostile file costs nothing
 * but its message.
 */
import { parseYamlDocuments } from "../ingest/parse-yaml-documents";
import { fail, type Result } from "../shared/result";
import { policyFromData } from "./policy-from-data";
import type { Policy } from "./policy";

export { policyFromData, setsALimit } from "./policy-from-data";

/** A policy file is a page of settings; anything larger is not one. */
export const MAX_POLICY_BYTES = 64 * 1024;

/** Read a policy file's text (YAML or JSON): the policy, or why it is not one. */
export function parsePolicy(text: string): Result<Policy> {
  if (text.length > MAX_POLICY_BYTES)
    return fail(`the file is ${text.length} characters; a policy is at most ${MAX_POLICY_BYTES}`);
  const docs = parseYamlDocuments(text, { uniqueKeys: true });
  if (!docs.ok) return fail(`not YAML: ${docs.reason}`);
  if (docs.value.length !== 1)
    return fail(
      docs.value.length === 0
        ? "the file is empty"
        : `the file holds ${docs.value.length} documents; a policy is one`,
    );
  return policyFromData(docs.value[0]);
}
