/**
 * Expected failures are data: a parse that did not work says why, and the caller decides whether
 * that becomes a PARSE_ERROR problem, a skipped file or a fallback. Only bugs throw.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Wrap a value as a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed result carrying the human-readable reason. */
export function fail<T = never>(reason: string): Result<T> {
  return { ok: false, reason };
}

/**
 * The message of something thrown by a parser (asn1js, yaml, WebCrypto), for a reason string.
 * Library errors are expected for malformed input; we keep their text instead of swallowing it.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
