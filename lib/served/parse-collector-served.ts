/**
 * The files the collector's `--served` mode writes into a node's folder (public/k8s-pki-collect.sh):
 *
 * - `served/<component>-<port>.pem`: the certificates the endpoint served, leaf first, after a
 *   header of `# key: value` lines (`# k8s-pki-collect served endpoint`, `component`, `address`,
 *   `time`, `outcome`) — the file says what it is whatever it is renamed to;
 * - `served/served.tsv`: one line per endpoint dialled (component, address, port, UTC time,
 *   outcome, file), the ones that served nothing (refused, timeout, no TLS) among them.
 */
import { splitAddress, type ServedOutcome } from "./parse-s-client";

/** The first line of a served chain file. */
export const SERVED_PEM_MARK = "# k8s-pki-collect served endpoint";
/** The first line of the endpoints list. */
export const SERVED_TSV_MARK = "# k8s-pki-collect served endpoints";

const OUTCOMES: readonly ServedOutcome[] = ["ok", "refused", "timeout", "no-tls", "error"];

/** One endpoint as the collector recorded it. */
export interface CollectorEndpoint {
  component?: string;
  host?: string;
  port?: number;
  observedAt?: string;
  outcome: ServedOutcome;
}

function outcomeOf(word: string | undefined): ServedOutcome {
  return OUTCOMES.find((outcome) => outcome === word) ?? "error";
}

/** A component name as the collector writes it: a short lower-case word, nothing else kept. */
function componentOf(word: string | undefined): string | undefined {
  return word !== undefined && /^[a-z][a-z0-9-]{0,40}$/.test(word) ? word : undefined;
}

function endpoint(fields: {
  component?: string;
  address?: string;
  port?: string;
  time?: string;
  outcome?: string;
}): CollectorEndpoint {
  const parts = fields.address !== undefined ? splitAddress(fields.address) : undefined;
  const port =
    parts?.port ?? (fields.port && /^\d{1,5}$/.test(fields.port) ? Number(fields.port) : undefined);
  const component = componentOf(fields.component);
  const time =
    fields.time !== undefined && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(fields.time)
      ? fields.time
      : undefined;
  return {
    ...(component !== undefined ? { component } : {}),
    ...(parts ? { host: parts.host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(time !== undefined ? { observedAt: time } : {}),
    outcome: outcomeOf(fields.outcome),
  };
}

/** True when the text is a served chain file the collector wrote. */
export function isCollectorServedPem(text: string): boolean {
  return text.startsWith(SERVED_PEM_MARK);
}

/** True when the text is the collector's endpoints list. */
export function isCollectorServedTsv(text: string): boolean {
  return text.startsWith(SERVED_TSV_MARK);
}

/** The header of a served chain file: what was dialled, when, and how it went. */
export function parseCollectorServedPem(text: string): CollectorEndpoint {
  const fields: Record<string, string> = {};
  for (const line of text.split("\n", 20)) {
    const match = /^# ([a-z]{1,16}): (.{0,300})$/.exec(line.trimEnd());
    if (match?.[1] && match[2] !== undefined) fields[match[1]] = match[2];
  }
  return endpoint(fields);
}

/**
 * The endpoints of the list that served no chain: those that did are read from their own files,
 * so each endpoint is one record whichever files of the folder arrived.
 */
export function parseCollectorServedTsv(text: string): CollectorEndpoint[] {
  const endpoints: CollectorEndpoint[] = [];
  for (const line of text.split("\n", 1000)) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const [component, address, port, time, outcome] = line.trimEnd().split("\t");
    const read = endpoint({
      ...(component !== undefined ? { component } : {}),
      ...(address !== undefined ? { address } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(time !== undefined ? { time } : {}),
      ...(outcome !== undefined ? { outcome } : {}),
    });
    if (read.outcome !== "ok") endpoints.push(read);
  }
  return endpoints;
}
