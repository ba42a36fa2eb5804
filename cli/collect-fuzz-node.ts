/**
 * One node of the collector fuzz, made from a seed: a folder laid out as `/` with several keys
 * hidden in it, each in a way a Kubernetes component (or openssl) reads them — PEM wrapped at any
 * width with CRLF, trailing spaces or indentation, beside its certificate or alone; DER; encrypted;
 * base64 in a kubeconfig's client-key-data or a Secret's tls.key in every YAML style (plain,
 * quoted, block and folded scalars, over several lines) and in JSON; PEM in a JSON string; PKCS#12
 * bundles, as files and in Secrets; links to any of these, and links whose text is the key; in
 * files and folders named with line breaks, tabs, leading dashes, spaces, glob characters,
 * backslashes, quotes and Unicode.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import {
  derOf,
  derTypes,
  encryptedOf,
  type FuzzKey,
  fuzzKeys,
  pemOf,
  pemTypes,
  type Pkcs12Form,
  type Pkcs12Maker,
} from "./collect-fuzz-keys";
import { HOST } from "./test-support/collector";

/** A seeded source of numbers in [0, 1) (mulberry32): the same seed, the same node. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  constructor(readonly next: () => number) {}
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** One file of a node: bytes, or a link's target text. */
export type NodeFile = { path: string; bytes: Buffer } | { path: string; link: string };

/** What a mutation put into the node: its files and a word on how the key is hidden. */
export interface Planted {
  files: NodeFile[];
  how: string;
}

interface Context {
  dice: Dice;
  key: FuzzKey;
  pkcs12: Pkcs12Maker;
  /** A fresh file name in a folder the collector gathers, with the extension given. */
  name(ext: string): string;
}

const WIDTHS = [16, 64, 76, 0];

/** A PEM text rewrapped: its body at any width (or one line), CRLF, trailing blanks, indentation. */
function rewrap(pem: string, dice: Dice): { text: string; how: string } {
  const lines = pem.trim().split("\n");
  const header = lines[0] ?? "";
  const footer = lines[lines.length - 1] ?? "";
  const inner = lines.slice(1, -1);
  // Legacy encrypted PEM keeps its headers (Proc-Type, DEK-Info and the blank line) as they are.
  const headerLines = inner.filter((line) => line.includes(":") || line === "");
  const body = inner.filter((line) => !line.includes(":") && line !== "").join("");
  const width = dice.pick(WIDTHS);
  const chunks = width === 0 ? [body] : (body.match(new RegExp(`.{1,${width}}`, "g")) ?? []);
  const eol = dice.chance(0.3) ? "\r\n" : "\n";
  const trailing = dice.chance(0.2) ? dice.pick([" ", "\t", "  "]) : "";
  const indent = dice.chance(0.15) ? dice.pick(["  ", "    ", "\t"]) : "";
  const all = [header, ...headerLines, ...chunks, footer].map((line) => `${indent}${line}${trailing}`);
  const blank = dice.chance(0.2) ? eol : "";
  return {
    text: blank + all.join(eol) + eol + blank,
    how: `width ${width}${eol === "\r\n" ? ", CRLF" : ""}${trailing ? ", trailing blanks" : ""}${indent ? ", indented" : ""}`,
  };
}

function pemText(ctx: Context): { text: string; how: string } {
  const type = ctx.dice.pick(pemTypes(ctx.key.kind));
  const { text, how } = rewrap(pemOf(ctx.key, type), ctx.dice);
  return { text, how: `${type} PEM, ${how}` };
}

/** base64 folded to `width` columns (0: one line). */
function fold(value: string, width: number): string[] {
  return width === 0 ? [value] : (value.match(new RegExp(`.{1,${width}}`, "g")) ?? [value]);
}

const STYLES = [
  "plain",
  "double-quoted",
  "single-quoted",
  "literal",
  "literal-strip",
  "literal-keep",
  "folded",
  "folded-strip",
  "plain-lines",
  "plain-below",
  "double-quoted-lines",
  "double-quoted-escaped",
  "single-quoted-lines",
] as const;

/** `key: value` in one YAML style, at `indent` spaces, as lines. */
function yamlValue(key: string, value: string, indent: string, dice: Dice): { lines: string[]; how: string } {
  const style = dice.pick(STYLES);
  const width = dice.pick([16, 64, 76]);
  const parts = fold(value, width);
  const more = `${indent}  `;
  const first = parts[0] ?? "";
  const rest = parts.slice(1);
  const last = rest.length > 0 ? rest[rest.length - 1] : undefined;
  let lines: string[];
  switch (style) {
    case "plain":
      lines = [`${indent}${key}: ${value}`];
      break;
    case "double-quoted":
      lines = [`${indent}${key}: "${value}"`];
      break;
    case "single-quoted":
      lines = [`${indent}${key}: '${value}'`];
      break;
    case "literal":
    case "literal-strip":
    case "literal-keep":
    case "folded":
    case "folded-strip": {
      const indicator = {
        literal: "|",
        "literal-strip": "|-",
        "literal-keep": "|+",
        folded: ">",
        "folded-strip": ">-",
      }[style];
      lines = [`${indent}${key}: ${indicator}`, ...parts.map((part) => `${more}${part}`)];
      break;
    }
    case "plain-lines":
      lines = [`${indent}${key}: ${first}`, ...rest.map((part) => `${more}${part}`)];
      break;
    case "plain-below":
      lines = [`${indent}${key}:`, ...parts.map((part) => `${more}${part}`)];
      break;
    case "double-quoted-lines":
    case "single-quoted-lines": {
      const quote = style === "double-quoted-lines" ? '"' : "'";
      lines =
        last === undefined
          ? [`${indent}${key}: ${quote}${first}${quote}`]
          : [
              `${indent}${key}: ${quote}${first}`,
              ...rest.slice(0, -1).map((part) => `${more}${part}`),
              `${more}${last}${quote}`,
            ];
      break;
    }
    case "double-quoted-escaped":
      lines =
        last === undefined
          ? [`${indent}${key}: "${first}"`]
          : [
              `${indent}${key}: "${first}\\`,
              ...rest.slice(0, -1).map((part) => `${more}${part}\\`),
              `${more}${last}"`,
            ];
      break;
  }
  return { lines, how: `${style} at ${width}` };
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");

/** A key as a base64 value: of its PEM (any type, any wrapping) or of its DER. */
function keyValue(ctx: Context): { value: string; how: string } {
  if (ctx.dice.chance(0.75)) {
    const { text, how } = pemText(ctx);
    return { value: b64(text), how: `base64 of ${how}` };
  }
  const type = ctx.dice.pick(derTypes(ctx.key.kind));
  return { value: b64(derOf(ctx.key, type)), how: `base64 of ${type} DER` };
}

function kubeconfig(ctx: Context): Planted {
  const { value, how } = keyValue(ctx);
  const certValue = ctx.key.cert ? b64(ctx.key.cert) : undefined;
  const asJson = ctx.dice.chance(0.2);
  const path = ctx.name(ctx.dice.pick([".conf", ".kubeconfig", ".yaml"]));
  if (asJson) {
    const config = {
      apiVersion: "v1",
      kind: "Config",
      clusters: [{ name: "c", cluster: { server: "https://10.0.0.1:6443" } }],
      users: [
        {
          name: "u",
          user: { ...(certValue ? { "client-certificate-data": certValue } : {}), "client-key-data": value },
        },
      ],
    };
    const text = ctx.dice.chance(0.5) ? JSON.stringify(config) : JSON.stringify(config, null, 2);
    return {
      files: [{ path: path.replace(/\.(conf|yaml)$/, ".json"), bytes: Buffer.from(text) }],
      how: `kubeconfig JSON, ${how}`,
    };
  }
  const { lines, how: style } = yamlValue("client-key-data", value, "    ", ctx.dice);
  const text = [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    "- cluster:",
    "    server: https://10.0.0.1:6443",
    "  name: c",
    "users:",
    "- name: u",
    "  user:",
    ...(certValue && ctx.dice.chance(0.5) ? [`    client-certificate-data: ${certValue}`] : []),
    ...lines,
    ...(ctx.dice.chance(0.5) ? ["current-context: c"] : []),
    "",
  ].join("\n");
  return { files: [{ path, bytes: Buffer.from(text) }], how: `kubeconfig, ${how}, ${style}` };
}

function secret(ctx: Context): Planted {
  const { value, how } = keyValue(ctx);
  const certValue = b64(ctx.key.cert ?? "");
  const form = ctx.dice.pick(["yaml", "flow", "json", "json-pretty"] as const);
  if (form === "json" || form === "json-pretty") {
    const object = {
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "s" },
      type: "kubernetes.io/tls",
      data: ctx.dice.chance(0.5)
        ? { "tls.crt": certValue, "tls.key": value }
        : { "tls.key": value, "tls.crt": certValue },
    };
    const text = form === "json" ? JSON.stringify(object) : JSON.stringify(object, null, 2);
    return { files: [{ path: ctx.name(".json"), bytes: Buffer.from(text) }], how: `Secret ${form}, ${how}` };
  }
  const head = ["apiVersion: v1", "kind: Secret", "metadata:", "  name: s", "type: kubernetes.io/tls"];
  if (form === "flow") {
    const text = [...head, `data: {tls.crt: ${certValue}, tls.key: "${value}"}`, ""].join("\n");
    return { files: [{ path: ctx.name(".yaml"), bytes: Buffer.from(text) }], how: `Secret flow, ${how}` };
  }
  const { lines, how: style } = yamlValue("tls.key", value, "  ", ctx.dice);
  const text = [...head, "data:", `  tls.crt: ${certValue}`, ...lines, ""].join("\n");
  return { files: [{ path: ctx.name(".yaml"), bytes: Buffer.from(text) }], how: `Secret, ${how}, ${style}` };
}

function pemFile(ctx: Context): Planted {
  const { text, how } = pemText(ctx);
  const withCert = ctx.key.cert && ctx.dice.chance(0.3);
  const body = withCert ? (ctx.dice.chance(0.5) ? `${ctx.key.cert}${text}` : `${text}${ctx.key.cert}`) : text;
  return {
    files: [{ path: ctx.name(ctx.dice.pick([".key", ".pem", ""])), bytes: Buffer.from(body) }],
    how: `${how}${withCert ? ", beside its certificate" : ""}`,
  };
}

function derFile(ctx: Context): Planted {
  const type = ctx.dice.pick(derTypes(ctx.key.kind));
  return {
    files: [{ path: ctx.name(ctx.dice.pick([".key", ".der", ".pem"])), bytes: derOf(ctx.key, type) }],
    how: `${type} DER`,
  };
}

function encryptedFile(ctx: Context): Planted {
  const form = ctx.dice.pick(["pkcs8-pem", "pkcs8-der", "legacy-pem"] as const);
  return {
    files: [{ path: ctx.name(form === "pkcs8-der" ? ".der" : ".key"), bytes: encryptedOf(ctx.key, form) }],
    how: `encrypted ${form}`,
  };
}

const PKCS12_FORMS: Pkcs12Form[] = [
  "unencrypted",
  "empty-password",
  "password",
  "legacy",
  "no-mac",
  "hostile-name",
];

function pkcs12File(ctx: Context): Planted {
  const form = ctx.dice.pick(PKCS12_FORMS);
  const bytes = ctx.pkcs12.bundle(ctx.key, form, ctx.dice.int(3));
  if (ctx.dice.chance(0.25)) {
    const text = [
      "apiVersion: v1",
      "kind: Secret",
      "metadata:",
      "  name: keystore",
      "data:",
      `  keystore.p12: ${b64(bytes)}`,
      "",
    ];
    return {
      files: [{ path: ctx.name(".yaml"), bytes: Buffer.from(text.join("\n")) }],
      how: `PKCS#12 ${form} in a Secret`,
    };
  }
  return {
    files: [{ path: ctx.name(ctx.dice.pick([".p12", ".pfx", ".key", ""])), bytes }],
    how: `PKCS#12 ${form}`,
  };
}

function jsonEscaped(ctx: Context): Planted {
  const { text, how } = pemText(ctx);
  const object = {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "s" },
    stringData: { "tls.key": text },
  };
  return {
    files: [{ path: ctx.name(".json"), bytes: Buffer.from(JSON.stringify(object)) }],
    how: `JSON string, ${how}`,
  };
}

/** Another mutation's file under an odd name, and a link to it (relative or absolute). */
function linked(ctx: Context): Planted {
  const inner = ctx.dice.pick([pemFile, derFile, pkcs12File, kubeconfig])(ctx);
  const target = inner.files[0];
  if (!target || !("bytes" in target)) return inner;
  const dir = dirname(target.path);
  const link = ctx.name(ctx.dice.pick([".key", ".pem", ".conf"]));
  const text = ctx.dice.chance(0.5) ? target.path.slice(dir.length + 1) : `/${target.path}`;
  return { files: [target, { path: join(dir, basename(link)), link: text }], how: `a link to ${inner.how}` };
}

/** The fixture's cluster CA certificate, a file every node holds. */
function caCertificate(): string {
  return fuzzKeys().find((key) => key.id === "ca")?.cert ?? "";
}

/**
 * A link whose target text is the key: its PEM, or its DER in base64 (dangling), or base64 on the
 * way to a file that is there ("<base64>/../ca.crt", which the collector resolves to ca.crt).
 */
function linkText(ctx: Context): Planted {
  const der = b64(derOf(ctx.key, ctx.dice.pick(derTypes(ctx.key.kind))));
  const form = ctx.dice.pick(["pem", "base64", "on the way"] as const);
  const text =
    form === "pem" ? pemText(ctx).text : form === "base64" ? der : `x${der.replace(/\//g, "")}/../ca.crt`;
  const path = ctx.name(".crt");
  return {
    files: [
      { path: join(dirname(path), "ca.crt"), bytes: Buffer.from(caCertificate()) },
      { path, link: text },
    ],
    how: `a link whose target text is the key (${form})`,
  };
}

/** Every way a key is hidden; node i's k-th key takes the next in turn, so each is met often. */
export const MUTATIONS = [
  pemFile,
  derFile,
  kubeconfig,
  secret,
  pkcs12File,
  encryptedFile,
  jsonEscaped,
  linked,
  kubeconfig,
  secret,
  linkText,
] as const;

/** Folders the collector walks, and names with the characters a name may hold. */
const DIRS = [
  "etc/kubernetes/pki",
  "etc/kubernetes/pki/etcd",
  "etc/kubernetes",
  "var/lib/kubelet/pki",
  "etc/kubernetes/odd dir",
  "etc/kubernetes/-odd\ndir\t*",
];
const ODD = ["\n", "\t", " ", "-", "é", "日本", "*", "?", "[a]", "\\", "'", '"', "$(x)", "\n-", "\r"];

function nameIn(dice: Dice, used: Set<string>, ext: string): string {
  for (;;) {
    const dir = dice.pick(DIRS);
    let base = `k${used.size}`;
    if (dice.chance(0.5)) {
      const odd = dice.pick(ODD);
      base = dice.pick([`${odd}${base}`, `${base}${odd}x`, `${odd}${base}${odd}`]);
    }
    const path = `${dir}/${base}${ext}`;
    if (!used.has(path)) {
      used.add(path);
      return path;
    }
  }
}

export interface FuzzNode {
  /** Each hidden key: how it was hidden. */
  planted: Planted[];
}

/**
 * Lay out node `index` of `seed` below `root`: an etc/hostname, the fixture's CA certificate, and
 * `keys` keys hidden each its own way.
 */
export function makeNode(
  root: string,
  seed: number,
  index: number,
  keys: number,
  pkcs12: Pkcs12Maker,
): FuzzNode {
  const dice = new Dice(seeded((seed * 1_000_003 + index) >>> 0));
  const used = new Set<string>();
  const pool = fuzzKeys();
  const planted: Planted[] = [];
  for (let k = 0; k < keys; k++) {
    const mutation = MUTATIONS[(index * keys + k) % MUTATIONS.length] ?? pemFile;
    const key = dice.pick(pool);
    planted.push(mutation({ dice, key, pkcs12, name: (ext) => nameIn(dice, used, ext) }));
  }
  const files: NodeFile[] = [
    { path: "etc/hostname", bytes: Buffer.from(`${HOST}\n`) },
    {
      path: "etc/kubernetes/pki/ca.crt",
      bytes: Buffer.from(caCertificate()),
    },
    ...planted.flatMap((plant) => plant.files),
  ];
  for (const file of files) {
    const full = join(root, file.path);
    mkdirSync(dirname(full), { recursive: true });
    if ("link" in file) symlinkSync(file.link, full);
    else writeFileSync(full, file.bytes);
  }
  return { planted };
}
