/**
 * Accessible names that begin with what is drawn (WCAG 2.5.3, label in name): someone using speech
 * input says the words they see on a box or a bar, so those words must open its name. The fuller
 * sentence a screen reader needs stays: as the name when it already starts with the drawn words,
 * else as the description (a `<desc>` the item points to with aria-describedby).
 */

export interface ItemName {
  label: string;
  description?: string;
}

/** Lower-case words of letters and digits: punctuation, ellipses and separators do not count. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The name of an item that draws the texts `visible` (in reading order, as cut to fit) and is
 * described by `sentence`: the sentence itself when its words start with the drawn ones, else the
 * drawn texts joined, with the sentence as the description.
 */
export function nameFromVisible(visible: readonly (string | undefined)[], sentence: string): ItemName {
  const shown = visible.map((text) => text?.trim() ?? "").filter(Boolean);
  const drawn = words(shown.join(" "));
  const said = words(sentence);
  if (drawn.every((word, i) => said[i] === word)) return { label: sentence };
  return { label: shown.join(", "), description: sentence };
}
