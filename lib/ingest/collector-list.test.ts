import { describe, expect, it } from "vitest";
import { COLLECTOR_LIST_REASON } from "./collector-list";
import { ingest } from "./ingest";

const crypto = globalThis.crypto;
const LIST = [
  "# k8s-pki-collect 1: what was gathered from this node, for K8s PKI Explorer",
  "host: cp-1",
  "mode: --public-keys-only",
  "  /etc/kubernetes/pki/ca.key: RSA private key replaced by its public key",
  "",
].join("\n");
const OTHER = "# notes on the cluster\nrenew in June\n";

describe("the collector's list in an archive", () => {
  const cases = [
    {
      name: "the collector's list under a node folder",
      path: "cp-1/k8s-pki-collect.txt",
      text: LIST,
      want: COLLECTOR_LIST_REASON,
    },
    { name: "the list at the top", path: "k8s-pki-collect.txt", text: LIST, want: COLLECTOR_LIST_REASON },
    {
      name: "a file of that name the collector did not write",
      path: "cp-1/k8s-pki-collect.txt",
      text: OTHER,
      want: "text without PEM blocks or Kubernetes configuration",
    },
    {
      name: "the list's text under another name",
      path: "cp-1/notes.txt",
      text: LIST,
      want: "text without PEM blocks or Kubernetes configuration",
    },
  ];
  it.each(cases)("$name", async ({ path, text, want }) => {
    const inventory = await ingest([{ path, bytes: new TextEncoder().encode(text) }], { crypto });
    expect(inventory.skipped).toEqual([{ path, reason: want }]);
    expect(inventory.problems).toEqual([]);
  });
});
