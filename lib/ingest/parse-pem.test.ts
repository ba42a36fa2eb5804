import { describe, expect, it } from "vitest";
import { hasPemBlock, MAX_PEM_BLOCKS, parsePem } from "./parse-pem";

const CERT_BODY = "MAMCAQA="; // DER 30 03 02 01 00

describe("parsePem", () => {
  const cases: {
    name: string;
    text: string;
    want: { type: string; der?: number[]; error?: RegExp; headers?: object }[];
  }[] = [
    {
      name: "two blocks with text before, between and after (openssl x509 -text style)",
      text: `Certificate:\n    Data: ...\n-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----\nsubject=CN = x\n-----BEGIN RSA PRIVATE KEY-----\nAQID\n-----END RSA PRIVATE KEY-----\ntrailer`,
      want: [
        { type: "CERTIFICATE", der: [0x30, 3, 2, 1, 0] },
        { type: "RSA PRIVATE KEY", der: [1, 2, 3] },
      ],
    },
    {
      name: "CRLF line endings",
      text: `-----BEGIN CERTIFICATE-----\r\n${CERT_BODY}\r\n-----END CERTIFICATE-----\r\n`,
      want: [{ type: "CERTIFICATE", der: [0x30, 3, 2, 1, 0] }],
    },
    {
      name: "indented inside YAML",
      text: `data:\n  ca.crt: |\n    -----BEGIN CERTIFICATE-----\n    MAMC\n    AQA=\n    -----END CERTIFICATE-----\n`,
      want: [{ type: "CERTIFICATE", der: [0x30, 3, 2, 1, 0] }],
    },
    {
      name: "legacy encryption headers are read, not decoded",
      text: `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00FF\n\nAQID\n-----END RSA PRIVATE KEY-----`,
      want: [
        {
          type: "RSA PRIVATE KEY",
          der: [1, 2, 3],
          headers: { "Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00FF" },
        },
      ],
    },
    {
      name: "bad base64 names the character; the next block still decodes",
      text: `-----BEGIN CERTIFICATE-----\nMAM*AQA=\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----`,
      want: [
        { type: "CERTIFICATE", error: /invalid base64: unexpected character "\*" at position 3/ },
        { type: "CERTIFICATE", der: [0x30, 3, 2, 1, 0] },
      ],
    },
    {
      name: "missing END line before the next block",
      text: `-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----BEGIN PUBLIC KEY-----\nAQID\n-----END PUBLIC KEY-----`,
      want: [
        { type: "CERTIFICATE", error: /no "-----END CERTIFICATE-----" line/ },
        { type: "PUBLIC KEY", der: [1, 2, 3] },
      ],
    },
    {
      name: "empty body",
      text: `-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----`,
      want: [{ type: "CERTIFICATE", error: /empty block/ }],
    },
    { name: "no PEM at all", text: "just text", want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const blocks = parsePem(c.text);
      expect(blocks.map((b) => b.type)).toEqual(c.want.map((w) => w.type));
      blocks.forEach((block, i) => {
        const want = c.want[i]!;
        expect(block.index).toBe(i + 1);
        if (want.der) expect([...(block.der ?? [])]).toEqual(want.der);
        if (want.error) expect(block.error).toMatch(want.error);
        if (want.headers) expect(block.headers).toEqual(want.headers);
      });
      expect(hasPemBlock(c.text)).toBe(c.want.length > 0);
    });
  }
});

describe("parsePem on hostile shapes", () => {
  const begin = "-----BEGIN CERTIFICATE-----\n";
  const block = `${begin}${CERT_BODY}\n-----END CERTIFICATE-----\n`;

  it("an END line of another type inside a block is body, as before", () => {
    const text = `${begin}${CERT_BODY}\n-----END PUBLIC KEY-----\n-----END CERTIFICATE-----\n`;
    const [only] = parsePem(text);
    expect(only?.error).toMatch(/invalid base64/);
  });

  it("an END line whose dashes run into the next BEGIN line still closes its block", () => {
    const blocks = parsePem(
      `${begin}${CERT_BODY}\n-----END CERTIFICATE-----BEGIN CERTIFICATE-----\nAQID\n-----END CERTIFICATE-----`,
    );
    expect([...(blocks[0]?.der ?? [])]).toEqual([0x30, 3, 2, 1, 0]);
  });

  it("reads a file of BEGIN lines without END lines as one unclosed block per line", () => {
    const blocks = parsePem(begin.repeat(5_000));
    expect(blocks).toHaveLength(5_000);
    expect(blocks.every((b) => b.error === 'no "-----END CERTIFICATE-----" line')).toBe(true);
  });

  it(`stops after ${MAX_PEM_BLOCKS} blocks with one block naming the limit`, () => {
    const blocks = parsePem(block.repeat(MAX_PEM_BLOCKS + 50));
    expect(blocks).toHaveLength(MAX_PEM_BLOCKS + 1);
    expect(blocks.at(-2)?.der).toBeDefined();
    expect(blocks.at(-1)?.error).toMatch(/more than 10000 PEM blocks \(block limit\)/);
  });
});
