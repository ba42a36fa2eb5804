/**
 * Paragraphs that quote the loaded cluster: a presented certificate with its subject, dates, SANs
 * and key; a trust bundle with its CAs; a chain verdict; the identity the authorizer sees; a
 * finding. Shared by the tour, the handshake and the flows so a value reads the same everywhere.
 */
import { formatUtc, remainingPhrase } from "../format/labels";
import type { ChainCheck, CredentialRef, Report, ReportCertificate, TrustRef } from "../report";
import { PHRASES, type ErrorExample } from "./lessons";
import { certificateById, fileOf, type IndexedFinding } from "./report-facts";
import {
  code,
  fill,
  joinSegments,
  missingSegment,
  plainText,
  value,
  type Paragraph,
  type Segment,
} from "./segments";

/** A `missing` segment: "not in the files you dropped: <what>". */
export function missing(what: string): Segment {
  return missingSegment(plainText(fill(PHRASES.notInDrop, { what })));
}

/** One paragraph per missing input, each a `missing` segment. */
export function missingParagraphs(items: readonly string[]): Paragraph[] {
  return items.map((item) => [missing(item)]);
}

/** A value quoting a path, with the file it is in as its source. */
export function pathValue(path: string): Segment {
  return value(path, fileOf(path));
}

/** What a certificate says about itself: subject and issuer, validity, names, usage. */
export function certificateParagraphs(
  report: Report,
  certificate: ReportCertificate,
  path: string,
  { withNames = true }: { withNames?: boolean } = {},
): Paragraph[] {
  const file = fileOf(path);
  const paragraphs: Paragraph[] = [
    fill(PHRASES.certificate, {
      path: pathValue(path),
      subject: value(certificate.subject, file),
      issuer: value(certificate.issuer, file),
    }),
    fill(PHRASES.validity, {
      from: value(formatUtc(certificate.notBefore), file),
      to: value(formatUtc(certificate.notAfter), file),
      left: value(remainingPhrase(report.now, certificate.notAfter), file),
    }),
  ];
  if (withNames) paragraphs.push(sansParagraph(certificate, path));
  paragraphs.push(
    certificate.eku.length > 0
      ? fill(PHRASES.eku, { eku: joinSegments(certificate.eku.map((eku) => value(eku, file))) })
      : fill(PHRASES.ekuAny),
  );
  return paragraphs;
}

/** The names (SANs) a certificate covers, each quoted from its file. */
export function sansParagraph(certificate: ReportCertificate, path: string): Paragraph {
  const file = fileOf(path);
  return certificate.sans.length > 0
    ? fill(PHRASES.sans, { sans: joinSegments(certificate.sans.map((san) => value(san, file))) })
    : fill(PHRASES.noSans);
}

/** Whether the credential's private key was found, and whether it belongs to the certificate. */
export function keyParagraph(credential: CredentialRef): Paragraph {
  if (credential.keyMatches === false && credential.keySource) {
    return fill(PHRASES.keyDiffers, { key: pathValue(credential.keySource) });
  }
  if (credential.keyMatches === true && credential.keySource) {
    return fill(PHRASES.keyMatches, {
      key: pathValue(credential.keySource),
      description: value(credential.keyDescription ?? "", fileOf(credential.keySource)),
    });
  }
  return [missing(plainText(fill(PHRASES.keyNotDropped, { path: credential.source })))];
}

/**
 * What one end presents: the certificate and its key, or a sentence naming a non-certificate
 * credential (a token, an exec plugin); a certificate the report does not hold is a `missing` line.
 */
export function credentialParagraphs(
  report: Report,
  credential: CredentialRef,
  options: { withNames?: boolean } = {},
): Paragraph[] {
  if (credential.kind !== "certificate") {
    return [
      fill(PHRASES.otherCredential, {
        kind: PHRASES.credentialKinds[credential.kind],
        source: pathValue(credential.source),
      }),
    ];
  }
  const certificate = certificateById(report, credential.certificateId);
  if (!certificate) return [[missing(credential.source)]];
  return [
    ...certificateParagraphs(report, certificate, credential.source, options),
    keyParagraph(credential),
  ];
}

/** The CA bundle an end trusts, with the subjects of its CAs. */
export function trustParagraph(report: Report, trust: TrustRef): Paragraph {
  const file = fileOf(trust.source);
  const cas = trust.certificateIds.map((id) => {
    const certificate = certificateById(report, id);
    return value(certificate?.subject ?? id, file);
  });
  return fill(PHRASES.trustBundle, { source: pathValue(trust.source), cas: joinSegments(cas) });
}

/** A chain verdict with the analysis' own reason, minus the bundle path it starts with. */
export function chainParagraph(chain: ChainCheck): Paragraph {
  const reason = chain.reason ?? "";
  const colon = reason.indexOf(": ");
  const bundle = colon < 0 ? undefined : reason.slice(0, colon);
  const said = colon < 0 ? reason : reason.slice(colon + 2);
  const file = bundle === undefined ? undefined : fileOf(bundle);
  return fill(chain.trusted ? PHRASES.chainTrusted : PHRASES.chainUntrusted, {
    bundle: bundle === undefined ? PHRASES.itsBundle : pathValue(bundle),
    reason: value(said, file),
  });
}

/** The chains one side ran, with the bundle they ran against (`reason` starts with its path). */
export function chainsBy(
  chains: readonly ChainCheck[],
  verifier: ChainCheck["verifier"],
  bundle?: string,
): ChainCheck[] {
  return chains.filter(
    (chain) =>
      chain.verifier === verifier && (bundle === undefined || chain.reason?.startsWith(`${bundle}: `)),
  );
}

/** The user and groups the authorizer sees. */
export function identityParagraph(identity: { user: string; groups: string[] }, source?: string): Paragraph {
  const file = source === undefined ? undefined : fileOf(source);
  if (identity.groups.length === 0)
    return fill(PHRASES.identityNoGroups, { user: value(identity.user, file) });
  return fill(PHRASES.identity, {
    user: value(identity.user, file),
    groups: joinSegments(identity.groups.map((group) => value(group, file))),
  });
}

/** A finding of the report, by code and title, quoting the first file it names. */
export function findingParagraph({ finding }: IndexedFinding): Paragraph {
  return fill(PHRASES.finding, {
    severity: PHRASES.severity[finding.severity],
    code: code(finding.code),
    title: value(finding.title, finding.files[0]),
  });
}

/** The recorded failures of a relationship: when, where recorded, and each exact message as code. */
export function breakParagraphs(breaks: readonly ErrorExample[]): Paragraph[] {
  if (breaks.length === 0) return [fill(PHRASES.noBreaks)];
  return breaks.flatMap((example) =>
    example.messages.length === 0
      ? [fill(PHRASES.breakNoMessage, { when: example.when })]
      : [
          fill(PHRASES.breakWith, { when: example.when, source: example.source }),
          ...example.messages.map((message) => [code(message)]),
        ],
  );
}
