// Every kube-apiserver of an HA cluster reads what the others write to etcd: data is encrypted with the first provider's first key and found again by that provider and key name (`k8s:enc:aescbc:v1:key1:`), so each member needs that key, with the same secret; a key rotation adds the new key on all members before any writes with it (k8s-pki-spec §5.6).
import type { ClusterModel } from "../cluster/model";
import type { EncryptionConfigRecord, EncryptionProvider } from "../inventory";
import type { Evidence, Finding } from "../report";
import type { Rule } from "../engine/rule";
import { naturalOrder } from "../shared/natural-order";

const FLAG = "--encryption-provider-config";
/** What a member without an encrypting provider writes, and the only thing it reads. */
const CLEAR = "identity";

/** A control plane's encryption, as its kube-apiserver's configuration names it. */
interface Member {
  node: string;
  /** The apiserver's configuration file (the manifest, unit or config file). */
  configuredIn: string;
  /** The EncryptionConfiguration it loads; absent when its configuration names none. */
  config?: EncryptionConfigRecord;
}

/** The identity of one key: provider, key name and secret (`aescbc key1 #3f2a…`). */
function keyIds(provider: EncryptionProvider): string[] {
  if (provider.name === CLEAR) return [CLEAR];
  if (provider.name === "kms") return provider.keys.map((key) => `kms ${key.name}`);
  return provider.keys.map((key) => `${provider.name} ${key.name} #${key.secretDigest ?? "unreadable"}`);
}

/** The entry of `config` that covers `resource` (the first, as kube-apiserver takes it). */
function entryFor(config: EncryptionConfigRecord | undefined, resource: string) {
  return config?.resources.find((entry) => entry.resources.includes(resource));
}

/** The key new writes of `resource` use on this member, and every key it reads them with. */
function keysFor(member: Member, resource: string): { writes: string; reads: Set<string> } {
  const entry = entryFor(member.config, resource);
  if (!entry || entry.providers.length === 0) return { writes: CLEAR, reads: new Set([CLEAR]) };
  const reads = new Set(entry.providers.flatMap(keyIds));
  return { writes: keyIds(entry.providers[0] as EncryptionProvider)[0] ?? CLEAR, reads };
}

/**
 * The member `plane` is, when its kube-apiserver's configuration was read (not a layout's default)
 * and the file it names, if any, is in the drop; undefined otherwise (nothing to judge it by).
 */
function memberOf(
  node: string,
  model: ClusterModel,
  configs: readonly EncryptionConfigRecord[],
): Member | undefined {
  const apiserver = model.apiserver;
  if (!apiserver || apiserver.origin === "convention" || !apiserver.source) return undefined;
  const ref = model.encryptionConfigRef;
  if (!ref) return { node, configuredIn: apiserver.source };
  const config = configs.find((candidate) => candidate.source.path === ref.path);
  return config ? { node, configuredIn: apiserver.source, config } : undefined;
}

function describe(key: string): string {
  return key === CLEAR
    ? "no encryption (identity)"
    : key.replace(/ #([0-9a-f]{6})[0-9a-f]*$/, " (secret fingerprint $1…)");
}

function evidenceOf(member: Member): Evidence {
  return member.config
    ? {
        fact: `kube-apiserver on ${member.node} loads ${member.config.source.path}`,
        source: "configured",
        from: `${FLAG} in ${member.configuredIn}`,
      }
    : {
        fact: `kube-apiserver on ${member.node} encrypts nothing`,
        source: "configured",
        from: `no ${FLAG} in ${member.configuredIn}`,
      };
}

const nameOf = (member: Member) => member.config?.source.path ?? `${member.configuredIn} (no ${FLAG})`;

export const encryptionConfigDiffers: Rule = {
  codes: ["ENCRYPTION_CONFIG_DIFFERS"],
  scope: "input",
  run: (ctx) => {
    const members = (ctx.model.controlPlanes ?? [])
      .flatMap((plane) => memberOf(plane.node, plane.model, ctx.inventory.encryptionConfigs) ?? [])
      .sort((a, b) => naturalOrder(a.node, b.node));
    if (members.length < 2 || members.every((member) => member.config === undefined)) return [];
    const resources = [
      ...new Set(members.flatMap((m) => m.config?.resources.flatMap((entry) => entry.resources) ?? [])),
    ].sort();
    const findings: Finding[] = [];
    for (const reader of members) {
      // What the other members write that this one cannot read, per resource.
      const unreadable = resources.flatMap((resource) =>
        members.flatMap((writer) => {
          if (writer === reader) return [];
          const { writes } = keysFor(writer, resource);
          return keysFor(reader, resource).reads.has(writes) ? [] : [{ resource, writer, writes }];
        }),
      );
      const [first] = unreadable;
      if (!first) continue;
      const writers = [...new Set(unreadable.map((u) => u.writer))];
      const lines = unreadable
        .slice(0, 4)
        .map((u) => `${u.writer.node} writes ${u.resource} with ${describe(u.writes)}`)
        .join("; ");
      findings.push({
        code: "ENCRYPTION_CONFIG_DIFFERS",
        severity: "error",
        title: `kube-apiserver on ${reader.node} cannot read what ${writers.map((w) => w.node).join(", ")} write${writers.length === 1 ? "s" : ""} to etcd`,
        detail:
          `${lines}${unreadable.length > 4 ? ` (and ${unreadable.length - 4} more)` : ""}, but ${nameOf(reader)} on ${reader.node} has no such key. ` +
          `Data is found again by the provider and key name it was written with, and must be decrypted with the same secret: ` +
          `objects written through ${first.writer.node} fail to read on ${reader.node} ("failed to decrypt" / "no matching prefix found").`,
        files: [
          reader.config?.source.path ?? reader.configuredIn,
          first.writer.config?.source.path ?? first.writer.configuredIn,
        ],
        fix:
          `Give every control plane the same EncryptionConfiguration: copy ${nameOf(first.writer)} from ${first.writer.node} to ${reader.node} ` +
          `(named by ${FLAG} in ${reader.configuredIn}) and restart kube-apiserver there. To change keys, add the new key second on every member ` +
          "and restart them all before making it first (kubernetes.io, “Rotate a decryption key”).",
        evidence: [evidenceOf(reader), evidenceOf(first.writer)],
      });
    }
    if (findings.length > 0) return findings;
    // Each reads what the others write, yet the files differ: a key rotation between its steps.
    const shapes = new Set(
      members.map((member) =>
        resources
          .map(
            (resource) => [...keysFor(member, resource).reads].join(",") + keysFor(member, resource).writes,
          )
          .join(";"),
      ),
    );
    if (shapes.size < 2) return [];
    return [
      {
        code: "ENCRYPTION_CONFIG_DIFFERS",
        severity: "info",
        title: "The control planes' EncryptionConfigurations differ, though each reads what the others write",
        detail:
          `${members.map((m) => `${m.node}: ${nameOf(m)}`).join("; ")}. Every key a member writes with is known to the others, ` +
          "as between the steps of a key rotation; until the files agree, a member restarted with an older file may write what the others cannot read.",
        files: members.map((m) => m.config?.source.path ?? m.configuredIn),
        fix: "Finish the rotation on every member (the same key first everywhere, then rewrite the Secrets and remove the old key), or copy one file to all.",
        evidence: members.map(evidenceOf),
      },
    ];
  },
};
