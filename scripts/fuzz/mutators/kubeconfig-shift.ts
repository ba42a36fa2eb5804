/**
 * Kubeconfig field shifts: a user's `client-key-data` (whole, a slice, or the base64 body of the
 * PEM key it decodes to) moved or copied into a neighbouring field — a user, cluster or context
 * name, the server URL, certificate-authority-data, client-certificate-data, a token — where a
 * careless report would print it.
 */
import { Buffer } from "node:buffer";
import type { Prng } from "../prng";
import { type FileMutator, type MutableFile, utf8 } from "./mutator";

const KEY_LINE = /^([ \t]*)["']?client-key-data["']?\s*:\s*["']?([A-Za-z0-9+/=]{16,})["']?,?[ \t]*$/gm;

interface Line {
  start: number;
  end: number;
  indent: string;
  key: string;
  value: string;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  for (const match of text.matchAll(/^([ \t]*(?:- )?)([A-Za-z-]+):[ \t]*([^\n]*)$/gm)) {
    const start = match.index ?? 0;
    out.push({
      start,
      end: start + match[0].length,
      indent: match[1] ?? "",
      key: match[2] ?? "",
      value: match[3] ?? "",
    });
  }
  return out;
}

/** What of the key to move: all of it, a slice, or a line of the PEM it decodes to. */
function payload(data: string, rng: Prng): string {
  switch (rng.int(4)) {
    case 0:
      return data;
    case 1: {
      const length = rng.range(16, 200);
      const start = rng.int(Math.max(1, data.length - length));
      return data.slice(start, start + length);
    }
    case 2: {
      const pemLines = Buffer.from(data, "base64")
        .toString("latin1")
        .split("\n")
        .filter((l) => /^[A-Za-z0-9+/=]{16,}$/.test(l));
      return pemLines.length > 0 ? rng.pick(pemLines) : data;
    }
    default:
      return `${data.slice(0, 40)} ${data.slice(40, 80)}`;
  }
}

const TARGETS = [
  "name",
  "server",
  "certificate-authority-data",
  "client-certificate-data",
  "token",
  "user",
  "cluster",
  "current-context",
  "namespace",
  "username",
];

function shaped(key: string, value: string, rng: Prng): string {
  if (key === "server" && rng.chance(0.6)) return `https://${value}:6443`;
  if (rng.chance(0.3)) return JSON.stringify(value);
  return value;
}

function shift(file: MutableFile, rng: Prng): string {
  const text = file.text;
  const keys = [...text.matchAll(KEY_LINE)];
  const keyLine = rng.pick(keys);
  const keyStart = keyLine.index ?? 0;
  const keyEnd = keyStart + keyLine[0].length;
  const value = payload(keyLine[2] ?? "", rng);
  const target = rng.pick(TARGETS);
  const move = rng.chance(0.5);
  const candidates = lines(text).filter((line) => line.key === target && line.start !== keyStart);
  const edits: { start: number; end: number; insert: string }[] = [];
  if (candidates.length > 0) {
    const line = rng.pick(candidates);
    const head = text.slice(line.start, line.end - line.value.length);
    edits.push({ start: line.start, end: line.end, insert: head + shaped(target, value, rng) });
    if (move) edits.push({ start: keyStart, end: Math.min(text.length, keyEnd + 1), insert: "" });
  } else {
    // Absent here: added beside the key at its indentation (in its place when it moves).
    const added = `${keyLine[1] ?? ""}${target}: ${shaped(target, value, rng)}`;
    edits.push(
      move
        ? { start: keyStart, end: keyEnd, insert: added }
        : { start: keyStart, end: keyStart, insert: `${added}\n` },
    );
  }
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.insert + out.slice(edit.end);
  return out;
}

const kubeconfigShift: FileMutator = {
  name: "kubeconfig-shift",
  weight: 10,
  applies: (file) => /client-key-data["']?\s*:\s*["']?[A-Za-z0-9+/=]{16}/.test(file.text),
  mutate: (file, rng) => utf8(shift(file, rng)),
};

export const KUBECONFIG_MUTATORS: readonly FileMutator[] = [kubeconfigShift];
