// The kubelet names its current certificate through the `kubelet-{client,server}-current.pem` symlink to the newest dated file (client-go util/certificate certificate_store.go); when the link did not reach us, the newest dated file is judged in its place, and this says so when the folder held more than one dated file to choose from.
import { basename } from "../ingest/resolve-path";
import { KUBELET_DATED_FILE } from "../ingest/kubelet-stand-ins";
import type { Finding } from "../report";
import type { CertificateRecord } from "../inventory";
import { wiringRef, subjectWirings } from "../engine/describe";
import type { Rule } from "../engine/rule";

/** Where a dropped file is on its node: from its first system folder (`node-1/var/lib/…` → `/var/lib/…`). */
function onNode(path: string): string {
  const at = /(?:^|\/)((?:var|etc|opt|home|root|usr|run|srv)\/.*)$/.exec(path);
  return at?.[1] ? `/${at[1]}` : path;
}

export const kubeletLinkAbsent: Rule = {
  codes: ["KUBELET_LINK_ABSENT"],
  scope: "input",
  run: (ctx) => {
    if (ctx.inventory.standIns.length === 0) return [];
    // With one dated file of its kind in the folder, the link can only have pointed at it: the
    // stand-in is the node's own state, and nothing is said (the page then shows what the CLI does).
    const ambiguous = ({ target }: { target: string }) => {
      const folder = target.slice(0, target.lastIndexOf("/") + 1);
      const kind = KUBELET_DATED_FILE.exec(basename(target))?.[1];
      return (
        ctx.inventory.paths.filter(
          (path) =>
            path.startsWith(folder) &&
            !path.slice(folder.length).includes("/") &&
            KUBELET_DATED_FILE.exec(basename(path))?.[1] === kind,
        ).length > 1
      );
    };
    const certByPath = new Map<string, CertificateRecord>();
    for (const cert of ctx.inventory.certificates)
      for (const source of cert.sources) if (!certByPath.has(source.path)) certByPath.set(source.path, cert);
    return ctx.inventory.standIns.filter(ambiguous).map(({ path, target }): Finding => {
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
          `Nothing to do if the node has the link: check with \`ls -l ${onNode(path)}\` on the node. ` +
          "To keep links in an archive, use `tar czf` or `zip -y`.",
      };
    });
  },
};
