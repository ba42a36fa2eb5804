/**
 * The certificates of a drop that fit what an error says: the CA named as candidate authority and
 * the certificate it failed to verify, the certificate that expired at the instant in the error,
 * the serving certificate whose SANs are the names listed, the certificate with the serial and key
 * ids the apiserver printed. Each candidate says why in the drop's own names.
 */
import type { ChainCheck, RelationshipId, ReportCertificate, ReportRelationship } from "../report";
import type { ExplainCandidate } from "./answer";
import { type DropIndex, certificateLabel, commonName, normaliseSerial } from "./drop-index";
import type { ErrorKind } from "./error-patterns";
import type { ExplainFacts } from "./parse-facts";
import { inScope } from "./scope";

/** A kind lists this many certificates at most. */
export const MATCH_LIMIT = 50;

export interface MatchContext {
  index: DropIndex;
  facts: ExplainFacts;
  scope: ReadonlySet<RelationshipId> | undefined;
}

/** What one kind of error finds in the drop. */
export interface KindMatch {
  candidates: ExplainCandidate[];
  /** How many more fit than `candidates` lists (MATCH_LIMIT at most). */
  omitted?: number;
  /** The one sentence, when the kind can say more than its best candidate's why. */
  why?: string;
  next?: string[];
}

function candidate(certificate: ReportCertificate, why: string, rank: number): ExplainCandidate {
  return {
    certificateId: certificate.id,
    path: certificateLabel(certificate),
    subject: certificate.subject,
    notAfter: certificate.notAfter,
    why,
    rank,
  };
}

/** A component id as a subject of a sentence: `clients` is every client of kube-apiserver. */
function who(component: string): string {
  return component === "clients" ? "a client of kube-apiserver" : component;
}

function quoteCn(certificate: ReportCertificate): string {
  return `"${commonName(certificate.subject) ?? certificate.subject}"`;
}

/** Relationships in scope, failing ones first. */
function scoped(context: MatchContext): ReportRelationship[] {
  const order = { error: 0, warning: 1, unknown: 2, ok: 3 } as const;
  return context.index.report.relationships
    .filter((relationship) => inScope(relationship, context.scope, context.facts.node))
    .sort((a, b) => order[a.status] - order[b.status]);
}

function verifierEnd(relationship: ReportRelationship, chain: ChainCheck) {
  return chain.verifier === "client" ? relationship.clientEnd : relationship.serverEnd;
}

function sameInstant(a: string | undefined, b: string): boolean {
  if (!a) return false;
  return Math.abs(Date.parse(a) - Date.parse(b)) < 1000;
}

/** Untrusted chains: a CA of the candidate's name in the bundle whose key did not verify, or none at all. */
function unknownAuthority(context: MatchContext): KindMatch {
  const { index, facts } = context;
  const candidates: ExplainCandidate[] = [];
  const whys: string[] = [];
  const wanted = facts.candidateAuthority;
  const serial = facts.serial;
  for (const relationship of scoped(context))
    for (const chain of relationship.chains) {
      if (chain.trusted) continue;
      const leafStep = chain.steps[0];
      const leaf = leafStep ? index.byId.get(leafStep.certificateId) : undefined;
      if (!leaf) continue;
      if (serial && normaliseSerial(leaf.serial) !== serial) continue;
      const end = verifierEnd(relationship, chain);
      const bundle = end.verifiesWith;
      const failed = chain.steps.find((step) => step.signatureValid === false && step.issuerId);
      const tried = failed?.issuerId ? index.byId.get(failed.issuerId) : undefined;
      if (wanted !== undefined && (!tried || commonName(tried.subject) !== wanted)) continue;
      const signer = realSigner(index, leaf, tried);
      const where = bundle ? bundle.source : "its trust bundle";
      let why: string;
      if (tried) {
        why =
          `candidate authority certificate ${quoteCn(tried)} is the CA in ${where}, which ${who(end.component)} verifies ${certificateLabel(leaf)} with, ` +
          `but ${certificateLabel(leaf)} was signed by another key` +
          (signer
            ? `: it is ${certificateLabel(signer)}, a different CA of the same name`
            : ": a CA of that name that is not in the drop");
      } else {
        const issuer = leaf.issuerId ? index.byId.get(leaf.issuerId) : undefined;
        const held = (bundle?.certificateIds ?? [])
          .map((id) => index.byId.get(id))
          .filter((c) => c !== undefined);
        why =
          `${certificateLabel(leaf)} is issued by ${quoteCn(issuer ?? leaf)}${issuer ? ` (${certificateLabel(issuer)})` : ""}, ` +
          `but ${who(end.component)} verifies it with ${where}` +
          (held.length > 0 ? `, which holds ${held.map(quoteCn).join(", ")}` : "");
      }
      candidates.push(candidate(leaf, why, wanted !== undefined || serial ? 0 : 1));
      if (tried) candidates.push(candidate(tried, `the CA ${who(end.component)} tried in ${where}`, 1));
      if (signer) candidates.push(candidate(signer, `the CA that did sign ${certificateLabel(leaf)}`, 2));
      whys.push(why);
    }
  if (candidates.length === 0 && wanted !== undefined) {
    const named = index.casByCommonName.get(wanted) ?? [];
    for (const ca of named)
      candidates.push(
        candidate(
          ca,
          `a CA named "${wanted}" in the drop; the certificate refused was signed by another key of that name`,
          3,
        ),
      );
    if (named.length > 0)
      return {
        candidates,
        why: `candidate authority certificate "${wanted}" is the CN of ${named.map(certificateLabel).join(" and ")}, but no chain in the drop fails on it: the certificate refused was signed by another key of that name and is not in the drop`,
      };
  }
  return whys[0] ? { candidates, why: whys[0] } : { candidates };
}

/** Another CA of the name that verified the leaf elsewhere (a trusted chain of the same leaf). */
function realSigner(index: DropIndex, leaf: ReportCertificate, tried: ReportCertificate | undefined) {
  for (const relationship of index.relationshipsByCertificate.get(leaf.id) ?? [])
    for (const chain of relationship.chains)
      for (const step of chain.steps)
        if (
          step.certificateId === leaf.id &&
          step.signatureValid === true &&
          step.issuerId &&
          step.issuerId !== tried?.id
        )
          return index.byId.get(step.issuerId);
  return leaf.issuerId && leaf.issuerId !== tried?.id ? index.byId.get(leaf.issuerId) : undefined;
}

function usersOf(index: DropIndex, certificate: ReportCertificate): string {
  const presenters = index.presenters.get(certificate.id) ?? [];
  return presenters.length > 0 ? `; ${presenters.join(", ")} presents it` : "";
}

/** Certificates whose notAfter (or notBefore) is the instant the error names, or that are out of date then. */
function outOfDate(context: MatchContext, edge: "notAfter" | "notBefore"): KindMatch {
  const { index, facts } = context;
  const instant = facts[edge];
  // ISO 8601 instants in UTC compare as strings; Go prints whole seconds, so the second decides.
  const second = instant?.slice(0, 19);
  const at = new Date(Date.parse(facts.currentTime ?? index.report.now)).toISOString();
  const word = edge === "notAfter" ? "expired at" : "is not valid before";
  // Collect first, word only the few listed: a fleet's kubelets may all expire at one instant.
  const inScope: ReportCertificate[] = [];
  const outside: ReportCertificate[] = [];
  const scopedIds = context.scope
    ? new Set(
        scoped(context).flatMap((r) => [
          r.clientEnd.presents?.certificateId,
          r.serverEnd.presents?.certificateId,
        ]),
      )
    : undefined;
  for (const certificate of index.report.certificates) {
    const date = certificate[edge];
    const fits = second ? date.slice(0, 19) === second : edge === "notAfter" ? date < at : date > at;
    if (fits) (scopedIds && !scopedIds.has(certificate.id) ? outside : inScope).push(certificate);
  }
  const outOfScope = (certificate: ReportCertificate) =>
    scopedIds && !scopedIds.has(certificate.id) ? 1 : 0;
  const listed = [
    ...inScope.slice(0, MATCH_LIMIT),
    ...outside.slice(0, Math.max(0, MATCH_LIMIT - inScope.length)),
  ];
  const candidates = listed.map((certificate) =>
    candidate(
      certificate,
      `${certificateLabel(certificate)} ${word} ${certificate[edge]}${instant ? ", the instant in the error" : ""}${usersOf(index, certificate)}`,
      (instant ? 0 : 2) + outOfScope(certificate),
    ),
  );
  const omitted = inScope.length + outside.length - listed.length;
  const next =
    candidates.length === 0 && instant
      ? [
          `No certificate in the drop has ${edge} ${instant}: the one refused is elsewhere (another node, a user's kubeconfig, a Secret).`,
          'kube-apiserver\'s log line "Unable to authenticate the request" names it by SN=, SKID= and AKID=; paste that line.',
        ]
      : undefined;
  return { candidates, ...(next ? { next } : {}), ...(omitted > 0 ? { omitted } : {}) };
}

function sanNames(certificate: ReportCertificate): string[] {
  return certificate.sans.map((san) => san.replace(/^(?:DNS|IP|URI|email):/, ""));
}

function isIp(host: string): boolean {
  return /^[0-9.]{7,15}$/.test(host) || host.includes(":");
}

/** The serving certificate whose SANs are the names Go listed; the fix names the wanted host. */
function hostname(context: MatchContext): KindMatch {
  const { index, facts } = context;
  const wanted = facts.wantedHost ?? "";
  const listed = new Set(facts.validFor ?? []);
  const candidates: ExplainCandidate[] = [];
  for (const certificate of index.report.certificates) {
    if (certificate.isCA) continue;
    const names = sanNames(certificate);
    const sameKind = certificate.sans
      .filter((san) => (isIp(wanted) ? san.startsWith("IP:") : san.startsWith("DNS:")))
      .map((san) => san.replace(/^(?:DNS|IP):/, ""));
    if (listed.size > 0 && sameKind.length === listed.size && sameKind.every((name) => listed.has(name)))
      candidates.push(
        candidate(
          certificate,
          `${certificateLabel(certificate)} is valid for exactly ${[...listed].join(", ")} and not for ${wanted}${usersOf(index, certificate)}: add ${isIp(wanted) ? "IP" : "DNS"}:${wanted} to its SANs and reissue it`,
          0,
        ),
      );
    else if (
      listed.size === 0 &&
      context.facts.wantedHost &&
      certificate.eku.some((e) => /server/i.test(e)) &&
      !names.includes(wanted)
    )
      candidates.push(
        candidate(
          certificate,
          `${certificateLabel(certificate)} does not name ${wanted}${usersOf(index, certificate)}`,
          2,
        ),
      );
  }
  return { candidates };
}

/** Serving certificates without any SAN of the dialled kind (no IP SANs, no names, a CN alone). */
function missingSans(context: MatchContext, kind: ErrorKind): KindMatch {
  const { index, facts } = context;
  const wanted = facts.wantedHost;
  const candidates: ExplainCandidate[] = [];
  for (const certificate of index.report.certificates) {
    if (certificate.isCA) continue;
    const serving =
      certificate.eku.some((e) => /server/i.test(e)) || (certificate.role ?? "").endsWith("serving");
    if (!serving) continue;
    const ips = certificate.sans.filter((san) => san.startsWith("IP:"));
    const dns = certificate.sans.filter((san) => san.startsWith("DNS:"));
    if (kind === "no-ip-sans" && ips.length === 0)
      candidates.push(
        candidate(
          certificate,
          `${certificateLabel(certificate)} has no IP SAN, so no client dialling ${wanted ?? "an address"} accepts it${usersOf(index, certificate)}`,
          0,
        ),
      );
    if (kind === "no-names" && (wanted && isIp(wanted) ? ips : dns).length === 0)
      candidates.push(
        candidate(
          certificate,
          `${certificateLabel(certificate)} has no ${wanted && isIp(wanted) ? "IP" : "DNS"} SAN to match ${wanted ?? "the host"}${usersOf(index, certificate)}`,
          0,
        ),
      );
    if (kind === "legacy-common-name" && certificate.sans.length === 0)
      candidates.push(
        candidate(
          certificate,
          `${certificateLabel(certificate)} names its host only in CN=${commonName(certificate.subject) ?? ""}, which Go ignores: reissue it with the name as a SAN`,
          0,
        ),
      );
  }
  return { candidates };
}

/** Certificates a finding already blames for this kind of fault. */
function byFinding(context: MatchContext, codes: readonly string[], fallbackWhy: string): KindMatch {
  const { index } = context;
  const candidates: ExplainCandidate[] = [];
  for (const finding of index.report.findings) {
    if (!codes.includes(finding.code)) continue;
    for (const id of finding.certificateIds ?? []) {
      const certificate = index.byId.get(id);
      if (certificate && !candidates.some((c) => c.certificateId === id))
        candidates.push(
          candidate(certificate, `${finding.title}: ${finding.detail}`, certificate.isCA ? 1 : 0),
        );
    }
  }
  return candidates.length > 0 ? { candidates } : { candidates, next: [fallbackWhy] };
}

/** What the other end refused: failing relationships in scope, and the certificates they present. */
function refused(context: MatchContext, clientsOnly = false): KindMatch {
  const { index } = context;
  const candidates: ExplainCandidate[] = [];
  for (const relationship of scoped(context)) {
    if (relationship.status !== "error") continue;
    if (clientsOnly && (relationship.server !== "kube-apiserver" || relationship.id === "apiserver-serving"))
      continue;
    const reason = relationship.chains.find((chain) => !chain.trusted)?.reason;
    for (const end of [relationship.clientEnd, relationship.serverEnd]) {
      const certificate = end.presents?.certificateId
        ? index.byId.get(end.presents.certificateId)
        : undefined;
      if (certificate && !candidates.some((c) => c.certificateId === certificate.id))
        candidates.push(
          candidate(
            certificate,
            `${end.component} presents ${certificateLabel(certificate)} in ${relationship.key}, which fails${reason ? `: ${reason}` : ""}`,
            1,
          ),
        );
    }
  }
  return { candidates };
}

/** The kubeconfig's client certificate (by path and expiry) or the certificate manager's current one. */
function kubeletCertificate(context: MatchContext, kind: ErrorKind): KindMatch {
  const { index, facts } = context;
  const candidates: ExplainCandidate[] = [];
  const pathTail = facts.path?.replace(/^\/+/, "");
  for (const relationship of scoped(context)) {
    const end = relationship.id === "kubelet-serving" ? relationship.serverEnd : relationship.clientEnd;
    if (relationship.id !== "kubelet-client" && relationship.id !== "kubelet-serving") continue;
    const certificate = end.presents?.certificateId ? index.byId.get(end.presents.certificateId) : undefined;
    if (!certificate) continue;
    const sameDate = sameInstant(facts.notAfter, certificate.notAfter);
    const named = pathTail !== undefined && end.presents?.source.includes(pathTail) === true;
    const rank = sameDate ? 0 : named ? 1 : 2;
    const what =
      kind === "kubeconfig-expired"
        ? `${certificateLabel(certificate)} is ${end.component}'s client certificate${named ? ` (named by ${pathTail})` : ""}; it expires ${certificate.notAfter}`
        : `${end.component} ${relationship.id === "kubelet-serving" ? "serves" : "presents"} ${certificateLabel(certificate)}, valid until ${certificate.notAfter}`;
    candidates.push(candidate(certificate, what + (sameDate ? ", the instant in the log" : ""), rank));
  }
  if (facts.notAfter && !candidates.some((c) => c.rank === 0))
    for (const certificate of index.report.certificates)
      if (
        sameInstant(facts.notAfter, certificate.notAfter) &&
        !candidates.some((c) => c.certificateId === certificate.id)
      )
        candidates.push(
          candidate(
            certificate,
            `${certificateLabel(certificate)} expires ${certificate.notAfter}, the instant in the log`,
            0,
          ),
        );
  return { candidates };
}

/** kubeadm's base name (`apiserver-etcd-client`) → that certificate, its issuer and the CA kubeadm expects. */
function notSignedByCa(context: MatchContext): KindMatch {
  const { index, facts } = context;
  const name = facts.certificateName;
  const candidates: ExplainCandidate[] = [];
  if (!name) return { candidates };
  for (const certificate of index.report.certificates) {
    if (
      !certificate.paths.some(
        (path) =>
          path.endsWith(`pki/${name}.crt`) || path.endsWith(`pki/etcd/${name.replace(/^etcd-/, "")}.crt`),
      )
    )
      continue;
    const issuer = certificate.issuerId ? index.byId.get(certificate.issuerId) : undefined;
    const expected =
      name.startsWith("etcd-") || name === "apiserver-etcd-client"
        ? "etcd/ca.crt"
        : name.startsWith("front-proxy")
          ? "front-proxy-ca.crt"
          : "ca.crt";
    candidates.push(
      candidate(
        certificate,
        `${certificateLabel(certificate)} is issued by ${quoteCn(issuer ?? certificate)}${issuer ? ` (${certificateLabel(issuer)})` : ""}; kubeadm expects pki/${expected} to have signed it`,
        0,
      ),
    );
  }
  return { candidates };
}

/** Unauthorized: client certificates kube-apiserver cannot accept (untrusted, expired). */
function unauthorized(context: MatchContext): KindMatch {
  // 401 is about the client's credential: only relationships whose client kube-apiserver verifies.
  const found = refused(context, true);
  if (found.candidates.length > 0) return found;
  return {
    candidates: [],
    next: [
      "No client credential in the drop is refused: the client that got 401 uses a credential not in the drop (a token, an exec plugin, another kubeconfig).",
      'kube-apiserver\'s log says why: grep for "Unable to authenticate the request".',
    ],
  };
}

/** The apiserver's SN=/SKID=/AKID= or an X509SHA256 credential id: the one certificate it names. */
export function byIdentifiers(context: MatchContext): KindMatch {
  const { index, facts } = context;
  const candidates: ExplainCandidate[] = [];
  if (facts.sha256) {
    const certificate = index.bySha256.get(facts.sha256);
    if (certificate)
      candidates.push(
        candidate(certificate, `${certificateLabel(certificate)} has the SHA-256 of the credential id`, 0),
      );
  }
  if (facts.serial) {
    for (const certificate of index.bySerial.get(facts.serial) ?? []) {
      const skidOk = !facts.subjectKeyId || certificate.subjectKeyId?.toLowerCase() === facts.subjectKeyId;
      const akidOk =
        !facts.authorityKeyId || certificate.authorityKeyId?.toLowerCase() === facts.authorityKeyId;
      if (skidOk && akidOk)
        candidates.push(
          candidate(
            certificate,
            `${certificateLabel(certificate)} has serial ${certificate.serial} (SN=${BigInt(`0x${facts.serial}`).toString()} in decimal)${usersOf(index, certificate)}`,
            0,
          ),
        );
    }
  }
  if (facts.authorityKeyId) {
    for (const ca of index.bySubjectKeyId.get(facts.authorityKeyId) ?? [])
      candidates.push(
        candidate(
          ca,
          `${certificateLabel(ca)} has subject key id ${facts.authorityKeyId}, the AKID of the refused certificate: it signed it`,
          1,
        ),
      );
  }
  return { candidates };
}

/** What one recognised kind finds in the drop. */
export function matchKind(kind: ErrorKind, context: MatchContext): KindMatch {
  switch (kind) {
    case "unknown-authority":
      return unknownAuthority(context);
    case "expired":
      return outOfDate(context, "notAfter");
    case "not-yet-valid":
      return outOfDate(context, "notBefore");
    case "hostname":
      return hostname(context);
    case "no-ip-sans":
    case "no-names":
    case "legacy-common-name":
      return missingSans(context, kind);
    case "incompatible-usage":
      return byFinding(
        context,
        ["EKU_MISSING"],
        "No certificate in the drop lacks the usage: the one refused is elsewhere.",
      );
    case "not-authorized-to-sign":
      return byFinding(
        context,
        ["CA_INVALID"],
        "No issuer in the drop lacks CA:TRUE: the chain refused is elsewhere.",
      );
    case "insecure-algorithm":
      return byFinding(
        context,
        ["WEAK_SIGNATURE", "CHAIN_REJECTED"],
        "No SHA-1 signature in the drop: the certificate refused is elsewhere.",
      );
    case "peer-refused":
      return refused(context);
    case "unauthorized":
      return unauthorized(context);
    case "kubeconfig-expired":
    case "certificate-rotation":
      return kubeletCertificate(context, kind);
    case "not-signed-by-ca":
      return notSignedByCa(context);
    case "no-client-certificate":
      return {
        candidates: [],
        next: [
          "The client sent no certificate: its kubeconfig or flags name none, or name a file it cannot read.",
        ],
      };
    case "not-tls":
      return {
        candidates: [],
        next: [
          "Something spoke plain text to a TLS port (or TLS to a plain port): check the scheme (https://) and the port the client dials; no certificate is at fault.",
        ],
      };
    case "context":
      return byIdentifiers(context);
  }
}
