/**
 * Every shell example of the README runs, as written, in a sandbox that looks like a node: the
 * README's absolute node paths (`/etc/kubernetes`, `/var/lib/kubelet`, …) point into a copy of the
 * healthy fixture node, `k8s-pki` and `npx k8s-pki-explorer` are the packed package installed there,
 * and the few commands a laptop lacks are small stand-ins (`kubectl` prints the fixture dumps,
 * `curl -O` copies the site's file, `sudo` runs its command). A README block that no case below
 * claims fails the suite, so a new example cannot go untested.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../cli/test-support/run-cli";
import { readmeBlocks, readmeFences, type ReadmeBlock } from "./readme-blocks";

const run = promisify(execFile);

let sandbox = "";
let version = "";
let blocks: ReadmeBlock[] = [];

/** The node the README's absolute paths are read from, inside the sandbox. */
const nodeRoot = (): string => join(sandbox, "node");
const work = (): string => join(sandbox, "work");

/** README paths of a node (`/etc/…`, `/var/…`, `/usr/local/…`) → the same paths in the sandbox's node. */
function onSandboxNode(script: string): string {
  return script.replace(/(^|[\s='"-])\/(etc|var|usr\/local)\//g, (_match, before: string, top: string) => {
    return `${before}${nodeRoot()}/${top}/`;
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a README block with sh in the sandbox's working folder, with its stand-ins first on PATH. */
async function runBlock(script: string, timeoutMs = 120_000): Promise<Outcome> {
  const env = {
    ...process.env,
    PATH: `${join(sandbox, "bin")}:${join(work(), "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
    HOME: sandbox,
    NO_COLOR: "1",
    npm_config_cache: join(sandbox, "npm-cache"),
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
  };
  try {
    const { stdout, stderr } = await run("sh", ["-c", onSandboxNode(script)], {
      cwd: work(),
      env,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

async function script(name: string, body: string): Promise<void> {
  const path = join(sandbox, "bin", name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
}

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "k8s-pki-readme-"));
  version = (JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
    .version;
  blocks = readmeBlocks(await readFile(join(REPO_ROOT, "README.md"), "utf8"));
  await mkdir(join(sandbox, "bin"), { recursive: true });
  await mkdir(work(), { recursive: true });
  const healthy = join(REPO_ROOT, "e2e", "fixtures", "healthy");
  await cp(healthy, nodeRoot(), { recursive: true, verbatimSymlinks: true });

  // The package as a user installs it, into the working folder (offline: it depends on nothing).
  const packed = join(sandbox, "packed");
  await mkdir(packed);
  const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packed], {
    cwd: REPO_ROOT,
  });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  await cp(join(packed, filename), join(work(), filename));
  await writeFile(join(work(), "package.json"), JSON.stringify({ name: "readme-sandbox", private: true }));
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", `./${filename}`], {
    cwd: work(),
    env: { ...process.env, npm_config_cache: join(sandbox, "npm-cache") },
  });
  // `npm run k8s-pki` as in a checkout: the working folder's package.json runs the repository's bundle.
  await writeFile(
    join(work(), "package.json"),
    JSON.stringify({
      name: "readme-sandbox",
      private: true,
      scripts: { "k8s-pki": `node ${join(REPO_ROOT, "cli", "dist", "k8s-pki.mjs")}` },
      dependencies: { "k8s-pki-explorer": `file:${filename}` },
    }),
  );

  // Inputs the examples name, made from the healthy node.
  await cp(join(nodeRoot(), "etc", "kubernetes", "pki"), join(work(), "pki"), { recursive: true });
  for (const archive of ["node.tgz", "node-backup.tgz"])
    await run("tar", ["czf", join(work(), archive), "-C", nodeRoot(), "etc", "var"]);

  // Stand-ins for what a laptop lacks.
  await script("sudo", 'exec "$@"');
}, 180_000);

afterAll(async () => {
  if (sandbox) await rm(sandbox, { recursive: true, force: true });
});

/** Does the block begin with `start`, in its text or in its first command line? */
function beginsWith(candidate: ReadmeBlock, start: string): boolean {
  return candidate.text.startsWith(start) || (candidate.commands[0]?.startsWith(start) ?? false);
}

/** The block that begins with `start`; fails when the README has none. */
function block(start: string): ReadmeBlock {
  const found = blocks.find((candidate) => beginsWith(candidate, start));
  if (!found) throw new Error(`README has no shell example starting with ${start}`);
  return found;
}

/** How each README example is checked. `first` is the start of the block's first command line. */
interface Case {
  first: string;
  /** Further blocks this case runs (the installation steps of a script, say). */
  also?: string[];
  check: () => Promise<void>;
}

const cases: Case[] = [
  {
    // The suite itself: `.ci/run` runs `npm test`, and every e2e spec runs against `npm start`'s build.
    first: "npm install && npm start",
    check: async () => {
      const ci = await readFile(join(REPO_ROOT, ".ci", "run"), "utf8");
      expect(ci).toMatch(/^npm test /m);
      const pkg = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      };
      expect(pkg.scripts.start).toContain("scripts/start.mjs");
      expect(pkg.scripts.test).toContain("scripts/test-all.mjs");
    },
  },
  {
    first: "npm run --silent k8s-pki -- audit /etc/kubernetes /var/lib/kubelet",
    check: async () => {
      const result = await runBlock(block("npm run --silent k8s-pki -- audit /etc/kubernetes").text);
      // Judged at today's date: whatever the findings, the input was read (2 would be unread input).
      expect([0, 1]).toContain(result.code);
      const report = JSON.parse(await readFile(join(work(), "report.json"), "utf8")) as {
        certificates: unknown[];
      };
      expect(report.certificates.length).toBeGreaterThan(10);
      expect(await readFile(join(work(), "audit.md"), "utf8")).toContain("# ");
    },
  },
  {
    first: "npx --yes k8s-pki-explorer audit",
    check: async () => {
      const text = block("npx --yes k8s-pki-explorer audit").text;
      expect(text).toContain(`./k8s-pki-explorer-${version}.tgz`);
      const result = await runBlock(text);
      expect([0, 1]).toContain(result.code);
      expect(result.stdout).toContain("Trust relationships");
      expect(result.stderr).not.toContain("npm error");
      expect(result.stdout).toContain('"schemaVersion"');
    },
  },
  {
    first: "k8s-pki audit node-backup.tgz --fail-on warning",
    check: async () => {
      const result = await runBlock(block("k8s-pki audit node-backup.tgz").text);
      expect([0, 1]).toContain(result.code);
      expect(await readFile(join(work(), "renewal-plan.txt"), "utf8")).toMatch(/^\d{4}-\d{2}-\d{2} · /m);
      expect(JSON.parse(await readFile(join(work(), "report.json"), "utf8"))).toHaveProperty("findings");
    },
  },
  {
    first: "npm run --silent k8s-pki -- generate --list",
    check: async () => {
      const result = await runBlock(block("npm run --silent k8s-pki -- generate --list").text);
      // The lab's point: the student finds the fault it planted.
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("KEY_MISMATCH");
    },
  },
  {
    first: "tar xzf k8s-pki-explorer-site-",
    check: async () => {
      const { siteName } = await import("./release");
      const text = block("tar xzf k8s-pki-explorer-site-").text;
      expect(text).toContain(`${siteName(version)}.tar.gz`);
      // The real export is served this way by e2e/release-site.spec.ts; here, its shape.
      const site = join(sandbox, siteName(version));
      await mkdir(join(site, "_next"), { recursive: true });
      await writeFile(join(site, "index.html"), "<!doctype html><title>K8s PKI Explorer</title>");
      await run("tar", [
        "czf",
        join(work(), `${siteName(version)}.tar.gz`),
        "-C",
        sandbox,
        siteName(version),
      ]);
      const port = await freePort();
      const [unpack, serve] = text.split("\n");
      expect((await runBlock(unpack ?? "")).code).toBe(0);
      const server = spawn("sh", ["-c", (serve ?? "").replace(/ 8080$/, ` ${port}`)], { cwd: work() });
      try {
        let html = "";
        for (let tries = 0; tries < 100 && !html; tries++) {
          html = await fetch(`http://127.0.0.1:${port}/`).then(
            (response) => (response.ok ? response.text() : ""),
            () => new Promise<string>((resolve) => setTimeout(() => resolve(""), 100)),
          );
        }
        expect(html).toContain("K8s PKI Explorer");
      } finally {
        server.kill();
      }
    },
  },
  {
    // The textfile script, installed where the README puts it, run as the timer would run it.
    first: "#!/bin/sh",
    also: ["sudo chmod 0755 /usr/local/bin/k8s-pki-textfile"],
    check: async () => {
      const textfile = block("#!/bin/sh").text;
      expect(textfile).toContain("k8s-pki audit");
      const bin = join(nodeRoot(), "usr", "local", "bin");
      await mkdir(bin, { recursive: true });
      await writeFile(join(bin, "k8s-pki-textfile"), onSandboxNode(textfile));
      const units = join(nodeRoot(), "etc", "systemd", "system");
      await mkdir(units, { recursive: true });
      const ini = readmeFences(await readFile(join(REPO_ROOT, "README.md"), "utf8"), "ini").find((text) =>
        text.includes("k8s-pki-textfile.timer"),
      );
      if (!ini) throw new Error("README has no systemd units for the textfile script");
      for (const unit of ini.split(/^(?=# \/etc\/systemd\/system\/)/m)) {
        const name = /^# \/etc\/systemd\/system\/(\S+)/.exec(unit)?.[1];
        if (name) await writeFile(join(units, name), onSandboxNode(unit));
      }
      await mkdir(join(nodeRoot(), "var", "lib", "node_exporter", "textfile_collector"), { recursive: true });
      // systemctl's stand-in: `enable --now X.timer` runs X.service's ExecStart once, as the timer will.
      await script(
        "systemctl",
        [
          'case "$1" in daemon-reload) exit 0 ;; esac',
          '[ "$1 $2" = "enable --now" ] || exit 64',
          `unit="${units}/$3"; [ -f "$unit" ] || exit 65`,
          `service="${units}/$(basename "$3" .timer).service"`,
          'grep -q "^WantedBy=timers.target" "$unit" || exit 66',
          'exec $(sed -n "s/^ExecStart=//p" "$service")',
        ].join("\n"),
      );
      const result = await runBlock(block("sudo chmod 0755 /usr/local/bin/k8s-pki-textfile").text);
      expect(result.stderr).not.toMatch(/not found|denied/);
      expect(result.code).toBe(0);
      const prom = join(nodeRoot(), "var", "lib", "node_exporter", "textfile_collector", "k8s_pki.prom");
      const metrics = await readFile(prom, "utf8");
      expect(metrics).toContain('x509_cert_not_after{filename="apiserver.crt"');
      expect(metrics).toMatch(/^k8s_pki_relationship_status\{.*status="ok"\} 1$/m);
      // promtool (Debian package prometheus) reads the file as Prometheus will: no lint problem.
      const lint = spawnSync("promtool", ["check", "metrics"], { input: metrics, encoding: "utf8" });
      expect(lint.error).toBeUndefined();
      expect(`${lint.stdout}${lint.stderr}`).toBe("");
      expect(lint.status).toBe(0);
    },
  },
  {
    // The page's one-liner: fetched from a server of the site's files (the README's site, served
    // here on a local port), run on the node. The node's `/` is the sandbox's node, which a script
    // can only be given as `--root`.
    first: "curl -fsSLO https://pki.example.org/k8s-pki-collect.sh",
    check: async () => {
      const server = createHttpServer((req, res) => {
        const name = (req.url ?? "/").replace(/^\/+/, "");
        if (name !== "k8s-pki-collect.sh") return void res.writeHead(404).end();
        void readFile(join(REPO_ROOT, "public", name)).then((body) => res.writeHead(200).end(body));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      // curl's stand-in for `-fsSLO URL`: a real HTTP GET, saved under the URL's last segment.
      await script(
        "curl",
        `exec node -e 'fetch(process.argv[1]).then(async (r) => { if (!r.ok) process.exit(22); require("fs").writeFileSync(process.argv[1].split("/").pop(), Buffer.from(await r.arrayBuffer())); })' "$2"`,
      );
      try {
        const line = block("curl -fsSLO https://pki.example.org/k8s-pki-collect.sh").text.trim();
        expect(line).toMatch(/ --public-keys-only$/);
        const site = line.replace("https://pki.example.org/", `http://127.0.0.1:${port}/`);
        expect(site).not.toBe(line);
        const result = await runBlock(`${site} --root ${nodeRoot()}`);
        expect(result.code).toBe(0);
        expect(await readFile(join(work(), "k8s-pki-collect.sh"), "utf8")).toBe(
          await readFile(join(REPO_ROOT, "public", "k8s-pki-collect.sh"), "utf8"),
        );
        const host = /as '([^']+)'/.exec(result.stderr)?.[1];
        expect(host).toBeTruthy();
        const audit = await runBlock(`k8s-pki audit ${host}-k8s-pki.tgz --now 2026-06-01`);
        expect(audit.code).toBe(0);
        expect(audit.stdout).toContain("public halves");
      } finally {
        server.close();
      }
    },
  },
  {
    first: "sh public/k8s-pki-collect.sh --root e2e/fixtures/healthy",
    check: async () => {
      // The block is written for a checkout: its relative paths are the repository's.
      for (const top of ["public", "e2e"]) await symlink(join(REPO_ROOT, top), join(work(), top));
      const result = await runBlock(block("sh public/k8s-pki-collect.sh --root e2e/fixtures/healthy").text);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("public halves");
      const k3s = await runBlock("k8s-pki audit k3s-server.tgz --now 2026-12-01 --format json");
      expect(k3s.code).toBe(0);
      expect((JSON.parse(k3s.stdout) as { layout: { name: string } }).layout.name).toBe("k3s");
    },
  },
  {
    first: "npm run --silent k8s-pki -- audit e2e/fixtures/served/kubeadm-renewed-not-restarted",
    check: async () => {
      await symlink(join(REPO_ROOT, "e2e"), join(work(), "e2e")).catch(() => undefined);
      const result = await runBlock(block("npm run --silent k8s-pki -- audit e2e/fixtures/served/").text);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("SERVED_CERT_DIFFERS kube-apiserver serves another certificate");
      expect(result.stdout).toContain("2027-01-01");
    },
  },
  {
    // kubectl's stand-in answers with the committed dumps of a cluster (e2e/fixtures/kubectl-dumps),
    // whose Secrets hold a deliberate key mismatch and whose CSRs one pending kubelet-serving request.
    first: "kubectl get secrets -A -o yaml > secrets.yaml",
    check: async () => {
      const dumps = join(REPO_ROOT, "e2e", "fixtures", "kubectl-dumps");
      await script(
        "kubectl",
        [
          'case "$*" in',
          `  "get secrets -A -o yaml") exec cat "${join(dumps, "secrets.yaml")}" ;;`,
          `  "get csr -o yaml") exec cat "${join(dumps, "csr.yaml")}" ;;`,
          '  *) echo "kubectl stand-in: $*" >&2; exit 64 ;;',
          "esac",
        ].join("\n"),
      );
      const result = await runBlock(block("kubectl get secrets -A -o yaml > secrets.yaml").text);
      expect(result.stderr).not.toContain("stand-in");
      expect(result.code).toBe(1);
      for (const code of ["KEY_MISMATCH", "CSR_PENDING"]) expect(result.stdout).toContain(code);
    },
  },
  {
    // kubectl's stand-in answers with the committed dumps of e2e/fixtures/cluster-objects: a Fail
    // webhook whose caBundle is another CA, an Ignore one, and a cert-manager Certificate not Ready.
    first:
      "kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o yaml > webhooks.yaml",
    check: async () => {
      const dumps = join(REPO_ROOT, "e2e", "fixtures", "cluster-objects");
      await script(
        "kubectl",
        [
          'case "$*" in',
          `  "get validatingwebhookconfigurations,mutatingwebhookconfigurations -o yaml") exec cat "${join(dumps, "webhooks.yaml")}" ;;`,
          `  "get apiservices,crd,csr -o yaml") exec cat "${join(dumps, "crds.yaml")}" ;;`,
          `  "get certificates,issuers,clusterissuers -A -o yaml") exec cat "${join(dumps, "cert-manager.yaml")}" ;;`,
          `  "get secrets -A --field-selector type=kubernetes.io/tls -o yaml") exec cat "${join(dumps, "secrets.yaml")}" ;;`,
          '  *) echo "kubectl stand-in: $*" >&2; exit 64 ;;',
          "esac",
        ].join("\n"),
      );
      const result = await runBlock(
        block(
          "kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o yaml > webhooks.yaml",
        ).text,
      );
      expect(result.stderr).not.toContain("stand-in");
      expect(result.code).toBe(1);
      for (const code of ["WEBHOOK_CA_BUNDLE_MISMATCH", "CERT_MANAGER_NOT_READY"])
        expect(result.stdout).toContain(code);
    },
  },
  {
    first: "status=0",
    check: async () => {
      const result = await runBlock(block("status=0").text);
      expect(result.code).toBe(0);
      const sarif = JSON.parse(await readFile(join(work(), "k8s-pki.sarif"), "utf8")) as unknown;
      const ajv = new AjvDraft04({ allErrors: true });
      addFormats(ajv);
      const schema = JSON.parse(
        await readFile(join(REPO_ROOT, "lib", "format", "schemas", "sarif-schema-2.1.0.json"), "utf8"),
      ) as object;
      expect(ajv.validate(schema, sarif), ajv.errorsText()).toBe(true);
      const junit = join(work(), "k8s-pki-junit.xml");
      const lint = spawnSync("xmllint", ["--noout", junit], { encoding: "utf8" });
      expect(lint.error, "xmllint (Debian package libxml2-utils) is needed here").toBeUndefined();
      expect(lint.status, lint.stderr).toBe(0);
      expect(await readFile(junit, "utf8")).toContain('<testcase classname="apiserver-serving"');
    },
  },
  {
    first: "k8s-pki audit /etc/kubernetes --format html > audit.html",
    check: async () => {
      const result = await runBlock(block("k8s-pki audit /etc/kubernetes --format html > audit.html").text);
      expect(result.code).toBe(0);
      const html = await readFile(join(work(), "audit.html"), "utf8");
      expect(html).toMatch(/^<!DOCTYPE html>\n/);
      expect(html).not.toMatch(/<script|<link/);
      // The recipe's digest is the one the report's footer names.
      const named = /<dt>SHA-256<\/dt><dd><code>([0-9a-f]{64})</.exec(html)?.[1];
      expect(named).toMatch(/^[0-9a-f]{64}$/);
      expect(result.stdout).toBe(`${named ?? ""}  -\n`);
    },
  },
  {
    first: "k8s-pki diff last-month.tgz today.tgz",
    check: async () => {
      const diff = join(REPO_ROOT, "e2e", "fixtures", "diff");
      await cp(join(diff, "2026-06-01.tgz"), join(work(), "last-month.tgz"));
      await cp(join(diff, "2027-06-01.tgz"), join(work(), "today.tgz"));
      const result = await runBlock(block("k8s-pki diff last-month.tgz today.tgz").text);
      // worker-1's kubelet did not rotate: a regression, exit 1.
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /did not rotate {2}worker-1\/var\/lib\/kubelet\/pki\/kubelet-client-current\.pem/,
      );
      const changes = await readFile(join(work(), "changes.md"), "utf8");
      expect(changes).toMatch(/^# What changed between two snapshots/);
      expect(changes).toContain("**Did not rotate**");
    },
  },
  {
    first: "k8s-pki plan-rotation etcd-ca node.tgz",
    check: async () => {
      const result = await runBlock(block("k8s-pki plan-rotation etcd-ca node.tgz").text);
      expect(result.code).toBe(0);
      const runbook = await readFile(join(work(), "runbook.md"), "utf8");
      expect(runbook).toMatch(/^# Rotation plan: the etcd CA \(etcd-ca\)/);
      expect(runbook).toContain("kubeadm certs renew etcd-peer --cert-dir /root/ca-rotation/pki");
    },
  },
  {
    first: "k8s-pki explain KubeClientCertificateExpiration",
    check: async () => {
      const result = await runBlock(block("k8s-pki explain KubeClientCertificateExpiration").text);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /^KubeClientCertificateExpiration \(apiserver_client_certificate_expiration_seconds below 7 days\): /,
      );
      expect(result.stdout).toContain("admin.conf#users/kubernetes-admin");
    },
  },
];

describe("README shell examples", () => {
  test("every shell block is claimed by a case", () => {
    const starts = cases.flatMap((c) => [c.first, ...(c.also ?? [])]);
    const claimed = blocks.filter((candidate) => starts.some((start) => beginsWith(candidate, start)));
    expect(blocks.filter((candidate) => !claimed.includes(candidate)).map((b) => b.text)).toEqual([]);
    expect(blocks.length).toBe(starts.length);
  });

  for (const { first, check } of cases) test(first, check, 180_000);
});
