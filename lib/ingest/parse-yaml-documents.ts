/**
 * All documents of a YAML (or JSON) file, or the first syntax error. Shapes that would cost the
 * parser far more than their size (deep nesting, endless documents, huge lines) and alias bombs
 * fail with the limit they broke, marked `limited` so the file is named whatever its name.
 */
import { parseAllDocuments } from "yaml";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import { parseSimpleYaml } from "./simple-yaml";
import { MAX_YAML_ALIASES, yamlLimitBroken } from "./yaml-limits";

/** A YAML reading: the documents, or why not, `limited` when a limit (not a syntax error) stopped it. */
export type YamlDocuments = Result<unknown[]> & { limited?: true };

/**
 * Parse every `---`-separated document to plain JS values (empty documents dropped). `uniqueKeys`:
 * a key given twice is an error (for a file whose every key is a setting, like an audit policy)
 * rather than the last one winning as the API server's own reader lets it.
 */
export function parseYamlDocuments(text: string, { uniqueKeys = false } = {}): YamlDocuments {
  // Kubernetes' own files take the fast path; whatever it is not sure of, `yaml` reads.
  const simple = uniqueKeys ? undefined : parseSimpleYaml(text);
  if (simple) return ok(simple.value === null ? [] : [simple.value]);
  const broken = yamlLimitBroken(text);
  if (broken !== undefined) return { ...fail(broken), limited: true };
  const parsed = parseAllDocuments(text, { prettyErrors: false, uniqueKeys });
  const docs = Array.isArray(parsed) ? parsed : [];
  const values: unknown[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      return fail(`${error.message.split("\n")[0] ?? error.code}${line ? ` (line ${line})` : ""}`);
    }
    try {
      const value: unknown = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
      if (value !== null && value !== undefined) values.push(value);
    } catch (toJsError) {
      // `yaml` throws a ReferenceError naming the excessive alias count; other throws are bugs.
      if (!(toJsError instanceof ReferenceError)) throw toJsError;
      return { ...fail(`${errorMessage(toJsError)} (alias limit ${MAX_YAML_ALIASES})`), limited: true };
    }
  }
  return ok(values);
}
