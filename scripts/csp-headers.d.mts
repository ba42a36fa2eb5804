/** `frame-ancestors 'none'`: only a header can carry it. */
export const FRAME_ANCESTORS: string;

/** Sent with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>>;

/** The policy of every response that is not a page, the Worker's script above all. */
export const WORKER_POLICY: string;

/** The header policy of a page: its <meta> policy and frame-ancestors. */
export function pagePolicy(metaPolicy: string | undefined): string;
