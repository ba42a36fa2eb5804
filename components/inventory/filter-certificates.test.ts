import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import { filterCertificates, queryTerms } from "./filter-certificates";

const certificates = sampleReport().certificates.map((certificate) =>
  certificate.id === "c-api"
    ? { ...certificate, sans: ["DNS:kubernetes", "IP:10.96.0.1"], role: "apiserver-serving" }
    : certificate,
);

describe("filterCertificates", () => {
  const cases: { name: string; query: string; want: string[] }[] = [
    { name: "empty query keeps all", query: "", want: ["c-ca", "c-api", "c-admin", "c-peer", "c-pipe"] },
    { name: "blank query keeps all", query: "   ", want: ["c-ca", "c-api", "c-admin", "c-peer", "c-pipe"] },
    { name: "by path", query: "etcd/", want: ["c-peer"] },
    { name: "by a second path only", query: "backup", want: ["c-peer"] },
    { name: "by subject, case-insensitive", query: "KUBERNETES-ADMIN", want: ["c-admin"] },
    { name: "by SAN IP", query: "10.96.0.1", want: ["c-api"] },
    { name: "by role", query: "apiserver-serving", want: ["c-api"] },
    {
      name: "by issuer matches every issued certificate",
      query: "cn=kubernetes",
      want: ["c-ca", "c-api", "c-admin", "c-peer", "c-pipe"],
    },
    { name: "every word must match", query: "pki apiserver", want: ["c-api"] },
    { name: "words match in different fields", query: "system:masters admin.conf", want: ["c-admin"] },
    { name: "nothing matches", query: "front-proxy", want: [] },
  ];
  it.each(cases)("$name", ({ query, want }) => {
    expect(filterCertificates(certificates, query).map((c) => c.id)).toEqual(want);
  });
});

describe("queryTerms", () => {
  it("splits on any whitespace and lower-cases", () => {
    expect(queryTerms("  Etcd\tSERVER \n")).toEqual(["etcd", "server"]);
  });
});
