/**
 * What `explain` answers: the patterns (or the alert) it recognised, the facts it read, the
 * certificates of the drop that fit, best first, each with why in the drop's own names, the
 * relationships and files they touch, and where to look next when nothing fits.
 */
import type { ErrorKind, ErrorSide } from "./error-patterns";
import type { ExplainFacts } from "./parse-facts";

/** One certificate of the drop the text points at. */
export interface ExplainCandidate {
  certificateId: string;
  /** Where it was read (its first path). */
  path: string;
  subject: string;
  notAfter: string;
  /** Why it fits, in one sentence of the drop's names. */
  why: string;
  /** 0 fits exactly (a serial, an instant, the SANs listed); higher fits less. */
  rank: number;
}

export interface RecognisedPattern {
  id: string;
  kind: ErrorKind;
  title: string;
  side: ErrorSide;
  source: { project: string; file: string };
}

/** A kube-prometheus certificate alert read from the text. */
export interface RecognisedAlert {
  name:
    | "KubeClientCertificateExpiration"
    | "KubeletClientCertificateExpiration"
    | "KubeletServerCertificateExpiration";
  /** The metric the alert's expression reads. */
  metric: string;
  /** The window the alert fires in, in seconds (7 days warning, 1 day critical). */
  windowSeconds: number;
  node?: string;
  instance?: string;
}

/**
 * `explained`: certificates of the drop fit; `no-match`: the text was recognised and nothing in
 * the drop fits; `unrecognised`: no pattern nor alert matched.
 */
export type ExplainVerdict = "explained" | "no-match" | "unrecognised";

export interface ExplainAnswer {
  verdict: ExplainVerdict;
  patterns: RecognisedPattern[];
  alert?: RecognisedAlert;
  facts: ExplainFacts;
  /** Best first. */
  certificates: ExplainCandidate[];
  /** Keys of the relationships the fitting certificates take part in, failing ones first. */
  relationships: string[];
  /** Files the fitting certificates were read from. */
  files: string[];
  /** The answer in one sentence. */
  why: string;
  /** Where to look next (always when nothing fits). */
  next: string[];
  /** How many more certificates fit than `certificates` lists (it lists MAX_CANDIDATES at most). */
  omitted?: number;
  /** True when the text was longer than what was read. */
  truncated?: boolean;
}
