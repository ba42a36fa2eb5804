import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { reportWithDumps } from "@/lib/test-support/kubectl-dumps";
import { GroupHeading } from "./group-heading";
import { groupInventory, groupSegments, headingBefore } from "./inventory-groups";
import { rowPaths } from "./path-list";
import { DEFAULT_SORT, sortCertificates } from "./sort-certificates";

describe("the inventory grouped by namespace", () => {
  it("lists the node's certificates first, then each namespace's Secrets under one heading, by expiry, named after Secret and key", async () => {
    const report = await reportWithDumps("healthy", ["secrets.yaml", "csr.yaml"]);
    const { certificates, groupOf } = groupInventory(sortCertificates(report.certificates, DEFAULT_SORT));
    const rows = certificates.flatMap((certificate, index) => {
      const heading = headingBefore(certificates, index, groupOf);
      const name = rowPaths(certificate)[0] ?? "";
      return heading ? [`# ${heading.namespace ?? "-"} (${heading.count})`, name] : [name];
    });
    const node = (await reportFor("healthy")).certificates.length;
    expect(rows.slice(0, node).every((row) => !row.startsWith("#"))).toBe(true);
    expect(rows.slice(node)).toEqual([
      "# apps (4)",
      "legacy-tls · tls.crt",
      "api-tls · tls.crt",
      "web-tls · tls.crt",
      "legacy-tls · ca.crt",
      "# cert-manager (3)",
      "internal-ca · tls.crt",
      "cert-manager-webhook-ca · ca.crt",
      "cert-manager-webhook-ca · tls.crt",
      "# ingress-nginx (2)",
      "shop-example-tls · tls.crt",
      "shop-example-tls · tls.crt",
    ]);
  });

  it("heads a page that starts inside a group with that group again", async () => {
    const report = await reportWithDumps("healthy", ["secrets.yaml"]);
    const { certificates, groupOf } = groupInventory(report.certificates);
    const page = certificates.slice(-3);
    expect(page.map((c) => headingBefore(page, page.indexOf(c), groupOf)?.namespace)).toEqual([
      "cert-manager",
      "ingress-nginx",
      undefined,
    ]);
  });

  it("cuts a page into one table body per group, the node's first and without a heading", async () => {
    const report = await reportWithDumps("healthy", ["secrets.yaml"]);
    const { certificates, groupOf } = groupInventory(report.certificates);
    const segments = groupSegments(certificates.slice(5), groupOf);
    expect(segments.map((s) => [s.group?.namespace ?? "node", s.certificates.length])).toEqual([
      ["node", (await reportFor("healthy")).certificates.length - 5],
      ["apps", 4],
      ["cert-manager", 3],
      ["ingress-nginx", 2],
    ]);
  });

  it("a node alone has no group", async () => {
    const report = await reportFor("healthy");
    const { certificates, groupOf } = groupInventory(report.certificates);
    expect(certificates.map((c) => c.id)).toEqual(report.certificates.map((c) => c.id));
    expect(certificates.some((c) => groupOf(c))).toBe(false);
  });

  it("isolates a namespace's text in the heading and shows a hidden character as its escape", () => {
    const markup = renderToStaticMarkup(
      createElement(GroupHeading, { group: { key: "namespace:x", namespace: "evil\u202Egnp", count: 2 } }),
    );
    expect(markup).toContain("Secrets in <bdi>");
    expect(markup).toContain("\\u202E");
    expect(markup).not.toContain("\u202E");
    expect(markup).toContain(" · 2 certificates");
  });
});
