import { describe, expect, it } from "vitest";
import { pastedFile, pastedFileName } from "./pasted-file";

describe("pastedFileName", () => {
  it.each([
    {
      name: "a certificate",
      text: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
      n: 1,
      want: "pasted-1.pem",
    },
    { name: "a kubeconfig", text: "apiVersion: v1\nclusters:\n- cluster: {}\n", n: 2, want: "pasted-2.conf" },
    {
      name: "a kubeconfig starting with clusters",
      text: "\nclusters:\n- name: k\nkind: Config\n",
      n: 3,
      want: "pasted-3.conf",
    },
    { name: "an indented key", text: "  apiVersion: v1\nkind: Config", n: 1, want: "pasted-1.conf" },
    {
      name: "a PEM mentioning clusters mid-line",
      text: "# for clusters: prod\n-----BEGIN CERTIFICATE-----",
      n: 1,
      want: "pasted-1.pem",
    },
    { name: "empty text", text: "", n: 4, want: "pasted-4.pem" },
    {
      name: "openssl s_client output",
      text: "CONNECTED(00000003)\n---\nCertificate chain\n 0 s:CN = kube-apiserver\n-----BEGIN CERTIFICATE-----",
      n: 5,
      want: "pasted-5-s_client.txt",
    },
    { name: "a refused s_client dial", text: "connect:errno=111\n", n: 6, want: "pasted-6-s_client.txt" },
  ])("$name → $want", ({ text, n, want }) => {
    expect(pastedFileName(text, n)).toBe(want);
  });
});

describe("pastedFile", () => {
  it("holds exactly the text's UTF-8 bytes", () => {
    const text = "apiVersion: v1 # é\n";
    const file = pastedFile(text, 1);
    expect(file.path).toBe("pasted-1.conf");
    expect(new TextDecoder().decode(file.bytes)).toBe(text);
    expect(file.bytes.byteLength).toBe(new TextEncoder().encode(text).byteLength);
  });
});
