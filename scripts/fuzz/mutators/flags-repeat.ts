/**
 * Damage to command-line flags where components keep them (kubeadm-flags.env, environment files,
 * systemd units, static-pod manifests): one flag repeated up to 100,000 times, a huge value, an
 * unbalanced quote, a repeated variable line, odd flag names, terminal escapes in a value.
 */
import type { Prng } from "../prng";
import { type FileMutator, type MutableFile, utf8 } from "./mutator";

const FLAG = /--[a-z0-9][a-z0-9-]*=[^\s"'\\]*/g;

const hasFlags = (file: MutableFile) =>
  /--[a-z0-9][a-z0-9-]*=/.test(file.text) && !file.text.includes("-----BEGIN ");

function lineOf(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const newline = text.indexOf("\n", offset);
  return { start, end: newline < 0 ? text.length : newline };
}

/** The flag repeated right after itself: as whole lines where it stands alone on one, else inline. */
function repeatFlag(text: string, rng: Prng): string {
  const flags = [...text.matchAll(FLAG)];
  const flag = rng.pick(flags);
  const at = flag.index ?? 0;
  const count = rng.pick([2, 100, 10_000, 100_000]);
  const line = lineOf(text, at);
  const lineText = text.slice(line.start, line.end);
  const alone = lineText.trim().replace(/^- /, "").replace(/ \\$/, "") === flag[0];
  const variant = rng.chance(0.5)
    ? flag[0]
    : flag[0].replace(/=.*/, `=${rng.pick(["", "x", "/etc/kubernetes/pki/ca.crt", "true"])}`);
  if (alone) {
    const copy = `\n${lineText.replace(flag[0], variant)}`;
    return text.slice(0, line.end) + copy.repeat(count) + text.slice(line.end);
  }
  const end = at + flag[0].length;
  return text.slice(0, end) + ` ${variant}`.repeat(count) + text.slice(end);
}

const EDITS: ((text: string, rng: Prng) => string)[] = [
  repeatFlag,
  repeatFlag,
  // A huge value.
  (text, rng) => {
    const flag = rng.pick([...text.matchAll(FLAG)]);
    const end = (flag.index ?? 0) + flag[0].length;
    return text.slice(0, end) + "v".repeat(rng.pick([100_000, 2_000_000])) + text.slice(end);
  },
  // An unbalanced quote.
  (text, rng) => {
    const at = rng.int(text.length + 1);
    return `${text.slice(0, at)}${rng.pick(['"', "'", "\\"])}${text.slice(at)}`;
  },
  // The whole first flag line again, many times (a variable set over and over).
  (text, rng) => {
    const flag = rng.pick([...text.matchAll(FLAG)]);
    const line = lineOf(text, flag.index ?? 0);
    return text + `\n${text.slice(line.start, line.end)}`.repeat(rng.pick([10, 10_000]));
  },
  // Odd flag names.
  (text, rng) => {
    const flag = rng.pick([...text.matchAll(FLAG)]);
    const at = flag.index ?? 0;
    const odd = rng.pick([
      "--=x",
      "--",
      "---x=y",
      "--a=b=c",
      "--tls-cert-file",
      "-x",
      "--\u00e9=\u00e9",
      `--${"a".repeat(10_000)}=1`,
    ]);
    return `${text.slice(0, at)}${odd} ${text.slice(at)}`;
  },
  // Terminal escapes and bidi controls in a value.
  (text, rng) => {
    const flag = rng.pick([...text.matchAll(FLAG)]);
    const end = (flag.index ?? 0) + flag[0].length;
    return (
      text.slice(0, end) +
      rng.pick(["\x1b[31mred\x1b[0m", "\u202etxt.crt", "\x07\x08\x08", "\r", "\x1b]8;;http://x\x07link"]) +
      text.slice(end)
    );
  },
  // A continuation backslash at the very end.
  (text) => `${text.trimEnd()} \\`,
];

const flagsRepeat: FileMutator = {
  name: "flags-repeat",
  weight: 5,
  applies: hasFlags,
  mutate: (file, rng) => utf8(rng.pick(EDITS)(file.text, rng)),
};

export const FLAG_MUTATORS: readonly FileMutator[] = [flagsRepeat];
