import { describe, expect, it } from "vitest";
import { collectorCommand } from "./collector-command";

describe("collectorCommand", () => {
  it.each([
    {
      name: "on the page's own origin",
      origin: "https://pki.example.org",
      want: "curl -fsSLO https://pki.example.org/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
    {
      name: "on a local server with a port",
      origin: "http://127.0.0.1:3000",
      want: "curl -fsSLO http://127.0.0.1:3000/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
    {
      name: "before the origin is known: a gap to fill, not a wrong address",
      origin: "",
      want: "curl -fsSLO <this site>/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
  ])("$name", ({ origin, want }) => {
    expect(collectorCommand(origin)).toBe(want);
  });
});
