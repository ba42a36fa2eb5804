import { describe, expect, it } from "vitest";
import { formatGoHours, parseGoDuration } from "./go-duration";

const H = 3_600_000;

describe("parseGoDuration", () => {
  it.each([
    { text: "8760h0m0s", want: 8760 * H },
    { text: "8760h", want: 8760 * H },
    { text: "87600h0m0s", want: 87_600 * H },
    { text: "1h30m", want: 1.5 * H },
    { text: "1.5h", want: 1.5 * H },
    { text: "90m", want: 1.5 * H },
    { text: "0", want: 0 },
    { text: "-2h", want: -2 * H },
    { text: "300ms", want: 300 },
  ])("$text", ({ text, want }) => expect(parseGoDuration(text)).toBe(want));

  it.each(["", "8760", "1y", "h", "1h 30m", "1d", "x".repeat(100)])("refuses %j", (text) =>
    expect(parseGoDuration(text)).toBeUndefined(),
  );

  it("prints hours as Go does", () => expect(formatGoHours(2160 * H)).toBe("2160h0m0s"));
});
