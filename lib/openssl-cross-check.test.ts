/**
 * openssl as the independent oracle: for every fixture, every chain verdict of ours must agree with
 * `openssl verify -attime <now>`, every expiry verdict and every CA-horizon verdict with
 * `openssl x509 -checkend`, and every "outlives its issuer" verdict with `openssl verify` at the
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
    const inventory = await ingest(readTree(fixtureDir(name)), { crypto: globalThis.crypto });
    const offset = Math.floor((at - Date.now()) / 1000);
    for (const cert of inventory.certificates) {
      const file = write([cert]);
      const result = spawnSync("openssl", ["x509", "-in", file, "-noout", "-checkend", String(offset)], {
        encoding: "utf8",
      });
      const opensslExpired = result.status === 1;
      expect(opensslExpired, `${cert.subject} notAfter ${cert.notAfter}`).toBe(
        Date.parse(cert.notAfter) < at,
      );
    }
  });
});

describe.each(fixtures)("openssl agrees on the expiry findings of $name", ({ name, now }) => {
  const at = Date.parse(now);

  async function judged() {
    const inventory = await ingest(readTree(fixtureDir(name)), { crypto: globalThis.crypto });
    const report = await reportFor(name, now);
    const flagged = (code: string) =>
      new Set(report.findings.filter((f) => f.code === code).flatMap((f) => f.certificateIds ?? []));
    const byId = new Map(inventory.certificates.map((c) => [c.id, c]));
    return { inventory, report, flagged, byId };
  }

  it("CA_EXPIRES_SOON: -checkend over the CA horizon", async () => {
    const { inventory, report, flagged } = await judged();
    const ours = flagged("CA_EXPIRES_SOON");
    const horizon = Math.floor((at - Date.now()) / 1000) + DEFAULT_CA_HORIZON_DAYS * 86_400;
    const state = new Map(report.certificates.map((c) => [c.id, c.expiryState]));
    for (const cert of inventory.certificates.filter((c) => c.isCA && !isKubeletSelfSignedCA(c))) {
      if (!validAt(cert, at)) {
        expect(ours.has(cert.id), cert.subject).toBe(false);
        continue;
      }
      const result = spawnSync(
        "openssl",
        ["x509", "-in", write([cert]), "-noout", "-checkend", String(horizon)],
        {
          encoding: "utf8",
        },
      );
      const theirs = result.status === 1 || state.get(cert.id) === "soon";
      expect(ours.has(cert.id), `${cert.subject} notAfter ${cert.notAfter}: ${result.stdout}`).toBe(theirs);
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
