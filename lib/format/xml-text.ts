/**
 * Text for an XML 1.0 document from strings that come from the input. XML 1.0 cannot hold most C0
 * controls at all (a parser stops at the first one), nor U+FFFE, U+FFFF or a lone surrogate; a
 * line break in an attribute silently becomes a space. So every such character is first written as
 * the visible escape the text formats use (`\x1B`, `\n`, `\u202E`, via inertText), and then the
 * markup characters are escaped: what a CI page shows is what the bytes were, and nothing in a
 * name can close a tag or an attribute.
 */
import { inertText } from "./inert-text";

/** Characters XML 1.0 has no place for that inertText leaves: U+FFFE, U+FFFF, lone surrogates. */
const NOT_XML = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const MARKUP: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `text` made inert and legal in XML 1.0, markup escaped: safe as element content and as an attribute value. */
export function xmlText(text: string): string {
  return inertText(text)
    .replace(
      NOT_XML,
      (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
    )
    .replace(/[&<>"']/g, (character) => MARKUP[character] ?? character);
}

/**
 * Several lines of element content: each line inert and escaped, joined by real line feeds (the
 * line breaks the formatter means, where a line break inside one line from the input is an escape).
 */
export function xmlLines(lines: readonly string[]): string {
  return lines.map(xmlText).join("\n");
}

/** ` name="value"…` for the attributes given, in the order given; undefined values are left out. */
export function xmlAttributes(attributes: Readonly<Record<string, string | number | undefined>>): string {
  return Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join("");
}
