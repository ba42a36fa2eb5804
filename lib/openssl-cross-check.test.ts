/**
 * openssl as the independent oracle: for every fixture, every chain verdict of ours must agree with
 * `openssl verify -attime <now>`, every expiry verdict and every CA-horizon verdict with openssl's
 * own expiry check (each certificate verified as its own anchor at that time), and every "outlives its issuer" verdict with `openssl verify` at the
 * certificate's own last second.
 */
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_FRACTION } from "./expiry";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCheckContext } from "./engine/context";
import { buildClusterModel } from "./cluster/build-model";
import { ingest } from "./ingest/ingest";
import type { CertificateRecord } from "./inventory";
import { isKubeletSelfSignedCA } from "./engine/kubelet-self-signed";
import { createSignatureVerifier } from "./pki/signature-verifier";
import { FIXTURE_NOW, FIXTURES, SAMPLE_NOW, fixtureDir, readTree, reportFor } from "./test-support/fixtures";

const work = mkdtempSync(join(tmpdir(), "k8s-pki-openssl-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pem(certs: CertificateRecord[]): string {
  return certs
    .map(
      (c) =>
        `-----BEGIN CERTIFICATE-----\n${Buffer.from(c.der)
          .toString("base64")
          .replace(/(.{64})/g, "$1\n")
          .trimEnd()}\n-----END CERTIFICATE-----\n`,
    )
    .join("");
}

let counter = 0;
function write(certs: CertificateRecord[]): string {
  const file = join(work, `${counter++}.pem`);
  writeFileSync(file, pem(certs));
  return file;
}

/** `openssl x509 -checkend`: whether openssl finds `cert` expired at `at` (ms). */
function checkend(cert: CertificateRecord, at: number): boolean {
  const offset = String(Math.floor((at - Date.now()) / 1000));
  const result = spawnSync("openssl", ["x509", "-in", write([cert]), "-noout", "-checkend", offset], {
    encoding: "utf8",
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(`openssl x509: ${result.stderr}`);
  return result.status === 1;
}

/**
 * Which of `certs` openssl finds expired at `at` (ms), asked of all of them in one
 * `openssl verify -attime` run: each certificate is its own trust anchor (`-partial_chain`, every
 * one of them in `-CAfile`), so `error 10 at 0 depth` is openssl's "expired" verdict on it and OK
 * its "not expired". A certificate that fails for another reason first (openssl stops at some
 * errors before it looks at the dates) is asked alone with `openssl x509 -checkend`.
 */
function opensslExpiredAt(certs: CertificateRecord[], at: number): boolean[] {
  if (certs.length === 0) return [];
  const files = certs.map((cert) => write([cert]));
  const args = ["verify", "-auth_level", "0", "-partial_chain", "-attime", String(Math.floor(at / 1000))];
  const result = spawnSync("openssl", [...args, "-CAfile", write(certs), ...files], { encoding: "utf8" });
  const verdicts = new Map<string, boolean | undefined>();
  let errors: string[] = [];
  for (const line of `${result.stdout}${result.stderr}`.split("\n")) {
    const file = files.find((f) => line === `${f}: OK` || line === `error ${f}: verification failed`);
    if (file === undefined) {
      if (/^error \d+ at \d+ depth/.test(line)) errors.push(line);
      continue;
    }
    const expired = errors.some((error) => error.startsWith("error 10 at 0 depth lookup:"));
    verdicts.set(file, line === `${file}: OK` ? false : expired ? true : undefined);
    errors = [];
  }
  return certs.map((cert, i) => verdicts.get(files[i] ?? "") ?? checkend(cert, at));
}

/** The fixture's inventory, ingested once for the tests that only read it. */
const inventories = new Map<string, ReturnType<typeof ingest>>();
function inventoryOf(name: string): ReturnType<typeof ingest> {
  let inventory = inventories.get(name);
  if (!inventory) {
    inventory = ingest(readTree(fixtureDir(name)), { crypto: globalThis.crypto });
    inventories.set(name, inventory);
  }
  return inventory;
}

const fixtures = [
  { name: "kubeadm-v1.20", now: SAMPLE_NOW },
  { name: "healthy", now: FIXTURE_NOW },
  ...readdirSync(join(FIXTURES, "faults")).map((name) => ({ name, now: FIXTURE_NOW })),
];

function validAt(cert: CertificateRecord, now: number): boolean {
  return Date.parse(cert.notBefore) <= now && now <= Date.parse(cert.notAfter);
}

/**
 * Where openssl and Go's crypto/x509 (what every component runs) part ways, the product follows Go:
 * each fixture listed differs from openssl on purpose, on the verifications of that leaf file or
 * against that bundle file, and must differ there — a listed difference that disappears fails.
 */
const GO_NOT_OPENSSL: Record<string, { leaf?: string; bundle?: string; why: string }> = {
  "sha1-controller-manager": {
    leaf: "controller-manager.conf",
    why: "Go refuses SHA-1 signatures since 1.18 (Kubernetes 1.24); openssl accepts them at auth level 0",
  },
  "empty-eku-and-key-usage": {
    bundle: "etcd/ca.crt",
    why: "Go reads a key usage with no bit set as absent; openssl as a CA without keyCertSign",
  },
};

describe.each(fixtures)("openssl agrees on $name", ({ name, now }) => {
  const at = Date.parse(now);

  it("chain verdicts", async () => {
    const crypto = globalThis.crypto;
    const inventory = await ingest(readTree(fixtureDir(name)), { crypto });
    const model = buildClusterModel(inventory);
    const ctx = await buildCheckContext(inventory, model, {
      now: new Date(now),
      warnDays: 30,
      warnFraction: DEFAULT_WARN_FRACTION,
      caHorizonDays: DEFAULT_CA_HORIZON_DAYS,
      verifier: createSignatureVerifier(crypto),
    });
    expect(ctx.verifications.length).toBeGreaterThan(0);
    const byId = new Map(inventory.certificates.map((c) => [c.id, c]));
    let differences = 0;
    for (const v of ctx.verifications) {
      const leaf = v.credential.cert;
      if (!leaf) continue;
      const path = v.outcome.steps
        .flatMap((s) => [s.certificateId, s.issuerId])
        .filter((id): id is string => !!id);
      const ours = v.outcome.verdict === "trusted" && path.every((id) => validAt(byId.get(id) ?? leaf, at));
      const args = [
        "verify",
        "-auth_level",
        "0",
        "-partial_chain",
        "-attime",
        String(Math.floor(at / 1000)),
        "-CAfile",
        write(v.bundle.certs),
      ];
      if (v.credential.chain.length > 0) args.push("-untrusted", write(v.credential.chain));
      args.push(write([leaf]));
      const result = spawnSync("openssl", args, { encoding: "utf8" });
      const theirs = result.status === 0;
      const expected = GO_NOT_OPENSSL[name];
      const involved =
        (expected?.bundle !== undefined && v.bundle.source.includes(expected.bundle)) ||
        (expected?.leaf !== undefined &&
          leaf.sources.some((source) => source.path.includes(expected.leaf ?? "")));
      if (involved) {
        differences++;
        expect(theirs, `${v.wiring.key}: ${expected?.why ?? ""}`).toBe(!ours);
        continue;
      }
      expect(
        theirs,
        `${v.wiring.key} ${v.verifier} ${leaf.subject} vs ${v.bundle.source}: ours=${v.outcome.verdict} (${v.outcome.reason}); openssl: ${result.stdout}${result.stderr}`,
      ).toBe(ours);
    }
    if (GO_NOT_OPENSSL[name]) expect(differences, GO_NOT_OPENSSL[name]?.why).toBeGreaterThan(0);
  });

  it("expiry verdicts", async () => {
    const inventory = await inventoryOf(name);
    expect(inventory.certificates.length).toBeGreaterThan(0);
    const opensslExpired = opensslExpiredAt(inventory.certificates, at);
    expect(
      inventory.certificates.map(
        (cert) => `${cert.subject} notAfter ${cert.notAfter}: ${Date.parse(cert.notAfter) < at}`,
      ),
    ).toEqual(
      inventory.certificates.map(
        (cert, i) => `${cert.subject} notAfter ${cert.notAfter}: ${opensslExpired[i]}`,
      ),
    );
  });
});

describe.each(fixtures)("openssl agrees on the expiry findings of $name", ({ name, now }) => {
  const at = Date.parse(now);

  async function judged() {
    const inventory = await inventoryOf(name);
    const report = await reportFor(name, now);
    const flagged = (code: string) =>
      new Set(report.findings.filter((f) => f.code === code).flatMap((f) => f.certificateIds ?? []));
    const byId = new Map(inventory.certificates.map((c) => [c.id, c]));
    return { inventory, report, flagged, byId };
  }

  it("CA_EXPIRES_SOON: -checkend over the CA horizon", async () => {
    const { inventory, report, flagged } = await judged();
    const ours = flagged("CA_EXPIRES_SOON");
    const state = new Map(report.certificates.map((c) => [c.id, c.expiryState]));
    const cas = inventory.certificates.filter((c) => c.isCA && !isKubeletSelfSignedCA(c));
    for (const cert of cas.filter((c) => !validAt(c, at)))
      expect(ours.has(cert.id), cert.subject).toBe(false);
    // Expired at the end of the CA horizon is what `-checkend <horizon>` calls "will expire".
    const valid = cas.filter((c) => validAt(c, at));
    const expiredAtHorizon = opensslExpiredAt(valid, at + DEFAULT_CA_HORIZON_DAYS * 86_400_000);
    for (const [i, cert] of valid.entries()) {
      const theirs = expiredAtHorizon[i] === true || state.get(cert.id) === "soon";
      expect(ours.has(cert.id), `${cert.subject} notAfter ${cert.notAfter}`).toBe(theirs);
    }
  });

  it("CERT_OUTLIVES_ISSUER: the chain fails at the certificate's last second because its issuer expired", async () => {
    const { report, flagged, byId } = await judged();
    const ours = flagged("CERT_OUTLIVES_ISSUER");
    for (const entry of report.certificates) {
      const cert = byId.get(entry.id);
      const issuer = entry.issuerId ? byId.get(entry.issuerId) : undefined;
      if (!cert || !issuer || issuer.id === cert.id) continue;
      // openssl counts a certificate as expired from its notAfter second itself, so ask one second earlier.
      const lastSecond = Math.floor(Date.parse(cert.notAfter) / 1000) - 1;
      const args = ["verify", "-auth_level", "0", "-partial_chain", "-attime", String(lastSecond)];
      const result = spawnSync("openssl", [...args, "-CAfile", write([issuer]), write([cert])], {
        encoding: "utf8",
      });
      const theirs = /error 10 at 1 depth lookup: certificate has expired/.test(
        `${result.stdout}${result.stderr}`,
      );
      const issuerAlive = Date.parse(issuer.notAfter) >= at;
      expect(
        ours.has(cert.id),
        `${cert.subject} (${cert.notAfter}) by ${issuer.subject} (${issuer.notAfter})`,
      ).toBe(theirs && issuerAlive);
    }
  });
});

describe("openssl is present", () => {
  it("reports a version", () => {
    expect(execFileSync("openssl", ["version"], { encoding: "utf8" })).toMatch(/OpenSSL \d/);
  });
});
