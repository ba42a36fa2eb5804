import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { FIXTURES } from "../test-support/fixtures";
import { parseSimpleYaml } from "./simple-yaml";

/** What the general parser makes of the text, read the way parseYamlDocuments reads it. */
function reference(text: string): { ok: true; values: unknown[] } | { ok: false } {
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  if (list.some((doc) => doc.errors.length > 0)) return { ok: false };
  try {
    return {
      ok: true,
      values: list.map((doc) => doc.toJS({ maxAliasCount: 100 }) as unknown).filter((v) => v != null),
    };
  } catch {
    return { ok: false };
  }
}

/** The fast path either declines or agrees with `yaml` exactly; returns whether it answered. */
function agrees(text: string): boolean {
  const fast = parseSimpleYaml(text);
  if (fast === undefined) return false;
  const ref = reference(text);
  expect(ref.ok, `yaml rejects what the fast path read:\n${text}`).toBe(true);
  if (!ref.ok) return true;
  expect(ref.values, text).toEqual(fast.value === null ? [] : [fast.value]);
  return true;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = lstatSync(path);
    // Links (a kubelet's absolute -current.pem link) point at files the walk reads anyway.
    if (info.isDirectory()) yield* walk(path);
    else if (info.isFile()) yield path;
  }
}

describe("parseSimpleYaml against yaml", () => {
  it("agrees on every YAML file of the fixtures and the demo, and reads kubeadm's own files itself", () => {
    const yamlLike = /\.(ya?ml|conf)$|(^|\/)config$/;
    const files = [...walk(FIXTURES)].filter((path) => yamlLike.test(path));
    expect(files.length).toBeGreaterThan(100);
    let answered = 0;
    for (const path of files) if (agrees(readFileSync(path, "utf8"))) answered++;
    // Kubeconfigs, manifests and kubelet configurations as kubeadm writes them take the fast path.
    for (const file of [
      "kubeadm-v1.20/admin.conf",
      "kubeadm-v1.20/manifests/kube-apiserver.yaml",
      "kubeadm-v1.20/manifests/etcd.yaml",
      "healthy/var/lib/kubelet/config.yaml",
      "healthy/etc/kubernetes/kubelet.conf",
    ]) {
      expect(parseSimpleYaml(readFileSync(join(FIXTURES, file), "utf8")), file).toBeDefined();
    }
    expect(answered / files.length).toBeGreaterThan(0.8);
  });

  const scalars = [
    "plain",
    "0s",
    "5m0s",
    "10%",
    "1.5",
    "1.",
    ".5",
    "+1",
    "-1",
    "-0",
    "007",
    "0o17",
    "0o8",
    "0x1F",
    "0xG",
    "1e3",
    "1E-3",
    ".1e+2",
    "1_000",
    "1:2",
    "true",
    "True",
    "TRUE",
    "tRUE",
    "yes",
    "no",
    "on",
    "off",
    "y",
    "null",
    "Null",
    "NULL",
    "~",
    "nULL",
    ".inf",
    "-.Inf",
    "+.INF",
    ".nan",
    ".NaN",
    "NaN",
    "inf",
    "12345678901234567890",
    "https://10.0.0.10:6443",
    "--flag=value",
    "-foo",
    "a#b",
    "a #b",
    "a # b",
    "'single'",
    "'it''s'",
    "'unterminated",
    '"double"',
    '"with \\n escape"',
    '"a # b"',
    '"unterminated',
    "'a' # c",
    '"a" # c',
    "'a' x",
    "{}",
    "[]",
    "{ }",
    "[a]",
    "{a: 1}",
    "&anchor x",
    "*alias",
    "!!str 1",
    "|",
    ">-",
    "%x",
    "@x",
    "`x`",
    "- x",
    "-",
    "? x",
    ": x",
    "a: b",
    "a:",
    "value:",
    "x # y: z",
    "é ü",
    "kubeadm:cluster-admins",
    "system:node:cp-1",
    "O=system:masters",
    "a,b",
    "[x",
    "x]",
    "#c",
  ];
  it.each(scalars)("a value of %s", (scalar) => {
    agrees(`key: ${scalar}\n`);
    agrees(`- ${scalar}\n`);
    agrees(`list:\n- ${scalar}\n- name: ${scalar}\n  x: 1\n`);
    agrees(`${scalar}\n`);
  });

  it("reads a file of one scalar itself, as every node's etc/hostname is", () => {
    for (const text of ["node-1\n", "ip-10-0-1-5.ec2.internal\n", "'quoted'\n", "a:b\n", "1.5\n"])
      expect(parseSimpleYaml(text), text).toBeDefined();
    expect(parseSimpleYaml("node-1\n")?.value).toBe("node-1");
  });

  it("reads the ordinary ones itself", () => {
    for (const scalar of ["plain", "0s", "10%", "1.5", "-1", "true", "null", "~", ".inf", "a#b", "'it''s'"])
      expect(parseSimpleYaml(`key: ${scalar}\n`), scalar).toBeDefined();
  });

  const documents: [string, string][] = [
    ["nested mappings and an indentless sequence", "a:\n  b:\n    c: 1\n  d:\n  - x\n  - y\ne: f\n"],
    ["a sequence of mappings", "items:\n  - name: a\n    value: 1\n  -   name: b\n      value: 2\n"],
    ["an empty item and an empty value", "a:\n-\n- x\nb:\nc: ~\n"],
    ["comments and blank lines everywhere", "# head\na: 1 # one\n\n  # indented\nb:\n  # inside\n  c: 2\n"],
    ["a leading document marker", "---\na: 1\n"],
    ["two documents", "a: 1\n---\nb: 2\n"],
    ["a document end", "a: 1\n...\n"],
    ["a directive", "%YAML 1.2\n---\na: 1\n"],
    ["a multi-line plain scalar", "a: one\n  two\n"],
    ["a block scalar", "a: |\n  text\n"],
    ["CRLF line ends", "a: 1\r\nb:\r\n  c: 2\r\n"],
    ["a tab", "a:\t1\n"],
    ["a duplicate key", "a: 1\nb: 2\na: 3\n"],
    ["a key that is not a string", "true: 1\n"],
    ["a quoted key", '"a": 1\n'],
    ["__proto__", "__proto__: 1\n"],
    ["a merge key", "<<: 1\n"],
    ["a deeper line after a value", "a: 1\n  b: 2\n"],
    ["a shallower sibling", "a:\n    b: 1\n  c: 2\n"],
    ["a top-level scalar", "hello\n"],
    ["only comments", "# nothing\n"],
    ["a nested sequence on one line", "- - a\n"],
    ["an indented document", "  a: 1\n  b: 2\n"],
    ["a byte-order mark", "\ufeffa: 1\n"],
    ["a no-break space", "a:\u00a01\n"],
  ];
  it.each(documents)("%s", (_name, text) => {
    agrees(text);
  });

  it("declines or agrees on 20 000 generated documents", () => {
    let seed = 20_261_123;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const keys = [
      "a",
      "b",
      "apiVersion",
      "x509",
      "true",
      "null",
      "a b",
      "__proto__",
      "k-1",
      "_x",
      "1",
      "a.b/c",
    ];
    const values = [
      "",
      " 1",
      " x",
      " 'q'",
      ' "d"',
      " {}",
      " []",
      " # c",
      " a: b",
      " -1",
      " 0o7",
      " ~",
      " .5",
      " x #y",
    ];
    const indents = [0, 0, 0, 1, 2, 2, 4, 6];
    let answered = 0;
    for (let n = 0; n < 20_000; n++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(random() * 7);
      for (let i = 0; i < count; i++) {
        const pad = " ".repeat(pick(indents));
        const shape = random();
        if (shape < 0.5) lines.push(`${pad}${pick(keys)}:${pick(values)}`);
        else if (shape < 0.7) lines.push(`${pad}- ${pick(keys)}:${pick(values)}`);
        else if (shape < 0.85) lines.push(`${pad}-${pick(values)}`);
        else if (shape < 0.93) lines.push(`${pad}# comment`);
        else lines.push("");
      }
      if (agrees(`${lines.join("\n")}\n`)) answered++;
    }
    // The generator must exercise the fast path, not only its refusals.
    expect(answered).toBeGreaterThan(2_000);
  });
});

describe("parseSimpleYaml's character screen", () => {
  // The screen must decline exactly what the regular expression it replaced declined.
  const SCREENED = /[^\S \n\r]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0085\u2028\u2029\ufeff]/;
  it("declines every code unit the general parser must see, and only those", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const text = `key: a${String.fromCharCode(code)}b\n`;
      const declined = parseSimpleYaml(text) === undefined;
      if (SCREENED.test(String.fromCharCode(code))) expect(declined, `U+${code.toString(16)}`).toBe(true);
    }
  });
});
