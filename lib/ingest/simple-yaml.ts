/**
 * A fast path for the YAML that Kubernetes tools write: one document of block mappings and block
 * sequences whose scalars each fit on their line — kubeadm's and kubectl's kubeconfigs, static-pod
 * manifests, KubeletConfiguration. The general parser (`yaml`) spends 200–450 µs on each such file;
 * this reads them several times faster, which matters when a drop holds hundreds of nodes.
 *
 * It answers only where it is sure to agree with `yaml` (YAML 1.2, core schema): anything else —
 * anchors, tags, flow collections other than `{}`/`[]`, block or multi-line scalars, escapes,
 * directives, several documents, tabs, odd keys, anything malformed — makes it decline, and the
 * caller parses the text with `yaml`. A differential test holds it to that on every fixture and on
 * generated documents.
 */

/** The value of the one document, or undefined when this fast path declines the text. */
export type SimpleYamlResult = { value: unknown } | undefined;

interface Line {
  indent: number;
  /** The line without its indentation and trailing spaces. */
  text: string;
}

/** Thrown inside the parser to decline; never escapes `parseSimpleYaml`. */
class Decline extends Error {}

const decline = (): never => {
  throw new Decline();
};

/**
 * Whitespace other than the space (tabs, JavaScript's other `\s`), control characters and the line
 * separators YAML treats apart: a plain loop over char codes, many times faster than a regular
 * expression over every byte of every dropped file.
 */
function hasUnsupportedCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x0a && c !== 0x0d) return true;
    } else if (c >= 0x7f && c < 0xa1) {
      if (c === 0x7f || c === 0x85 || c === 0xa0) return true;
    } else if (c >= 0x1680) {
      if (
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff
      )
        return true;
    }
  }
  return false;
}
/** Keys as Kubernetes writes them; they resolve to strings in the core schema (checked too). */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Characters a plain scalar may not start with (YAML's c-indicators, quotes handled apart). */
const INDICATOR_START = /^[,[\]{}#&*!|>%@`]/;
const EMPTY_FLOW = /^(\{\}|\[\])(?:\s+#.*)?$/;

/** Reads `text` if it is in the simple subset; undefined otherwise. */
export function parseSimpleYaml(text: string): SimpleYamlResult {
  if (hasUnsupportedCharacter(text)) return undefined;
  const lines = significantLines(text);
  if (lines === undefined || lines.length === 0) return undefined;
  try {
    const parser = new BlockParser(lines);
    const value = parser.document();
    return { value };
  } catch {
    // Declined — or nested deeper than the stack allows: either way the general parser decides.
    return undefined;
  }
}

/** Lines with content, comments and blank lines dropped; undefined on directives and document markers. */
function significantLines(text: string): Line[] | undefined {
  const lines: Line[] = [];
  let started = false;
  for (const raw of text.split("\n")) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.includes("\r")) return undefined;
    const content = line.trimStart();
    if (content === "" || content.startsWith("#")) continue;
    const indent = line.length - content.length;
    if (indent === 0 && /^(---|\.\.\.|%)/.test(content)) {
      // A single leading `---` opens the one document; anything else is the general parser's.
      if (content === "---" && !started && lines.length === 0) {
        started = true;
        continue;
      }
      return undefined;
    }
    lines.push({ indent, text: content.trimEnd() });
  }
  return lines;
}

class BlockParser {
  private pos = 0;

  constructor(private readonly lines: Line[]) {}

  document(): unknown {
    const first = this.lines[0];
    if (!first) return decline();
    // A file of one plain or quoted scalar (`etc/hostname`, a token): every node of a fleet has one.
    if (this.lines.length === 1 && !isSequenceItem(first.text) && keyOf(first.text) === undefined) {
      this.pos = 1;
      return inlineValue(first.text);
    }
    const value = this.node(first.indent);
    if (this.pos !== this.lines.length) decline();
    return value;
  }

  /** The block node starting at the current line, whose indentation is `indent`. */
  private node(indent: number): unknown {
    const line = this.lines[this.pos];
    if (!line || line.indent !== indent) return decline();
    return isSequenceItem(line.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private mapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    for (let line = this.lines[this.pos]; line && line.indent >= indent; line = this.lines[this.pos]) {
      // A deeper line here would continue a multi-line scalar; a dash, start a sequence mid-mapping.
      if (line.indent > indent || isSequenceItem(line.text)) decline();
      const { key, rest } = splitKey(line.text);
      this.pos++;
      map[key] = rest === "" ? this.nested(indent, true) : inlineValue(rest);
    }
    return map;
  }

  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (let line = this.lines[this.pos]; line && line.indent >= indent; line = this.lines[this.pos]) {
      if (line.indent > indent || !isSequenceItem(line.text)) {
        if (line.indent > indent) decline();
        break;
      }
      const after = line.text.slice(1);
      const item = after.trimStart();
      if (item === "" || item.startsWith("#")) {
        this.pos++;
        items.push(this.nested(indent, false));
      } else if (isSequenceItem(item) || item.startsWith("? ")) {
        decline();
      } else if (keyOf(item) !== undefined) {
        // `- key: value` opens a mapping whose keys line up after the dash.
        const column = indent + 1 + (after.length - item.length);
        this.lines[this.pos] = { indent: column, text: item };
        items.push(this.mapping(column));
      } else {
        this.pos++;
        items.push(inlineValue(item));
      }
    }
    return items;
  }

  /**
   * The value of a key or dash with nothing after it: a deeper block, a sequence at the key's own
   * indentation (allowed for mapping values), or null.
   */
  private nested(indent: number, mappingValue: boolean): unknown {
    const next = this.lines[this.pos];
    if (next && next.indent > indent) return this.node(next.indent);
    if (mappingValue && next && next.indent === indent && isSequenceItem(next.text))
      return this.sequence(indent);
    return null;
  }
}

function isSequenceItem(text: string): boolean {
  return text === "-" || text.startsWith("- ");
}

/** The key of `key: …` / `key:` when it is a plain key of the supported kind. */
function keyOf(text: string): string | undefined {
  const colon = text.search(/:( |$)/);
  if (colon <= 0) return undefined;
  const key = text.slice(0, colon);
  if (!PLAIN_KEY.test(key) || key === "__proto__" || typeof resolvePlain(key) !== "string") return undefined;
  return key;
}

function splitKey(text: string): { key: string; rest: string } {
  const key = keyOf(text) ?? decline();
  const rest = text.slice(key.length + 1).trimStart();
  return { key, rest: rest.startsWith("#") ? "" : rest };
}

/**
 * A copy of a scalar that does not keep the file's text alive. Substrings of a large string are
 * views into it, so one kept value (a server URL, a file path) would otherwise hold its whole file:
 * tens of megabytes across a fleet's kubeconfigs. Flattening a two-part string makes a new one.
 */
function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** A scalar (plain or single-line quoted) or an empty flow collection. */
function inlineValue(text: string): unknown {
  const empty = EMPTY_FLOW.exec(text);
  if (empty) return empty[1] === "{}" ? {} : [];
  if (text.startsWith("'")) return detached(singleQuoted(text));
  if (text.startsWith('"')) return detached(doubleQuoted(text));
  if (INDICATOR_START.test(text) || /^[-?:]( |$)/.test(text)) return decline();
  const comment = text.indexOf(" #");
  const plain = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  // `a: b: c` and `a: b:` are nested mappings on one line: errors the general parser words.
  if (/:( |$)/.test(plain)) return decline();
  const value = resolvePlain(plain);
  return typeof value === "string" ? detached(value) : value;
}

function singleQuoted(text: string): string {
  let out = "";
  let i = 1;
  for (;;) {
    const quote = text.indexOf("'", i);
    if (quote === -1) return decline();
    out += text.slice(i, quote);
    if (text[quote + 1] === "'") {
      out += "'";
      i = quote + 2;
    } else {
      i = quote + 1;
      break;
    }
  }
  afterQuoted(text.slice(i));
  return out;
}

function doubleQuoted(text: string): string {
  const close = text.indexOf('"', 1);
  if (close === -1) return decline();
  const body = text.slice(1, close);
  if (body.includes("\\")) decline();
  afterQuoted(text.slice(close + 1));
  return body;
}

/** Only a comment may follow a quoted scalar on its line. */
function afterQuoted(rest: string): void {
  if (rest !== "" && !/^ +#/.test(rest)) decline();
}

/** A plain scalar as the YAML 1.2 core schema resolves it, exactly as `yaml` does. */
export function resolvePlain(text: string): unknown {
  // Most scalars and every key start with a letter that no null, boolean or number can start with.
  const first = text.charCodeAt(0);
  const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
  if (letter && !"nNtTfF".includes(text.charAt(0))) return text;
  if (/^(?:~|[Nn]ull|NULL)?$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text)) return text[0] === "t" || text[0] === "T";
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text))
    return text.slice(-3).toLowerCase() === "nan" ? NaN : text.startsWith("-") ? -Infinity : Infinity;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) return parseFloat(text);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return parseFloat(text);
  return text;
}
