// A client verifies what the server really sends, with the CA it is configured with (a kubeconfig's certificate-authority-data, --etcd-cafile): a served chain that CA does not verify fails the handshake whatever the files say (k8s-pki-spec §7.2 row 3).
import type { Finding } from "../report";
import { wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { servedAddress, servedEvidence, servedLabel } from "../served/describe-served";

export const servedChainUntrusted: Rule = {
  codes: ["SERVED_CHAIN_UNTRUSTED"],
  scope: "relationship",
  run: (ctx) =>
    (ctx.served ?? []).flatMap((verdict): Finding[] => {
      const served = verdict.record.certificates[0];
      const wiring = verdict.wiring;
      if (!served || !wiring) return [];
      const refusing = verdict.trust.filter(({ bundle, outcome }) => {
        if (outcome.verdict === "trusted") return false;
        // The same leaf as on disk, refused the same way there: CHAIN_UNTRUSTED already says it.
        const onDisk = ctx.verifications.find(
          (v) => v.wiring === wiring && v.verifier === "client" && v.bundle === bundle,
        );
        return !(verdict.sameAsDisk === true && onDisk && onDisk.outcome.verdict !== "trusted");
      });
      const [first] = refusing;
      if (!first) return [];
      const component = verdict.component ?? wiring.server;
      const bundles = refusing.map(({ bundle }) => bundle.source);
      const why = first.outcome.message ?? first.outcome.reason;
      return [
        {
          code: "SERVED_CHAIN_UNTRUSTED",
          severity: "error",
          title: `What ${component} serves is not trusted by ${bundles.length === 1 ? bundles[0] : `${bundles.length} of its clients' CA bundles`}`,
          detail:
            `${servedAddress(verdict.record)} (${verdict.record.source.path}) served ${servedLabel(served)}. ` +
            `Clients verify it with ${bundles.join(", ")}, and it does not verify: ${why}. ` +
            (verdict.sameAsDisk === false
              ? "The process serves another certificate than its file; the file may be fine, the running process is not."
              : "The files agree, but what is served is what clients judge."),
          ...wiringRef(wiring),
          files: [verdict.record.source.path, ...bundles],
          fix:
            verdict.sameAsDisk === false
              ? `Restart ${component} so it serves its configured certificate, then read the port again; if it still fails, reissue the certificate from the CA in ${first.bundle.source}.`
              : `Reissue ${component}'s serving certificate from the CA in ${first.bundle.source} (or give the clients the CA that signed it), then restart ${component}.`,
          evidence: servedEvidence(verdict),
        },
      ];
    }),
};
