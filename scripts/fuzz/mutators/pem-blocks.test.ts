import { describe, expect, it } from "vitest";

import { pemBlocks } from "./pem-blocks";

const CERT = "-----BEGIN CERTIFICATE-----\nMIIB\nAAAA\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN EC PRIVATE KEY-----\r\nMHcC\r\n-----END EC PRIVATE KEY-----\r\n";

describe("pemBlocks", () => {
  it.each([
    { name: "one block", text: CERT, want: [["CERTIFICATE", "MIIB\nAAAA\n"]] },
    {
      name: "a bundle, CRLF and LF",
      text: `junk\n${CERT}${KEY}`,
      want: [
        ["CERTIFICATE", "MIIB\nAAAA\n"],
        ["EC PRIVATE KEY", "MHcC\r\n"],
      ],
    },
    {
      name: "a BEGIN without END before a whole block",
      text: `-----BEGIN CERTIFICATE-----\nMIIB\n${CERT}`,
      want: [["CERTIFICATE", "MIIB\nAAAA\n"]],
    },
    {
      name: "an END of another label",
      text: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END PRIVATE KEY-----\n",
      want: [],
    },
    {
      name: "text after the BEGIN dashes",
      text: "-----BEGIN CERTIFICATE----- x\nMIIB\n-----END CERTIFICATE-----\n",
      want: [],
    },
    { name: "no armour", text: "MIIB\n", want: [] },
  ])("$name", ({ text, want }) => {
    expect(pemBlocks(text).map((block) => [block.label, text.slice(block.bodyStart, block.bodyEnd)])).toEqual(
      want,
    );
  });

  it("stays linear on 200,000 BEGIN lines without END, on lines of their own or all on one", () => {
    for (const separator of ["\n", ""]) {
      const text = `${"-----BEGIN PRIVATE KEY-----".concat(separator).repeat(200_000)}${CERT}`;
      const started = performance.now();
      expect(pemBlocks(text)).toHaveLength(1);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
