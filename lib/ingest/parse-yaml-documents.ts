/**
 * All documents of a YAML (or JSON) file, or the first syntax error. Aliases are capped so a
 * "billion laughs" file cannot blow up the tab.
 */
import { parseAllDocuments } from "yaml";
import { errorMessage, fail, ok, type Result } from "../pki/result";
import { parseSimpleYaml } from "./simple-yaml";

/** Parse every `---`-separated document to plain JS values (empty documents dropped). */
export function parseYamlDocuments(text: string): Result<unknown[]> {
  // Kubernetes' own files take the fast path; whatever it is not sure of, `yaml` reads.
  const simple = parseSimpleYaml(text);
  if (simple) return ok(simple.value === null ? [] : [simple.value]);
  const parsed = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  const values: unknown[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      return fail(`${error.message.split("\n")[0] ?? error.code}${line ? ` (line ${line})` : ""}`);
    }
    try {
      const value: unknown = doc.toJS({ maxAliasCount: 100 });
      if (value !== null && value !== undefined) values.push(value);
    } catch (toJsError) {
      return fail(errorMessage(toJsError));
    }
  }
  return ok(values);
}
