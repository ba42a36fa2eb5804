/**
 * What the tests hold every HTML report to: a file that opens offline and does nothing but show.
 * Each function returns what it found (empty is safe), so a failing test names the offending text.
 */

/** Elements that run code, load a resource or embed another document. */
const ACTIVE_TAG =
  /<(script|link|iframe|object|embed|img|image|use|audio|video|source|base|form|meta http-equiv="refresh")\b/gi;
/** Attributes that load or navigate: src, href (but a same-document `#anchor`), xlink:href, action, srcset. */
const REFERENCE =
  /\s(src|srcset|action|formaction|(?:xlink:)?href)\s*=\s*("[^"]{0,2000}"|'[^']{0,2000}'|[^\s>]{1,2000})/gi;
/** Event handler attributes: `onload=`, `onerror=`, … */
const HANDLER = /\son[a-z]{2,20}\s*=/gi;
/** A start tag with its attributes. */
const TAG = /<[a-zA-Z][^<>]{0,20000}>/g;
/** The text of a <style> element. */
const STYLE_ELEMENT = /<style\b[^>]{0,200}>([^<]{0,200000})<\/style>/gi;
/** CSS that loads: `url(…)` other than a same-document `#id`, and `@import`. */
const CSS_LOAD = /url\(\s*(?!["']?#)[^)]{0,2000}\)|@import\b/gi;

/**
 * Everything in `html` (a document's source) that could fetch, navigate or run: active elements,
 * references other than same-document anchors, event handlers, and CSS loads. Text the input wrote,
 * escaped (`&lt;img …`), is not markup and is not found.
 */
export function liveHtml(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(ACTIVE_TAG)) found.push(match[0]);
  // Attributes only inside tags: escaped input text holds no "<", so it is never taken for one.
  for (const [tag] of html.matchAll(TAG)) {
    for (const match of tag.matchAll(REFERENCE)) {
      const value = (match[2] ?? "").replace(/^["']|["']$/g, "");
      if (!value.startsWith("#")) found.push(match[0].trim());
    }
    for (const match of tag.matchAll(HANDLER)) found.push(match[0].trim());
    for (const match of tag.matchAll(CSS_LOAD)) found.push(match[0]);
  }
  for (const [, css = ""] of html.matchAll(STYLE_ELEMENT))
    for (const match of css.matchAll(CSS_LOAD)) found.push(match[0]);
  return found;
}
