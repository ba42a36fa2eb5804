// Not every component reloads its certificates: after `kubeadm certs renew` the file is new and a process that has not reloaded it serves the old one until it restarts (k8s-pki-spec §7.2 row 1).
import type { Finding } from "../report";
import { credentialFile, formatDate, wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { servedAddress, servedEvidence, servedLabel } from "../served/describe-served";
import { restartCommand } from "../served/restart-command";

export const servedCertDiffers: Rule = {
  codes: ["SERVED_CERT_DIFFERS"],
  scope: "relationship",
  run: (ctx) =>
    (ctx.served ?? []).flatMap((verdict): Finding[] => {
      const served = verdict.record.certificates[0];
      const disk = verdict.onDisk;
      if (verdict.sameAsDisk !== false || !served || !disk?.cert || !verdict.wiring) return [];
      const component = verdict.component ?? verdict.wiring.server;
      const expired = Date.parse(served.notAfter) <= ctx.now.getTime();
      const file = credentialFile(disk);
      const restart = restartCommand(ctx.model, component);
      const when = expired
        ? `it expired on ${formatDate(served.notAfter)}, so clients are refused now`
        : `clients see its expiry, ${formatDate(served.notAfter)}, not the file's`;
      return [
        {
          code: "SERVED_CERT_DIFFERS",
          severity: expired ? "error" : "warning",
          title: `${component} serves another certificate than ${file}${expired ? ", an expired one" : ""}: restart it`,
          detail:
            `${servedAddress(verdict.record)} (${verdict.record.source.path}) served ${servedLabel(served)}, ` +
            `but ${component} is configured with ${file}, ${servedLabel(disk.cert)}. The process has not ` +
            `loaded the file since it changed (not every component reloads its certificates) and serves ` +
            `the old one until it restarts: ${when}.`,
          ...wiringRef(verdict.wiring),
          files: [file, verdict.record.source.path],
          certificateIds: [disk.cert.id],
          fix: restart
            ? `Restart ${component} so it loads ${file} (${restart.how}): \`${restart.command}\`; then read the port again (\`openssl s_client -connect ${servedAddress(verdict.record)} -showcerts </dev/null\`) and check it serves serial ${disk.cert.serial}.`
            : `Restart ${component} so it loads ${file}; then read the port again (\`openssl s_client -connect ${servedAddress(verdict.record)} -showcerts </dev/null\`) and check it serves serial ${disk.cert.serial}.`,
          evidence: servedEvidence(verdict),
        },
      ];
    }),
};
