/**
 * The kubectl dumps judged with the healthy node of their cluster (e2e/fixtures/kubectl-dumps):
 * exactly the deliberate faults above info, whether the Secrets come as YAML or JSON — no false
 * alarm for a public chain whose root is absent, cert-manager's CAs or a webhook's own CA — the
 * healthy node's verdicts untouched but for the pending kubelet-serving CSR, and no token,
 * password or key of a Secret in any output format.
 */
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KUBECTL_DUMPS } from "../scripts/fixtures/catalogue";
import { analyze } from "./analyze";
import { formatMarkdown } from "./format/markdown";
import { formatTable } from "./format/table";
import { dataValue, kubectlList, renderKubectl, secretObject } from "./generate/kubectl-dump";
import type { InputFile } from "./inventory";
import type { Report } from "./report";
import { FIXTURE_NOW, fixtureDir, problems, readTree, REPO_ROOT } from "./test-support/fixtures";

const DUMPS = join(REPO_ROOT, KUBECTL_DUMPS.dir);
const dump = (name: string): InputFile => ({
  path: name,
  bytes: new Uint8Array(readFileSync(join(DUMPS, name))),
});
const healthy = () => readTree(fixtureDir("healthy"));

async function judged(...names: string[]): Promise<Report> {
  return analyze([...healthy(), ...names.map(dump)], { now: FIXTURE_NOW });
}

/** The values of the fixture that must never be shown: tokens, passwords, key bodies. */
function secretValues(): string[] {
  const text = readFileSync(join(DUMPS, "secrets.yaml"), "utf8");
  const values: string[] = ["Zq8#vN2p!Lr5@Wk7", "0123456789abcdef", "dXNlcjpQNHNzdzByZCE="];
  for (const match of text.matchAll(/^ {4}(token|tls\.key|password): (\S+)$/gm)) {
    const decoded = Buffer.from(match[2] ?? "", "base64").toString("utf8");
    values.push(match[2] ?? "");
    if (match[1] === "tls.key")
      values.push(...decoded.split("\n").filter((line) => line.length >= 32 && !line.startsWith("-----")));
    else values.push(decoded);
  }
  return values;
}

const FORMATS: { name: string; render: (report: Report) => string }[] = [
  { name: "json", render: (report) => JSON.stringify(report, null, 2) },
  { name: "table", render: (report) => formatTable(report, { color: false }) },
  { name: "markdown", render: (report) => formatMarkdown(report) },
];

describe("kubectl dumps judged with the healthy node of their cluster", () => {
  it.each([
    { name: "YAML", files: ["secrets.yaml", "csr.yaml"] },
    { name: "JSON", files: ["secrets.json", "csr.yaml"] },
  ])("$name: exactly the deliberate faults above info", async ({ files }) => {
    const report = await judged(...files);
    const secrets = files[0] ?? "";
    const expected = KUBECTL_DUMPS.expect.map((want) => ({
      ...want,
      file: want.file === "secrets.yaml" ? secrets : want.file,
    }));
    const got = problems(report);
    for (const want of expected) {
      const match = got.find(
        (f) =>
          f.code === want.code &&
          f.severity === want.severity &&
          f.files.some((p) => p === want.file || p.startsWith(`${want.file ?? ""}#`)) &&
          (!want.relationship || f.relationship === want.relationship),
      );
      expect(match, `${want.code} in ${JSON.stringify(got, null, 2)}`).toBeDefined();
    }
    expect(got).toHaveLength(expected.length);
    expect(report.findings.map((f) => f.code).sort()).toEqual(
      [...expected.map((w) => w.code), "CSR_DENIED", "KUBELET_SERVING_UNVERIFIED"].sort(),
    );
  });

  it("leaves the healthy node's relationships as they were, but kubelet-serving, which the pending CSR makes a warning", async () => {
    const alone = await analyze(healthy(), { now: FIXTURE_NOW });
    const report = await judged("secrets.yaml", "csr.yaml");
    const status = (r: Report) => Object.fromEntries(r.relationships.map((x) => [x.key, x.status]));
    expect(status(report)).toEqual({ ...status(alone), "kubelet-serving": "warning" });
    expect(report.layout?.name).toBe("kubeadm");
    const anchors = (r: Report) => r.trustAnchors.map(({ id, role, name }) => ({ id, role, name }));
    expect(anchors(report)).toEqual(anchors(alone));
  });

  it("dedups a service-account token's ca.crt with pki/ca.crt, the CSR's certificate with the kubelet's", async () => {
    const report = await judged("secrets.yaml", "csr.yaml");
    const byPath = (path: string) => report.certificates.find((c) => c.paths.includes(path));
    expect(byPath("etc/kubernetes/pki/ca.crt")?.paths).toEqual(
      expect.arrayContaining([
        "secrets.yaml#kube-system/default-token-7xk2p/data/ca.crt",
        "secrets.yaml#monitoring/prometheus-token-q8zvd/data/ca.crt",
      ]),
    );
    expect(byPath("etc/kubernetes/pki/ca.crt")?.role).toBe("cluster-ca");
    expect(byPath("var/lib/kubelet/pki/kubelet-client-current.pem")?.paths).toContain(
      "csr.yaml#csr/csr-8kq2v/status/certificate",
    );
  });

  it("names each certificate's Secrets in the report and gives none of theirs a Kubernetes role", async () => {
    const report = await judged("secrets.yaml", "csr.yaml");
    const shop = report.certificates.filter((c) => c.paths.some((p) => p.includes("shop-example-tls")));
    expect(shop.map((c) => [c.subject, c.secrets, c.role])).toEqual([
      [
        "CN=shop.example.com",
        [
          {
            namespace: "ingress-nginx",
            name: "shop-example-tls",
            key: "tls.crt",
            type: "kubernetes.io/tls",
            managedBy: "cert-manager",
          },
        ],
        undefined,
      ],
      [
        "CN=Example Public CA R1",
        [
          {
            namespace: "ingress-nginx",
            name: "shop-example-tls",
            key: "tls.crt",
            type: "kubernetes.io/tls",
            managedBy: "cert-manager",
          },
        ],
        "ca",
      ],
    ]);
    for (const certificate of report.certificates.filter((c) =>
      c.paths.every((p) => p.startsWith("secrets.yaml#")),
    ))
      expect(["ca", undefined]).toContain(certificate.role);
    expect(
      report.certificates
        .filter((c) => !c.paths.some((p) => p.startsWith("secrets.yaml")))
        .every((c) => !c.secrets),
    ).toBe(true);
  });

  it.each(FORMATS)("no token, password or key of a Secret in the $name output", async ({ render }) => {
    const output = render(await judged("secrets.yaml", "csr.yaml"));
    const values = secretValues();
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) expect(output.includes(value), value).toBe(false);
    expect(output).not.toContain("PRIVATE KEY");
  });

  it.each(FORMATS)(
    "a token that slid into a Secret's name is redacted in the $name output",
    async ({ render }) => {
      const token = "eyJhbGciOiJSUzI1NiJ9.Qx7vK2mP9rLs4TnW8yZa1BcD3eFg5HjKmNpQrS";
      const expired = readFileSync(join(DUMPS, "secrets.yaml"), "utf8").match(
        /^ {4}tls\.crt: (\S+)\n(?:.*\n)*? {4}name: legacy-tls$/m,
      )?.[1];
      const items = [
        secretObject({
          namespace: "kube-system",
          name: "sa-token",
          type: "kubernetes.io/service-account-token",
          data: { token },
        }),
        {
          ...secretObject({ namespace: "apps", name: token, type: "kubernetes.io/tls", data: {} }),
          data: { "tls.crt": expired },
        },
      ];
      const files = [
        { path: "damaged.yaml", bytes: new TextEncoder().encode(renderKubectl(kubectlList(items), "yaml")) },
      ];
      const output = render(await analyze(files, { now: FIXTURE_NOW }));
      expect(output).toContain("[redacted]");
      expect(output).not.toContain(token.slice(0, 24));
      expect(output).not.toContain(dataValue(token).slice(0, 24));
    },
  );
});
