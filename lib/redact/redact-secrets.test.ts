import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { formatTable } from "../format/table";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { REDACTED, redactSecrets } from "./redact-secrets";
import { SecretTexts } from "./secret-texts";

const ADMIN = "etc/kubernetes/admin.conf";

/** The healthy node, its admin.conf text and that kubeconfig's client-key-data value. */
function healthyAdmin() {
  const files = readTree(fixtureDir("healthy"));
  const admin = files.find((file) => file.path === ADMIN);
  if (!admin) throw new Error(`fixture has no ${ADMIN}`);
  const text = new TextDecoder().decode(admin.bytes);
  const keyData = /client-key-data: (\S+)/.exec(text)?.[1];
  if (!keyData) throw new Error("admin.conf has no client-key-data");
  const keyPem = new TextDecoder().decode(Uint8Array.from(atob(keyData), (c) => c.charCodeAt(0)));
  const keyBody = keyPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  return { files, text, keyData, keyBody };
}

/** Every 16-character piece of `secret` that `output` holds. */
function leaks(output: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 16 <= secret.length; i++) {
    const window = secret.slice(i, i + 16);
    if (output.includes(window)) found.push(window);
  }
  return found;
}

describe("key data moved into other fields of a damaged kubeconfig is never shown", () => {
  const { files, text, keyData, keyBody } = healthyAdmin();
  const tail = keyData.slice(-40);
  const half = Math.floor(keyData.length / 2);
  const middle = keyData.slice(half, half + 30);
  const damaged: [string, string][] = [
    [
      "the key data's tail replaces the user name",
      text.replace("- name: kubernetes-admin", `- name: ${tail}`),
    ],
    [
      "a slice of it in the cluster name",
      text.replace("  name: kubernetes\n", `  name: kubernetes${middle}\n`),
    ],
    [
      "a slice of it in the context name",
      text.replace("name: kubernetes-admin@kubernetes", `name: x${middle}y`),
    ],
    ["a slice of it in the server URL", text.replace(/server: (\S+)/, `server: https://${middle}:6443`)],
    [
      "the key data cut in two, its second half as the user name",
      text
        .replace(keyData, keyData.slice(0, half))
        .replace("- name: kubernetes-admin", `- name: ${keyData.slice(half)}`),
    ],
    [
      "the decoded key body as the user name",
      text.replace("- name: kubernetes-admin", `- name: ${keyBody.slice(40, 100)}`),
    ],
  ];
  it.each(damaged)("%s", async (_name, changed) => {
    expect(changed).not.toBe(text);
    const input = files.map((file) =>
      file.path === ADMIN ? { path: ADMIN, bytes: new TextEncoder().encode(changed) } : file,
    );
    const report = await analyze(input, { now: FIXTURE_NOW });
    const outputs = [JSON.stringify(report), formatTable(report, { width: 120, color: false })];
    for (const output of outputs) {
      expect(leaks(output, keyData)).toEqual([]);
      expect(leaks(output, keyBody)).toEqual([]);
    }
  });
});

describe("redactSecrets", () => {
  const secret = "MHcCAQEEIBkQ0x7n3pQ2Vh1o9aLk2Ue5Zf0ZsQm8d1S7PjYq9XwJoAoGCCqGSM49";

  it("replaces each stretch holding a piece of a secret, once per stretch", () => {
    const report = {
      users: [{ name: `admin-${secret.slice(10, 40)}-x` }],
      note: `a ${secret.slice(0, 20)} b ${secret.slice(30, 50)}`,
    };
    expect(redactSecrets(report, [secret])).toBe(2);
    expect(report).toEqual({ users: [{ name: `admin-${REDACTED}-x` }], note: `a ${REDACTED} b ${REDACTED}` });
  });

  it("leaves pieces shorter than 12 characters, hex digests and unrelated text alone", () => {
    const digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const report = {
      id: digest,
      short: secret.slice(0, 11),
      path: "etc/kubernetes/pki/apiserver-kubelet-client.crt",
    };
    const before = structuredClone(report);
    expect(redactSecrets(report, [secret, digest])).toBe(0);
    expect(report).toEqual(before);
  });

  it("costs nothing without secrets", () => {
    const report = { name: secret };
    expect(redactSecrets(report, [])).toBe(0);
    expect(report.name).toBe(secret);
  });
});

describe("SecretTexts.addFromText", () => {
  it("registers private key bodies, complete or cut short, but not certificates", () => {
    const texts = new SecretTexts();
    texts.addFromText(
      "-----BEGIN CERTIFICATE-----\nQ0VSVElGSUNBVEVCT0RZMTIzNDU2\n-----END CERTIFICATE-----\n" +
        "-----BEGIN EC PRIVATE KEY-----\nS0VZQk9EWTEyMzQ1Njc4\nOTBhYmNkZWY=\n-----END EC PRIVATE KEY-----\n" +
        "-----BEGIN PRIVATE KEY-----\nQ1VUU0hPUlRLRVlCT0RZ",
    );
    expect(texts.texts).toEqual(["S0VZQk9EWTEyMzQ1Njc4OTBhYmNkZWY=", "Q1VUU0hPUlRLRVlCT0RZ"]);
  });

  it("registers random-looking runs of text without PEM blocks wherever they sit, not words, paths or hex", () => {
    const texts = new SecretTexts();
    texts.addFromText(
      "users:\n- name: kubernetesadministrator\n  user:\n    token: abcdef.0123456789abcdef\n    client-key-data: LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0t\n" +
        "    client-certificate: /etc/kubernetes/pki/Admin2/apiserver-kubelet-client.crt\n    x: 9f86d081884c7d659a2feaa0c55ad015\n" +
        "- name: MIIEowIBAAKCAQ/EA3v\n",
    );
    expect(texts.texts).toEqual(["LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0t", "MIIEowIBAAKCAQ/EA3v"]);
  });

  it("reads a file of BEGIN lines without END lines in one pass", () => {
    const texts = new SecretTexts();
    texts.addFromText("-----BEGIN RSA PRIVATE KEY-----\nQUJDREVGR0hJSktMTU5PUFFSU1RVVldY\n".repeat(20_000));
    expect(texts.texts).toEqual(["QUJDREVGR0hJSktMTU5PUFFSU1RVVldY"]);
  });
});

describe("SecretTexts keeps copies of its own", () => {
  it("drops every whitespace \\s names from a key body, as the regular expression did", () => {
    const texts = new SecretTexts();
    const spaces = "\t\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";
    texts.addFromText(`-----BEGIN PRIVATE KEY-----\nS0VZQk9E${spaces}WTEyMzQ1\n-----END PRIVATE KEY-----\n`);
    expect(texts.texts).toEqual(["S0VZQk9EWTEyMzQ1"]);
  });
});
