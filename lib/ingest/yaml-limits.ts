/**
 * Shapes a YAML parser pays for out of all proportion to the file: `[[[[…` or `{a: {a: …` nested
 * hundreds of thousands deep (seconds and gigabytes in `yaml`), hundreds of thousands of `---`
 * documents, lines of megabytes. Configuration never looks like that, so one linear pass over the
 * text finds them first and the file is named with the limit it broke instead of being parsed.
 */

/** Flow collections (`[`, `{`) open at once; Kubernetes configuration nests a handful deep. */
export const MAX_YAML_DEPTH = 64;
/** `---` documents in one file (a `kubectl get -o yaml` list is one document). */
export const MAX_YAML_DOCUMENTS = 10_000;
/** Characters in one line (an embedded CA bundle of hundreds of certificates fits). */
export const MAX_YAML_LINE = 1024 * 1024;
/** Aliases expanded when a document becomes plain values: a "billion laughs" file stops here. */
export const MAX_YAML_ALIASES = 100;
/**
 * Anchors and aliases written in one file: `yaml` looks each alias up among all nodes before it,
 * so 20,000 of them cost seconds; Kubernetes tools write none.
 */
export const MAX_YAML_ANCHORS = 1000;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const NEWLINE = 0x0a;
const DASH = 0x2d;
const AMPERSAND = 0x26;
const ASTERISK = 0x2a;

/** Where an anchor (`&a`) or alias (`*a`) can start: after a space, a line break or a flow indicator. */
function startsAnchor(text: string, i: number): boolean {
  const before = i === 0 ? NEWLINE : text.charCodeAt(i - 1);
  const after = text.charCodeAt(i + 1);
  const opens =
    before === 0x20 ||
    before === NEWLINE ||
    before === 0x2c ||
    before === OPEN_BRACKET ||
    before === OPEN_BRACE;
  return opens && after > 0x20 && after !== 0x2c && after !== CLOSE_BRACKET && after !== CLOSE_BRACE;
}

/**
 * The limit `text` breaks, as a reason naming it, or undefined. Brackets are counted without
 * regard to quotes: a quoted `[` in real configuration is rare and balanced or few, so only a
 * file built to hurt reaches the depth limit.
 */
export function yamlLimitBroken(text: string): string | undefined {
  let depth = 0;
  let documents = 0;
  let lineStart = 0;
  let anchors = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : NEWLINE;
    if (c === NEWLINE) {
      if (i - lineStart > MAX_YAML_LINE)
        return `a line longer than ${MAX_YAML_LINE} characters (line-length limit): not parsed`;
      lineStart = i + 1;
      if (text.charCodeAt(lineStart) === DASH && text.startsWith("---", lineStart)) {
        documents++;
        if (documents > MAX_YAML_DOCUMENTS)
          return `more than ${MAX_YAML_DOCUMENTS} YAML documents (document limit): not parsed`;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > MAX_YAML_DEPTH)
        return `collections nested more than ${MAX_YAML_DEPTH} deep (depth limit): not parsed`;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) depth--;
    else if ((c === AMPERSAND || c === ASTERISK) && startsAnchor(text, i)) {
      anchors++;
      if (anchors > MAX_YAML_ANCHORS)
        return `more than ${MAX_YAML_ANCHORS} anchors and aliases (alias limit): not parsed`;
    }
  }
  return undefined;
}
