/**
 * Terminal styling that can be switched off as a whole. The table formatter asks for a `Styler`
 * once; with colour off every style is the identity, so no escape code can leak into a pipe, a file
 * or a CI log, and the text never depends on colour alone (symbols and words carry the meaning).
 */

export type Style = (text: string) => string;

export interface Styler {
  bold: Style;
  dim: Style;
  red: Style;
  yellow: Style;
  green: Style;
  cyan: Style;
}

const identity: Style = (text) => text;

function sgr(open: number, close: number): Style {
  return (text) => (text === "" ? text : `\u001b[${open}m${text}\u001b[${close}m`);
}

/** Build the set of styles: real SGR sequences when `color` is true, pass-through otherwise. */
export function createStyler(color: boolean): Styler {
  if (!color)
    return {
      bold: identity,
      dim: identity,
      red: identity,
      yellow: identity,
      green: identity,
      cyan: identity,
    };
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    yellow: sgr(33, 39),
    green: sgr(32, 39),
    cyan: sgr(36, 39),
  };
}
