/**
 * Whether a package's `engines.node` range admits a Node.js version, as npm reads the ranges found in
 * lockfiles: alternatives joined by `||`, each a space-separated list of comparators that must all
 * hold: `>=20.9`, `> 18`, `<=22`, `<23`, `=20.1.0`, `^20.19.0`, `~20.9`, a bare `20` or `20.x`, and `*`.
 * A range it cannot read is reported as such, never taken to admit.
 */

type Version = readonly [number, number, number];

/** `20`, `20.9`, `20.9.1`, `20.x` as its numbers and how many parts were given (`x` ends them). */
function parsePartial(text: string): { version: Version; parts: number } | undefined {
  const match = /^v?(\d{1,6})(?:\.(\d{1,6}|[xX*]))?(?:\.(\d{1,6}|[xX*]))?$/.exec(text);
  if (!match) return undefined;
  const given = [match[1], match[2], match[3]].filter((part) => part !== undefined && /^\d+$/.test(part));
  const [major = 0, minor = 0, patch = 0] = given.map(Number);
  return { version: [major, minor, patch], parts: given.length };
}

function compare(a: Version, b: Version): number {
  for (let index = 0; index < 3; index++) if (a[index] !== b[index]) return (a[index] ?? 0) - (b[index] ?? 0);
  return 0;
}

/** The version one step past the last given part (`20` → 21.0.0, `20.9` → 20.10.0). */
function bump(version: Version, parts: number): Version {
  if (parts <= 1) return [version[0] + 1, 0, 0];
  if (parts === 2) return [version[0], version[1] + 1, 0];
  return [version[0], version[1], version[2] + 1];
}

/** One comparator (`>=20.9`, `^20.19.0`, `20`), or undefined when it cannot be read. */
function admitsOne(comparator: string, version: Version): boolean | undefined {
  if (comparator === "*" || comparator === "x" || comparator === "") return true;
  const match = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(comparator);
  const bound = match?.[2] === undefined ? undefined : parsePartial(match[2]);
  if (!match || !bound) return undefined;
  const { version: at, parts } = bound;
  const order = compare(version, at);
  switch (match[1]) {
    case ">=":
      return order >= 0;
    case ">":
      return parts === 3 ? order > 0 : compare(version, bump(at, parts)) >= 0;
    case "<=":
      return parts === 3 ? order <= 0 : compare(version, bump(at, parts)) < 0;
    case "<":
      return order < 0;
    case "^": {
      // The left-most non-zero part may not change (^0.4 → <0.5.0, ^20.19 → <21.0.0).
      const upper: Version =
        at[0] > 0 || parts === 1
          ? [at[0] + 1, 0, 0]
          : at[1] > 0 || parts === 2
            ? [0, at[1] + 1, 0]
            : [0, 0, at[2] + 1];
      return order >= 0 && compare(version, upper) < 0;
    }
    case "~":
      return order >= 0 && compare(version, bump(at, Math.min(parts, 2))) < 0;
    default:
      return order >= 0 && compare(version, bump(at, parts)) < 0;
  }
}

/** Whether `range` admits `version` (`20.19.0`); undefined when the range cannot be read. */
export function rangeAdmits(range: string, version: string): boolean | undefined {
  const parsed = parsePartial(version);
  if (!parsed || parsed.parts !== 3) return undefined;
  let admitted = false;
  for (const alternative of range.split("||")) {
    // `>= 20` is `>=20`: an operator and its version may stand apart.
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/);
    let all = true;
    for (const comparator of comparators) {
      const one = admitsOne(comparator, parsed.version);
      if (one === undefined) return undefined;
      all &&= one;
    }
    admitted ||= all;
  }
  return admitted;
}
