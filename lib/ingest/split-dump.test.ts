/**
 * The dump splitters: objects cut at the right places with their kind and type read on the way,
 * strings and block scalars never taken for structure, and text laid out otherwise refused (so the
 * general YAML/JSON path reads it).
 */
import { describe, expect, it } from "vitest";
import { splitJsonDump } from "./split-json-dump";
import { splitYamlDump } from "./split-yaml-dump";

/** Each object's text, kind and type, or the reason the text is refused. */
function pieces(text: string, json: boolean) {
  const split = json ? splitJsonDump(text) : splitYamlDump(text);
  if (!split.ok) return { refused: split.reason };
  return {
    kind: split.value.kind,
    items: split.value.items.map((span) => ({
      text: text.slice(span.start, span.end),
      kind: span.kind,
      type: span.type,
    })),
  };
}

const HUGE = "A".repeat(3 * 1024 * 1024);

describe("splitYamlDump", () => {
  it.each([
    {
      name: "kubectl's List: items at the list's own indentation, kind and type peeked",
      text: `apiVersion: v1\nitems:\n- apiVersion: v1\n  data:\n    release: ${HUGE}\n  kind: Secret\n  type: helm.sh/release.v1\n- kind: Secret\n  metadata:\n    name: b\n  type: "kubernetes.io/tls"\nkind: List\nmetadata:\n  resourceVersion: ""\n`,
      want: {
        kind: "List",
        items: [
          {
            text: `- apiVersion: v1\n  data:\n    release: ${HUGE}\n  kind: Secret\n  type: helm.sh/release.v1\n`,
            kind: "Secret",
            type: "helm.sh/release.v1",
          },
          {
            text: `- kind: Secret\n  metadata:\n    name: b\n  type: "kubernetes.io/tls"\n`,
            kind: "Secret",
            type: "kubernetes.io/tls",
          },
        ],
      },
    },
    {
      name: "a nested type: or kind: is not the object's",
      text: "items:\n- kind: Secret\n  metadata:\n    type: x\n    kind: y\n  type: Opaque\nkind: List\n",
      want: {
        kind: "List",
        items: [
          {
            text: "- kind: Secret\n  metadata:\n    type: x\n    kind: y\n  type: Opaque\n",
            kind: "Secret",
            type: "Opaque",
          },
        ],
      },
    },
    {
      name: "a block scalar's lines, dashes and comments included, stay in their item (CRLF too)",
      text: "items:\r\n- kind: ConfigMap\r\n  data:\r\n    script: |\r\n      - not an item\r\n      # not a comment\r\n\r\n      kind: Secret\r\nkind: List\r\n",
      want: {
        kind: "List",
        items: [
          {
            text: "- kind: ConfigMap\r\n  data:\r\n    script: |\r\n      - not an item\r\n      # not a comment\r\n\r\n      kind: Secret\r\n",
            kind: "ConfigMap",
            type: undefined,
          },
        ],
      },
    },
    {
      name: "a lone object is one item, with its own kind and type",
      text: "apiVersion: v1\ndata:\n  tls.crt: QUFB\nkind: Secret\ntype: kubernetes.io/tls\n",
      want: {
        kind: "Secret",
        items: [
          {
            text: "apiVersion: v1\ndata:\n  tls.crt: QUFB\nkind: Secret\ntype: kubernetes.io/tls\n",
            kind: "Secret",
            type: "kubernetes.io/tls",
          },
        ],
      },
    },
    {
      name: "an empty list",
      text: "apiVersion: v1\nitems: []\nkind: List\n",
      want: { kind: "List", items: [] },
    },
    { name: "no kind", text: "items:\n- a: 1\n", want: { refused: "no kind" } },
    {
      name: "a second document",
      text: "kind: List\nitems: []\n---\nkind: Secret\n",
      want: { refused: "several documents" },
    },
    {
      name: "a top-level list",
      text: "- kind: Secret\n",
      want: { refused: "a list at the top level, not a kubectl object" },
    },
    {
      name: "items: that holds no list",
      text: "items:\n  a: 1\nkind: List\n",
      want: { refused: "items: is not followed by a list of objects" },
    },
  ])("$name", ({ text, want }) => {
    expect(pieces(text, false)).toEqual(want);
  });
});

describe("splitJsonDump", () => {
  it.each([
    {
      name: "kubectl's List: each item's span, kind and type; strings with quotes, braces and escapes skipped",
      text: `{\n    "apiVersion": "v1",\n    "items": [\n        {"data": {"release": "${HUGE}"}, "kind": "Secret", "type": "helm.sh/release.v1"},\n        {"data": {"x": "a \\\\\\" } ] {"}, "kind": "Secret", "metadata": {"type": "no"}, "type": "kubernetes.io/\\u0074ls"}\n    ],\n    "kind": "List",\n    "metadata": {"resourceVersion": ""}\n}\n`,
      want: {
        kind: "List",
        items: [
          {
            text: `{"data": {"release": "${HUGE}"}, "kind": "Secret", "type": "helm.sh/release.v1"}`,
            kind: "Secret",
            type: "helm.sh/release.v1",
          },
          {
            text: `{"data": {"x": "a \\\\\\" } ] {"}, "kind": "Secret", "metadata": {"type": "no"}, "type": "kubernetes.io/\\u0074ls"}`,
            kind: "Secret",
            type: "kubernetes.io/tls",
          },
        ],
      },
    },
    {
      name: "a lone object",
      text: '{"apiVersion": "v1", "kind": "CertificateSigningRequest", "spec": {}}',
      want: {
        kind: "CertificateSigningRequest",
        items: [
          {
            text: '{"apiVersion": "v1", "kind": "CertificateSigningRequest", "spec": {}}',
            kind: "CertificateSigningRequest",
            type: undefined,
          },
        ],
      },
    },
    {
      name: "nesting past the depth limit",
      text: `{"kind": "List", "items": ${"[".repeat(100)}`,
      want: { refused: "collections nested more than 64 deep (depth limit)" },
    },
    {
      name: "an unterminated string",
      text: '{"kind": "List", "items": ["abc',
      want: { refused: "an unterminated string" },
    },
    {
      name: "text after the object",
      text: '{"kind": "List"} {"kind": "List"}',
      want: { refused: "text after the object" },
    },
    {
      name: "a top-level array",
      text: '[{"kind": "List"}]',
      want: { refused: "a JSON array, not a kubectl object" },
    },
  ])("$name", ({ text, want }) => {
    expect(pieces(text, true)).toEqual(want);
  });
});
