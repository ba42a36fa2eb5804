/**
 * A bar of the timeline as the rows make it: where it sits (depth, heading, group, flags) is fixed at
 * once, its words (a CA's two lines, the role, the remaining time, the accessible name) are worked
 * out on first read.
 */
import { commonName } from "@/lib/format/common-name";
import { inertText } from "@/lib/format/inert-text";
import type { ExpiryState } from "@/lib/expiry";
import type { Report, ReportCertificate } from "@/lib/report";
import { reportIndex } from "@/lib/view/report-index";
import { barAriaLabel, describeRole, timeLeftPhrase } from "./timeline-labels";
import type { TimelineBar, TimelineFlag } from "./timeline-model";

/**
 * How a CA heads its domain: a trust anchor by its role ("Cluster CA") with its file and subject
 * below; any other CA by its subject, with its file and what kind of CA it is below.
 */
function caLines(report: Report, certificate: ReportCertificate, file: string): [string, string] {
  const anchor = reportIndex(report).anchorOf(certificate.id);
  const role = anchor?.name.replace(/\s*\([^)]*\)\s*$/, "");
  const subject = commonName(certificate.subject);
  if (role) return [role, `${file} · ${subject}`];
  const kind = certificate.isCA ? (certificate.selfSigned ? "self-signed CA" : "intermediate CA") : "issuer";
  return [subject, `${file} · ${kind}`];
}

/** Where a bar sits, as the walk over the issuer tree placed it (timeline-rows.ts). */
export interface BarPlace {
  depth: number;
  heading: boolean;
  group: string;
  startsGroup: boolean;
  issuerEnd: number | undefined;
  flags: TimelineFlag[];
  /** The file the certificate is known by. */
  leaf: string;
  /** The components that present it, by display name. */
  presenterNames: string[] | undefined;
}

/**
 * A bar whose words (second line, role, phrase, accessible name) are worked out when its row is
 * drawn and then kept: a fleet has ten thousand bars and the timeline draws the thirty on screen.
 * One object per bar, its getters on the prototype, so building them all leaves little garbage.
 */
export class LazyBar implements TimelineBar {
  readonly id: string;
  readonly sha256: string;
  readonly state: ExpiryState;
  readonly depth: number;
  readonly heading: boolean;
  readonly name: string;
  readonly group: string;
  readonly startsGroup: boolean;
  readonly notBefore: number;
  readonly notAfter: number;
  readonly warnFrom: number;
  readonly rotation?: { start: number; end: number };
  readonly issuerEnd?: number;
  readonly flags: TimelineFlag[];
  readonly paths: string[];
  private words: { detail?: string; description?: string; phrase?: string; ariaLabel?: string } = {};

  constructor(
    private readonly report: Report,
    private readonly certificate: ReportCertificate,
    private readonly place: BarPlace,
  ) {
    const c = certificate;
    this.id = c.id;
    this.sha256 = c.sha256.toLowerCase();
    this.state = c.expiryState;
    this.depth = place.depth;
    this.heading = place.heading;
    this.name = inertText(place.heading ? this.lines()[0] : place.leaf);
    this.group = place.group;
    this.startsGroup = place.startsGroup;
    this.notBefore = Date.parse(c.notBefore);
    this.notAfter = Date.parse(c.notAfter);
    this.warnFrom = Date.parse(c.warnFrom);
    if (c.rotation) this.rotation = { start: Date.parse(c.rotation.start), end: Date.parse(c.rotation.end) };
    if (place.issuerEnd !== undefined) this.issuerEnd = place.issuerEnd;
    this.flags = place.flags;
    this.paths = c.paths;
  }

  private lines(): [string, string] {
    const { heading, leaf, presenterNames } = this.place;
    return heading
      ? caLines(this.report, this.certificate, leaf)
      : [leaf, presenterNames?.join(", ") ?? `${this.description}, not used by any component`];
  }

  get detail(): string {
    return (this.words.detail ??= inertText(this.lines()[1]));
  }

  get description(): string {
    return (this.words.description ??= describeRole(this.certificate));
  }

  get phrase(): string {
    return (this.words.phrase ??= timeLeftPhrase(
      this.certificate,
      this.certificate.expiryState,
      this.report.now,
    ));
  }

  get ariaLabel(): string {
    const { heading, leaf } = this.place;
    return (this.words.ariaLabel ??= inertText(
      barAriaLabel({
        name: heading ? `${leaf} (${commonName(this.certificate.subject)})` : leaf,
        description: this.description,
        state: this.state,
        notBefore: this.notBefore,
        notAfter: this.notAfter,
        phrase: this.phrase,
        flags: this.flags.map((flag) => flag.text),
      }),
    ));
  }
}
