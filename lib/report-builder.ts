/**
 * Assemble the report contract (report.ts) from the inventory, the model, the chain verdicts and the
 * findings: certificates with their issuers and uses, relationships with their status and the
 * evidence behind it. Status is honest: a relationship with missing inputs is `unknown`, never `ok`.
 */
import { kubeconfigPathOf } from "./inventory";
import { usedCertIds } from "./engine/context";
import { isKubeletRotated, judgeExpiry, rotationWindow } from "./expiry";
import { CODE_SCOPE } from "./checks/index";
import type { CheckContext, Verification } from "./engine/rule";
import type { ClusterModel, Credential, RelationshipWiring, TrustBundle } from "./cluster/model";
import type { Inventory } from "./inventory";
import { sourceName } from "./inventory";
import { KeyIndex, sameKey } from "./pki/key-match";
import type { SignatureVerifier } from "./pki/signature-verifier";
import { certificateSecrets } from "./report-secrets";
import { certificateObjects, objectRole } from "./objects/report-objects";
import { isUnderway, rotationStands } from "./rotation/rotation-stand";
import { rootNameOf } from "./rotation/rotation-roots";
import {
  SCHEMA_VERSION,
  type CredentialRef,
  type Finding,
  type Report,
  type ReportCertificate,
  type ReportRelationship,
  type ReportRotation,
  type RelationshipStatus,
  type TrustAnchor,
  type TrustRef,
} from "./report";

import { reportServed, servedOf } from "./served/report-served";

export interface ReportInput {
  inventory: Inventory;
  model: ClusterModel;
  ctx: CheckContext;
  findings: Finding[];
  verifier: SignatureVerifier;
}

function credentialRef(credential: Credential | undefined): CredentialRef | undefined {
  if (!credential) return undefined;
  const key = credential.key;
  return {
    kind: credential.kind,
    source: credential.source,
    ...(credential.cert ? { certificateId: credential.cert.id } : {}),
    ...(credential.keySource ? { keySource: credential.keySource } : {}),
    ...(credential.cert && key?.publicKey
      ? { keyMatches: sameKey(credential.cert.publicKey, key.publicKey) }
      : {}),
    ...(key
      ? {
          keyDescription: key.publicKey
            ? `${key.publicKey.label} ${key.publicOnly ? "public half" : "private key"}`
            : `${key.format} private key (encrypted)`,
        }
      : {}),
  };
}

function trustRef(bundle: TrustBundle | undefined): TrustRef | undefined {
  return bundle ? { source: bundle.source, certificateIds: bundle.certs.map((c) => c.id) } : undefined;
}

/**
 * The findings by what ties them to a wiring — their relationship, the certificates a certificate
 * finding is about, the kubeconfig a CA mismatch names — built once, so each wiring looks up only
 * the findings that can concern it instead of scanning all of them.
 */
interface FindingIndex {
  byRelationshipKey: Map<string, number[]>;
  byRelationshipId: Map<string, number[]>;
  byCertificate: Map<string, number[]>;
  byKubeconfigMismatchFile: Map<string, number[]>;
}

function push(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

function indexFindings(findings: readonly Finding[]): FindingIndex {
  const index: FindingIndex = {
    byRelationshipKey: new Map(),
    byRelationshipId: new Map(),
    byCertificate: new Map(),
    byKubeconfigMismatchFile: new Map(),
  };
  findings.forEach((finding, i) => {
    if (finding.relationshipKey) push(index.byRelationshipKey, finding.relationshipKey, i);
    else if (finding.relationship) push(index.byRelationshipId, finding.relationship, i);
    if (CODE_SCOPE.get(finding.code) === "certificate")
      for (const id of finding.certificateIds ?? []) push(index.byCertificate, id, i);
    if (finding.code === "KUBECONFIG_CA_MISMATCH")
      for (const file of finding.files) push(index.byKubeconfigMismatchFile, file, i);
    // Go refusing the apiserver's chain against a kubeconfig's CA: that kubeconfig's client cannot
    // connect either, like a CA mismatch.
    if (finding.code === "CHAIN_REJECTED")
      for (const file of finding.files)
        if (file.includes("#clusters/")) push(index.byKubeconfigMismatchFile, kubeconfigPathOf(file), i);
  });
  return index;
}

/**
 * Findings that bear on a wiring, in report order: its own, certificate findings about any
 * certificate it uses, and a kubeconfig CA mismatch in the kubeconfig this client verifies
 * kube-apiserver with (the finding belongs to apiserver-serving, but this client is the one that
 * cannot connect).
 */
function findingsOf(
  wiring: RelationshipWiring,
  index: FindingIndex,
  verifications: readonly Verification[],
): number[] {
  const refs = new Set<number>(wiring.key ? (index.byRelationshipKey.get(wiring.key) ?? []) : []);
  for (const i of index.byRelationshipId.get(wiring.id) ?? []) refs.add(i);
  for (const id of usedCertIds(wiring, verifications))
    for (const i of index.byCertificate.get(id) ?? []) refs.add(i);
  for (const bundle of wiring.clientVerifiers) {
    if (!bundle.fromKubeconfig) continue;
    const file = kubeconfigPathOf(bundle.source);
    for (const i of index.byKubeconfigMismatchFile.get(file) ?? []) refs.add(i);
  }
  return [...refs].sort((a, b) => a - b);
}

function statusOf(wiring: RelationshipWiring, related: Finding[]): RelationshipStatus {
  // A wiring resting on a guess is unknown whatever its certificates say: the role itself is unsure.
  if (wiring.evidence?.some((e) => e.source === "guess")) return "unknown";
  if (related.some((f) => f.severity === "error")) return "error";
  if (wiring.missing.length > 0) return "unknown";
  if (related.some((f) => f.severity === "warning")) return "warning";
  return "ok";
}

function relationship(
  wiring: RelationshipWiring,
  findings: Finding[],
  index: FindingIndex,
  verifications: readonly Verification[],
): ReportRelationship {
  const refs = findingsOf(wiring, index, verifications);
  const related = refs.map((i) => findings[i]).filter((f): f is Finding => !!f);
  const client = credentialRef(wiring.clientCredential);
  const server = credentialRef(wiring.serverCredential);
  const clientTrust = trustRef(wiring.clientVerifiers[0]);
  const serverTrust = trustRef(wiring.serverVerifiers[0]);
  const cert = wiring.clientCredential?.cert;
  return {
    id: wiring.id,
    key: wiring.key,
    primary: wiring.primary,
    client: wiring.client,
    server: wiring.server,
    status: statusOf(wiring, related),
    findings: [...new Set(related.map((f) => f.code))],
    findingRefs: refs,
    clientEnd: {
      component: wiring.client,
      ...(client ? { presents: client } : {}),
      ...(clientTrust ? { verifiesWith: clientTrust } : {}),
    },
    serverEnd: {
      component: wiring.server,
      ...(server ? { presents: server } : {}),
      ...(serverTrust ? { verifiesWith: serverTrust } : {}),
    },
    chains: verifications.map((v) => ({
      verifier: v.verifier,
      trusted: v.outcome.verdict === "trusted",
      steps: v.outcome.steps,
      reason: `${v.bundle.source}: ${v.outcome.reason}`,
    })),
    ...(cert && wiring.clientCredential?.kind === "certificate"
      ? { identity: { user: cert.subjectCN ?? "", groups: cert.subjectO } }
      : {}),
    missing: wiring.missing,
    summary: wiring.summary,
    ...(wiring.evidence && wiring.evidence.length > 0 ? { evidence: wiring.evidence } : {}),
  };
}

async function certificates(input: ReportInput): Promise<ReportCertificate[]> {
  const { inventory, model, ctx } = input;
  const keys = new KeyIndex(inventory.privateKeys);
  // The collator `localeCompare` uses, made once: one comparison no longer builds one.
  const collator = new Intl.Collator();
  const sorted = inventory.certificates
    .map((cert) => ({ cert, name: sourceName(cert.sources[0] ?? { path: "" }) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ cert }) => cert);
  const result: ReportCertificate[] = [];
  for (const cert of sorted) {
    const issuerId = ctx.issuers.get(cert.id)?.id;
    const expiry = judgeExpiry(cert, ctx.now, ctx);
    const paths = [...new Set(cert.sources.map(sourceName))];
    const wirings = ctx.usage.get(cert.id) ?? [];
    const objects = certificateObjects(cert);
    const role = model.certRoles.get(cert.id) ?? objectRole(cert);
    const secrets = certificateSecrets(cert);
    result.push({
      id: cert.id,
      paths,
      subject: cert.subject,
      issuer: cert.issuer,
      serial: cert.serial,
      notBefore: cert.notBefore,
      notAfter: cert.notAfter,
      sans: [
        ...cert.dnsNames.map((n) => `DNS:${n}`),
        ...cert.ipAddresses.map((ip) => `IP:${ip}`),
        ...cert.otherSans,
      ],
      eku: cert.eku,
      keyUsage: cert.keyUsage,
      isCA: cert.isCA,
      ...(cert.pathLength !== undefined ? { pathLength: cert.pathLength } : {}),
      keyAlgorithm: cert.publicKey.label,
      signatureAlgorithm: cert.signatureAlgorithm,
      sha256: cert.sha256,
      ...(cert.subjectKeyId ? { subjectKeyId: cert.subjectKeyId } : {}),
      ...(cert.authorityKeyId ? { authorityKeyId: cert.authorityKeyId } : {}),
      selfSigned: cert.selfIssued && issuerId === cert.id,
      ...(role ? { role } : {}),
      ...(issuerId ? { issuerId } : {}),
      keyPaths: keys.keysFor(cert.publicKey).map((k) => sourceName(k.source)),
      usedBy: [...new Set(wirings.map((p) => p.key))],
      daysLeft: expiry.daysLeft,
      lifetimeUsed: expiry.lifetimeUsed,
      expiryState: expiry.state,
      warnFrom: expiry.warnFrom,
      ...(isKubeletRotated(paths) ? { rotation: rotationWindow(cert) } : {}),
      ...(secrets.length > 0 ? { secrets } : {}),
      ...(objects.length > 0 ? { objects } : {}),
    });
  }
  return result;
}

/** The keys read as public halves, for `inputs.publicHalves` (absent when there are none). */
function publicHalves(inventory: Inventory): { publicHalves?: string[] } {
  const found = inventory.privateKeys.filter((key) => key.publicOnly).map((key) => sourceName(key.source));
  return found.length > 0 ? { publicHalves: found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) } : {};
}

function anchors(model: ClusterModel): TrustAnchor[] {
  return model.anchors.map((anchor) => ({
    id: anchor.cert ? `anchor:${anchor.role}:${anchor.cert.id}` : `anchor:${anchor.role}`,
    kind: anchor.cert ? ("ca" as const) : ("key-pair" as const),
    role: anchor.role,
    name: anchor.name,
    ...(anchor.cert ? { certificateId: anchor.cert.id } : {}),
    paths: anchor.cert ? [...new Set(anchor.cert.sources.map(sourceName))] : [anchor.source],
  }));
}

const LOOPBACK_HOST = /^(localhost|127\.[0-9.]+|::1|\[::1\])$/i;

/** The endpoints the kubeconfigs dial that are neither loopback nor a control plane's own address. */
function sharedEndpoints(inventory: Inventory, model: ClusterModel): { endpoints?: string[] } {
  const own = new Set(
    [model.advertiseAddress, ...(model.controlPlanes ?? []).map((p) => p.model.advertiseAddress)].filter(
      (address): address is string => address !== undefined,
    ),
  );
  const found = new Set<string>();
  for (const kubeconfig of inventory.kubeconfigs)
    for (const cluster of kubeconfig.clusters) {
      const server = cluster.server;
      const host = server ? /^https?:\/\/(\[[^\]]+\]|[^:/]+)/i.exec(server)?.[1] : undefined;
      if (!server || !host || LOOPBACK_HOST.test(host) || own.has(host.replace(/^\[|\]$/g, ""))) continue;
      found.add(server);
    }
  return found.size > 0 ? { endpoints: [...found].sort() } : {};
}

/** The rotations under way, as the report carries them. */
function rotations(ctx: CheckContext): { rotations?: ReportRotation[] } {
  const stands = rotationStands(ctx).filter(isUnderway);
  if (stands.length === 0) return {};
  return {
    rotations: stands.map((stand) => {
      const root = rootNameOf(stand.role, stand.lineage.subject);
      return {
        ...(root ? { root } : {}),
        ...(stand.role ? { role: stand.role } : {}),
        subject: stand.lineage.subject,
        generations: stand.lineage.generations.map((g) => ({
          certificateIds: g.certs.map((c) => c.id),
          notBefore: g.notBefore,
        })),
        step: stand.step,
        nodes: stand.nodes.map((n) => ({
          node: n.node,
          root: n.root,
          controlPlane: n.controlPlane,
          step: n.step,
          bundles: n.bundles.map((b) => ({ ...b })),
          leaves: n.leaves.map((l) => ({
            source: l.source,
            certificateId: l.cert.id,
            from: l.from,
            bySigner: l.bySigner,
          })),
          ...(n.signer ? { signer: { ...n.signer } } : {}),
        })),
        hazards: stand.hazards.map((h) => ({ ...h })),
      };
    }),
  };
}

/** Build the JSON-serialisable report. */
export async function buildReport(input: ReportInput): Promise<Report> {
  const { inventory, model, ctx, findings } = input;
  const index = indexFindings(findings);
  const verificationsByWiring = new Map<RelationshipWiring, Verification[]>();
  for (const verification of ctx.verifications) {
    const list = verificationsByWiring.get(verification.wiring);
    if (list) list.push(verification);
    else verificationsByWiring.set(verification.wiring, [verification]);
  }
  const served = reportServed(ctx.served);
  const relationships = model.wirings.map((wiring) => ({
    ...relationship(wiring, findings, index, verificationsByWiring.get(wiring) ?? []),
    ...servedOf(served.servedChains, wiring.key),
  }));
  const count = (severity: Finding["severity"]) => findings.filter((f) => f.severity === severity).length;
  const error = count("error");
  const warning = count("warning");
  // A generic PKI has no relationships: its certificates, chains and key pairs are what was judged.
  const judgedGeneric = model.wirings.length === 0 && inventory.certificates.length > 0;
  const status: RelationshipStatus = error
    ? "error"
    : warning
      ? "warning"
      : relationships.some((r) => r.status === "ok") || judgedGeneric
        ? "ok"
        : "unknown";
  return {
    schemaVersion: SCHEMA_VERSION,
    now: ctx.now.toISOString(),
    warnDays: ctx.warnDays,
    warnFraction: ctx.warnFraction,
    caHorizonDays: ctx.caHorizonDays,
    inputs: {
      files: inventory.fileCount,
      certificates: inventory.certificates.length,
      keys: inventory.privateKeys.length + inventory.publicKeys.length,
      kubeconfigs: inventory.kubeconfigs.length,
      manifests: inventory.manifests.length,
      skipped: inventory.skipped,
      ...(inventory.locked.length > 0
        ? { locked: inventory.locked.map(({ path, format, status }) => ({ path, format, status })) }
        : {}),
      ...(inventory.unread.length > 0
        ? { unread: inventory.unread.map(({ path, reason, kind }) => ({ path, reason, kind })) }
        : {}),
      ...publicHalves(inventory),
    },
    layout: model.layout,
    cluster: {
      ...(model.version ? { kubernetesVersion: model.version } : {}),
      ...(model.versionSource ? { versionSource: model.versionSource } : {}),
      nodes: model.nodes,
      ...(model.advertiseAddress ? { advertiseAddress: model.advertiseAddress } : {}),
      ...(model.serviceCidr ? { serviceCidr: model.serviceCidr } : {}),
      dnsDomain: model.dnsDomain,
      ...sharedEndpoints(inventory, model),
    },
    certificates: await certificates(input),
    components: model.components.map((c) => ({
      id: c.id,
      kind: c.kind,
      name: c.name,
      ...(c.node ? { node: c.node } : {}),
      sources: c.sources,
    })),
    trustAnchors: anchors(model),
    relationships,
    ...(model.notInDrop ? { notInDrop: model.notInDrop } : {}),
    ...rotations(ctx),
    ...served,
    findings,
    summary: { error, warning, info: count("info"), status },
  };
}
