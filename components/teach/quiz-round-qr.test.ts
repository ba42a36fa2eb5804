import { describe, expect, it } from "vitest";
import { decodeQrPath } from "../../e2e/support/decode-qr";
import { qrModules, qrPath } from "./quiz-round-qr";

describe("the QR code of a round's link", () => {
  it.each([
    { name: "a short link", link: "http://127.0.0.1:3000/#quiz/round?s=all" },
    {
      name: "every scenario named, a time limit, a sub-path",
      link:
        "https://workshop.example.org/k8s-pki/#quiz/round?s=wrong-ca-etcd-client,stale-kubeconfig-ca,key-mismatch," +
        "missing-advertise-san,kubelet-no-system-nodes,node-authorizer,bootstrap-token-left,expired-admin-conf&t=45",
    },
  ])("$name decodes back to the link, drawn as the page draws it", ({ link }) => {
    const modules = qrModules(link);
    expect(modules).toBeDefined();
    expect(decodeQrPath(qrPath(modules ?? [], 4), (modules?.length ?? 0) + 8)).toBe(link);
  });

  it("a longer link takes a larger code", () => {
    expect(qrModules("a".repeat(300))?.length).toBeGreaterThan(qrModules("a")?.length ?? Infinity);
  });

  it("data past the largest version has no code, and says so instead of throwing", () => {
    expect(qrModules("x".repeat(5000))).toBeUndefined();
  });
});
