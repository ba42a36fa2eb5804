// A port read for its served chain that answered with none (refused, timed out, no TLS) says nothing about the certificate: noted, never judged healthy nor faulty (k8s-pki-spec §7.2).
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { servedAddress } from "../served/describe-served";

const WORDS = {
  refused: "refused the connection",
  timeout: "did not answer in time",
  "no-tls": "answered without TLS",
  error: "could not be read",
} as const;

export const servedEndpointUnreached: Rule = {
  codes: ["SERVED_ENDPOINT_UNREACHED"],
  scope: "input",
  run: (ctx) =>
    (ctx.served ?? []).flatMap((verdict): Finding[] => {
      const { record } = verdict;
      if (record.outcome === "ok") return [];
      const who = verdict.component ?? record.component ?? "the endpoint";
      const address = servedAddress(record);
      return [
        {
          code: "SERVED_ENDPOINT_UNREACHED",
          severity: "info",
          title: `${address} ${WORDS[record.outcome]}: what ${who} serves is not known`,
          detail:
            `${record.source.path} records ${address}${record.observedAt ? ` at ${record.observedAt}` : ""}: ` +
            `${record.detail ?? WORDS[record.outcome]}. Nothing is judged about the certificate it serves; ` +
            "the files on disk are judged as usual.",
          files: [record.source.path],
          fix: `Check that ${who} is running and listens on ${address} (\`ss -tlnp\` on the node), then read it again with \`openssl s_client -connect ${address} -showcerts </dev/null\`.`,
        },
      ];
    }),
};
