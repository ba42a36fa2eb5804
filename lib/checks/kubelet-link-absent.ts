// The kubelet names its current certificate through the `kubelet-{client,server}-current.pem` symlink to the newest dated file (client-go util/certificate certificate_store.go); when the link did not reach us, the newest dated file is judged in its place and this says so.
import { basename } from "../ingest/resolve-path";
import type { Finding } from "../report";
import type { CertificateRecord } from "../inventory";
import { wiringRef, subjectWirings } from "../engine/describe";
import type { Rule } from "../engine/rule";

export const kubeletLinkAbsent: Rule = {
  codes: ["KUBELET_LINK_ABSENT"],
  scope: "input",
  run: (ctx) => {
    if (ctx.inventory.standIns.length === 0) return [];
    const certByPath = new Map<string, CertificateRecord>();
    for (const cert of ctx.inventory.certificates)
      for (const source of cert.sources) if (!certByPath.has(source.path)) certByPath.set(source.path, cert);
    return ctx.inventory.standIns.map(({ path, target }): Finding => {
      const cert = certByPath.get(path);
      const wiring = cert ? (subjectWirings(ctx).get(cert.id) ?? ctx.usage.get(cert.id)?.[0]) : undefined;
      const serving = basename(path).startsWith("kubelet-server-");
      return {
        code: "KUBELET_LINK_ABSENT",
        severity: "info",
        title: `${basename(path)} was absent: ${basename(target)} was judged in its place`,
        detail:
          `The input has ${target} but no ${basename(path)}, the symlink through which the kubelet ` +
          `${serving ? "serves" : "authenticates"} with its newest certificate (links are lost by zip without -y, ` +
          `Windows copies and browsers that skip links in a dropped folder). The newest dated file, ` +
          `${basename(target)}, is what the link points at on a kubelet that rotated normally, so it was judged as ${path}.`,
        ...(wiring ? wiringRef(wiring) : {}),
        files: [target],
        ...(cert ? { certificateIds: [cert.id] } : {}),
        fix:
          `Nothing to do if the node has the link: check with \`ls -l ${path.startsWith("var/") ? `/${path}` : path}\`. ` +
          "To keep links in an archive, use `tar czf` or `zip -y`.",
      };
    });
  },
};
