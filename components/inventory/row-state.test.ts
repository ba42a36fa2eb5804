import { describe, expect, it } from "vitest";
import { rowState } from "./row-state";

const certificate = { id: "c-api", paths: ["pki/apiserver.crt", "backup/apiserver.crt"] };
const none = { certificates: new Set<string>(), files: new Set<string>() };

describe("rowState", () => {
  it.each([
    { name: "selected wins", selected: "c-api", highlight: none, want: "selected" },
    { name: "plain", selected: undefined, highlight: none, want: "plain" },
    {
      name: "highlighted by certificate id",
      selected: "c-other",
      highlight: { certificates: new Set(["c-api"]), files: new Set<string>() },
      want: "highlighted",
    },
    {
      name: "highlighted by any of its files",
      selected: undefined,
      highlight: { certificates: new Set<string>(), files: new Set(["backup/apiserver.crt"]) },
      want: "highlighted",
    },
    {
      name: "a folder is not a file",
      selected: undefined,
      highlight: { certificates: new Set<string>(), files: new Set(["pki"]) },
      want: "plain",
    },
  ])("$name", ({ selected, highlight, want }) => {
    expect(rowState(certificate, selected, highlight)).toBe(want);
  });

  it("does not light every certificate embedded in a kubeconfig named by a finding", () => {
    const embedded = { id: "c-admin", paths: ["admin.conf#users/kubernetes-admin"] };
    const highlight = { certificates: new Set<string>(), files: new Set(["admin.conf"]) };
    expect(rowState(embedded, undefined, highlight)).toBe("plain");
  });
});
