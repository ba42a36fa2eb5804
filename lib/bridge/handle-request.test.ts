/**
 * The Worker's behaviour, tested in Node on real fixture files: what it posts for an analysis, for a
 * bad request, for a superseded analysis and for an explicit cancel.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { formatMarkdown } from "../format/markdown";
import { DEMO_JUDGE_AT } from "../generate/demo-cluster";
import { renewalPlan } from "../plan/renewal-plan";
import { FIXTURE_NOW, REPO_ROOT, fixtureDir, readTree } from "../test-support/fixtures";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";
import { createRequestHandler } from "./handle-request";
import { createPartJoiner } from "./join-parts";
import type { Report } from "../report";
import type { AnalysisFile, AnalysisResponse } from "./protocol";

function healthyFiles(): AnalysisFile[] {
  return readTree(fixtureDir("healthy")).map((f) => ({ path: f.path, bytes: f.bytes.slice().buffer }));
}

function demoFiles(): AnalysisFile[] {
  return readTree(join(REPO_ROOT, "e2e", "fixtures", "demo")).map((f) => ({
    path: f.path,
    bytes: f.bytes.slice().buffer,
  }));
}

function recorder() {
  const posted: AnalysisResponse[] = [];
  return { posted, post: (response: AnalysisResponse) => posted.push(response) };
}

/** Every response but progress and the plan that follows a result, in order: what the page acts on. */
function answers(posted: AnalysisResponse[]) {
  return posted
    .filter((r) => r.type !== "progress" && r.type !== "plan")
    .map((r) => ({ type: r.type, id: r.id }));
}

describe("createRequestHandler", () => {
  it("posts progress for every stage, then one result equal to analyze()'s report, then its plan", async () => {
    let clock = 1000;
    const handle = createRequestHandler(globalThis.crypto, { elapsed: () => (clock += 7) });
    const { posted, post } = recorder();
    await handle({ type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    const result = posted.at(-2);
    expect(result?.type).toBe("result");
    if (result?.type !== "result") return;
    const direct = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW, warnDays: 30 });
    expect(result.report).toEqual(direct);
    expect(result.millis).toBe(7);
    expect(posted.at(-1)).toEqual({ type: "plan", id: 1, plan: renewalPlan(direct) });
    const progress = posted.filter((r) => r.type === "progress");
    expect(new Set(progress.map((r) => r.progress.stage))).toEqual(new Set(["read", "verify", "report"]));
    expect(progress.every((r) => r.id === 1)).toBe(true);
    expect(answers(posted)).toEqual([{ type: "result", id: 1 }]);
  });

  it("answers an identify request with the drop's CA keys, beside a running analysis", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await Promise.all([
      handle({ type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post),
      handle({ type: "identify", id: 2, files: healthyFiles() }, post),
    ]);
    expect(answers(posted)).toEqual(
      expect.arrayContaining([
        { type: "result", id: 1 },
        { type: "identity", id: 2 },
      ]),
    );
    const identity = posted.find((r) => r.type === "identity");
    expect(identity?.type === "identity" && identity.authorities).toEqual(
      expect.arrayContaining(["kubernetes", "etcd-ca", "front-proxy-ca"]),
    );
    expect(identity?.type === "identity" && identity.keys.length).toBeGreaterThan(3);
  });

  it.each([
    { name: "an invalid judge date", now: "not a date", message: "analyze: invalid now not a date" },
    { name: "an empty judge date", now: "", message: "analyze: invalid now " },
  ])("answers $name with an error message", async ({ now, message }) => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await handle({ type: "analyze", id: 4, files: healthyFiles(), now, warnDays: 30 }, post);
    expect(posted).toEqual([{ type: "error", id: 4, message }]);
  });

  it("passes the thresholds through to the report", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    const request = {
      type: "analyze",
      id: 3,
      files: healthyFiles(),
      now: FIXTURE_NOW,
      warnDays: 10,
    } as const;
    await handle({ ...request, warnFraction: 0.25, caHorizonDays: 90 }, post);
    const last = posted.filter((r) => r.type === "result").at(-1);
    expect(last?.type === "result" && [last.report.warnFraction, last.report.caHorizonDays]).toEqual([
      0.25, 90,
    ]);
  });

  it("passes warnDays through to the report", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    // 47 days before the one-year leaves end: outside the default 30 days and the last 10 %, inside 60 days.
    const now = "2026-11-15T00:00:00Z";
    await handle({ type: "analyze", id: 2, files: healthyFiles(), now, warnDays: 60 }, post);
    const last = posted.filter((r) => r.type === "result").at(-1);
    expect(last?.type === "result" && last.report.warnDays).toBe(60);
    expect(last?.type === "result" && last.report.findings.some((f) => f.code === "CERT_EXPIRES_SOON")).toBe(
      true,
    );
  });

  it("a newer analyze cancels the running one, which answers cancelled", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    const first = handle(
      { type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 },
      post,
    );
    const second = handle(
      { type: "analyze", id: 2, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 },
      post,
    );
    await Promise.all([first, second]);
    expect(answers(posted)).toEqual([
      { type: "cancelled", id: 1 },
      { type: "result", id: 2 },
    ]);
    // The superseded run stops posting progress once the newer one has started.
    const cancelledAt = posted.findIndex((r) => r.type === "cancelled");
    expect(posted.slice(cancelledAt).some((r) => r.type === "progress" && r.id === 1)).toBe(false);
  });

  it("an explicit cancel stops the analysis, and the handler keeps working afterwards", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    const running = handle(
      { type: "analyze", id: 5, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 },
      post,
    );
    await handle({ type: "cancel", id: 5 }, post);
    await running;
    expect(answers(posted)).toEqual([{ type: "cancelled", id: 5 }]);
    await handle({ type: "analyze", id: 6, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    expect(answers(posted).at(-1)).toEqual({ type: "result", id: 6 });
  });

  it("ignores a cancel for an analysis that is not running", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await handle({ type: "cancel", id: 9 }, post);
    expect(posted).toEqual([]);
    await handle({ type: "analyze", id: 9, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    expect(answers(posted)).toEqual([{ type: "result", id: 9 }]);
  });

  it("yields to the host between files, at most once per yieldEveryMs of work", async () => {
    let clock = 0;
    let reads = 0;
    let yields = 0;
    const handle = createRequestHandler(globalThis.crypto, {
      // Every reading of the clock advances it 10 ms: a yield is due every third checkpoint or so.
      elapsed: () => {
        reads += 1;
        return (clock += 10);
      },
      yieldToHost: async () => {
        yields += 1;
      },
      yieldEveryMs: 25,
    });
    const { posted, post } = recorder();
    await handle({ type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    expect(answers(posted)).toEqual([{ type: "result", id: 1 }]);
    expect(yields).toBeGreaterThan(5);
    // Every file, verification batch and rule passes a checkpoint that reads the clock; with 10 ms
    // a reading and a yield due every 25 ms, at most one checkpoint in two may yield.
    expect(reads).toBeGreaterThan(36);
    expect(yields).toBeLessThanOrEqual(Math.ceil(reads / 2));
  });

  it("sees a cancel that arrives as a later task, while files are still being read", async () => {
    const handle = createRequestHandler(globalThis.crypto, {
      yieldToHost: () => new Promise((resolve) => setTimeout(resolve, 0)),
      yieldEveryMs: 0,
    });
    const { posted, post } = recorder();
    const running = handle(
      { type: "analyze", id: 3, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 },
      post,
    );
    setTimeout(() => void handle({ type: "cancel", id: 3 }, post), 0);
    await running;
    expect(answers(posted)).toEqual([{ type: "cancelled", id: 3 }]);
    expect(posted.some((r) => r.type === "progress" && r.progress.stage === "verify")).toBe(false);
  });
});

describe("passwords", () => {
  it.each([
    { name: "no password: the file stays locked", passwords: undefined, certificates: 0 },
    { name: "its password: the file is opened", passwords: ["pfx-pass"], certificates: 1 },
  ])("$name", async ({ passwords, certificates }) => {
    const dir = tempDir();
    openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "k.pem"], dir);
    openssl(["req", "-x509", "-key", "k.pem", "-out", "c.pem", "-subj", "/CN=p", "-days", "3650"], dir);
    openssl(
      ["pkcs12", "-export", "-in", "c.pem", "-inkey", "k.pem", "-out", "x.p12", "-passout", "pass:pfx-pass"],
      dir,
    );
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    const files = [{ path: "x.p12", bytes: readBytes(dir, "x.p12").slice().buffer }];
    await handle(
      { type: "analyze", id: 9, files, now: FIXTURE_NOW, warnDays: 30, ...(passwords ? { passwords } : {}) },
      post,
    );
    const last = posted.filter((r) => r.type === "result").at(-1);
    if (last?.type !== "result") throw new Error(`expected a result, got ${last?.type}`);
    expect(last.report.certificates).toHaveLength(certificates);
    expect(last.report.inputs.locked?.map((l) => l.status)).toEqual(
      passwords ? undefined : ["password-needed"],
    );
    expect(JSON.stringify(last.report)).not.toContain("pfx-pass");
  });
});

describe("generate", () => {
  it("answers with the scenario's files, beside a running analysis it leaves alone", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    const keyFiles = demoFiles();
    await Promise.all([
      handle({ type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post),
      handle({ type: "generate", id: 2, choice: "key-mismatch", keyFiles }, post),
    ]);
    expect(answers(posted)).toEqual(
      expect.arrayContaining([
        { type: "result", id: 1 },
        { type: "generated", id: 2 },
      ]),
    );
    const generated = posted.find((r) => r.type === "generated");
    if (generated?.type !== "generated") throw new Error("no generated answer");
    expect(generated.files.map((f) => f.path)).toEqual(keyFiles.map((f) => f.path));
    const report = await analyze(
      generated.files.map((f) => ({ path: f.path, bytes: new Uint8Array(f.bytes) })),
      { now: DEMO_JUDGE_AT },
    );
    expect(report.findings.filter((f) => f.severity !== "info").map((f) => f.code)).toEqual(["KEY_MISMATCH"]);
  });

  it.each([
    {
      name: "an unknown scenario",
      choice: "expired-apiserver",
      keyFiles: () => demoFiles(),
      message: 'unknown scenario "expired-apiserver"',
    },
    {
      name: "key files that are not the demo's",
      choice: "healthy",
      // An EC key where the demo keeps its RSA front-proxy CA key.
      keyFiles: () => {
        const ec = demoFiles().find((f) => f.path === "control-1/etc/kubernetes/pki/apiserver.key");
        return ec ? [{ path: "control-1/etc/kubernetes/pki/front-proxy-ca.key", bytes: ec.bytes }] : [];
      },
      message:
        'key "front-proxy-ca" in control-1/etc/kubernetes/pki/front-proxy-ca.key: key is ECDSA-P256, not RSA-2048',
    },
  ])("answers $name with an error message", async ({ choice, keyFiles, message }) => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await handle({ type: "generate", id: 7, choice, keyFiles: keyFiles() }, post);
    expect(posted).toEqual([{ type: "error", id: 7, message }]);
  });
});

describe("in parts, as a Worker sends", () => {
  it("a report and its plan come as parts that join into the whole ones", async () => {
    const handle = createRequestHandler(globalThis.crypto, { inParts: true });
    const { posted, post } = recorder();
    await handle({ type: "analyze", id: 2, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    const kinds = posted.filter((r) => r.type !== "progress").map((r) => r.type);
    expect(kinds.filter((kind) => kind === "report-part").length).toBeGreaterThan(1);
    expect(kinds.indexOf("result-end")).toBe(kinds.lastIndexOf("report-part") + 1);
    expect(kinds.at(-1)).toBe("plan-end");
    const join = createPartJoiner();
    const joined = posted.flatMap((response) => join(response) ?? []).filter((r) => r.type !== "progress");
    const direct = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW, warnDays: 30 });
    expect(joined.map((r) => r.type)).toEqual(["result", "plan"]);
    const [result, plan] = joined;
    expect(result?.type === "result" && JSON.stringify(result.report)).toBe(JSON.stringify(direct));
    expect(plan?.type === "plan" && plan.plan).toEqual(renewalPlan(direct));
  });
});

describe("export", () => {
  it.each([
    { format: "json" as const, text: (report: Report) => `${JSON.stringify(report, null, 2)}\n` },
    { format: "markdown" as const, text: (report: Report) => formatMarkdown(report) },
  ])("makes the latest report's $format file as the CLI prints it", async ({ format, text }) => {
    const handle = createRequestHandler(globalThis.crypto, { inParts: true });
    const { posted, post } = recorder();
    await handle({ type: "analyze", id: 1, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    await handle({ type: "export", id: 2, of: 1, format }, post);
    const exported = posted.at(-1);
    if (exported?.type !== "exported") throw new Error(`expected a file, got ${exported?.type}`);
    const direct = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW, warnDays: 30 });
    expect(new TextDecoder().decode(exported.bytes)).toBe(text(direct));
  });

  it("refuses a report that is not the latest one", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await handle({ type: "export", id: 3, of: 1, format: "json" }, post);
    await handle({ type: "analyze", id: 4, files: healthyFiles(), now: FIXTURE_NOW, warnDays: 30 }, post);
    await handle({ type: "export", id: 5, of: 1, format: "json" }, post);
    expect(posted.filter((r) => r.type === "error").map((r) => r.id)).toEqual([3, 5]);
  });
});

describe("what-if", () => {
  it("answers with the steps and the summaries, the two reports left in the engine", async () => {
    const handle = createRequestHandler(globalThis.crypto);
    const { posted, post } = recorder();
    await handle(
      {
        type: "what-if",
        id: 3,
        files: demoFiles(),
        actions: [
          { kind: "date", at: "2026-06-25T00:00:00.000Z" },
          { kind: "renew", target: "front-proxy-client" },
        ],
        now: DEMO_JUDGE_AT,
        warnDays: 30,
      },
      post,
    );
    const answer = posted.find((r) => r.type === "what-if");
    if (answer?.type !== "what-if") throw new Error("no what-if answer");
    expect(answer.result.simulated).toBe(true);
    expect(answer.result.before).toMatchObject({ error: 1, warning: 1 });
    expect(answer.result.steps.map((s) => s.changes)).toEqual([
      [{ key: "front-proxy-client", from: "warning", to: "error" }],
      [{ key: "front-proxy-client", from: "error", to: "ok" }],
    ]);
    expect(answer.result.afterStatuses["front-proxy-client"]).toBe("ok");
    expect("relationships" in answer.result.after).toBe(false);
  });
});
