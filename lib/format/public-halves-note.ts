/**
 * The one line every format says when keys were read as public halves (`inputs.publicHalves`): not
 * a warning, but what the key verdicts rest on — the public keys that stood where the private keys
 * belong, the private keys themselves never seen.
 */
import type { Report } from "../report";
import { countNoun } from "./labels";

/** Up to this many public halves are named; more are counted. */
export const NAMED_PUBLIC_HALVES = 3;

/** "key pairing was checked on the public keys; …", in the number of `count`. */
export function publicHalvesMeaning(count: number): string {
  return count === 1
    ? "key pairing was checked on the public key; the private key itself was not seen"
    : "key pairing was checked on the public keys; the private keys themselves were not seen";
}

/**
 * The note for `report`, or undefined when no key was a public half: the keys named when there are
 * few (each through `formatPath`, e.g. a Markdown code span), counted otherwise.
 */
export function publicHalvesNote(
  report: Report,
  formatPath: (path: string) => string = (path) => path,
): string | undefined {
  const halves = report.inputs.publicHalves ?? [];
  if (halves.length === 0) return undefined;
  const which =
    halves.length > NAMED_PUBLIC_HALVES
      ? `${countNoun(halves.length, "key")} were public halves`
      : `${halves.map(formatPath).join(", ")} ${halves.length === 1 ? "was a public half" : "were public halves"}`;
  return `${which} (as collected with --public-keys-only): ${publicHalvesMeaning(halves.length)}.`;
}
