// EncryptionConfiguration: the first provider encrypts new writes, so identity first stores them in clear; aescbc/secretbox keys are 32 bytes, aesgcm 16/24/32 (k8s-pki-spec §5.6, §8 item 14; sizes as k8s.io/apiserver's EncryptionConfiguration validation checks them).
import type { EncryptionConfigRecord, EncryptionProvider } from "../inventory";
import type { Finding, Severity } from "../report";
import type { CheckContext, Rule } from "../engine/rule";

/** Key lengths kube-apiserver refuses to start with (anything outside `accepted`), and the one the docs ask for. */
const KEY_SIZES: Record<string, { accepted: number[]; wanted: number[] }> = {
  // The apiserver's validation accepts AES-128/192 for aescbc too; the documentation asks for 32 bytes.
  aescbc: { accepted: [16, 24, 32], wanted: [32] },
  aesgcm: { accepted: [16, 24, 32], wanted: [16, 24, 32] },
  secretbox: { accepted: [32], wanted: [32] },
};

const GENERATE = "`head -c 32 /dev/urandom | base64`";

/**
 * Whether kube-apiserver loads this file: `in-use` when --encryption-provider-config names it,
 * `unused` when an apiserver manifest was dropped and names another file or none, `unknown` otherwise.
 */
function usage(ctx: CheckContext, config: EncryptionConfigRecord): "in-use" | "unused" | "unknown" {
  const ref = ctx.model.encryptionConfigRef;
  if (ref?.path === config.source.path) return "in-use";
  const apiserver = ctx.model.apiserver;
  return apiserver && apiserver.origin !== "convention" ? "unused" : "unknown";
}

function usageNote(state: ReturnType<typeof usage>, ctx: CheckContext): string {
  const manifest = ctx.model.apiserver?.source ?? "the kube-apiserver manifest";
  if (state === "in-use") return ` kube-apiserver loads it (--encryption-provider-config in ${manifest}).`;
  if (state === "unused")
    return ` ${manifest} does not name this file in --encryption-provider-config, so it is not in effect; reported as info.`;
  return " No kube-apiserver manifest in the input says whether it is in use.";
}

interface KeyProblem {
  key: string;
  severity: Severity;
  title: string;
  text: string;
}

/** `16-, 24- or 32-byte`. */
function byteSizes(sizes: number[]): string {
  const last = sizes[sizes.length - 1];
  return sizes.length > 1 ? `${sizes.slice(0, -1).join("-, ")}- or ${last}-byte` : `${last}-byte`;
}

function keyProblems(provider: EncryptionProvider): KeyProblem[] {
  const sizes = KEY_SIZES[provider.name];
  if (!sizes) return [];
  return provider.keys.flatMap((key) => {
    const label = `${provider.name} key "${key.name}"`;
    if (key.secretBytes === undefined)
      return [
        {
          key: key.name,
          severity: "error" as const,
          title: `${label} has no readable secret`,
          text: `${label} has no readable base64 secret: kube-apiserver refuses the file (secrets must be base64 encoded) and does not start`,
        },
      ];
    if (sizes.wanted.includes(key.secretBytes)) return [];
    const accepted = sizes.accepted.includes(key.secretBytes);
    return [
      {
        key: key.name,
        severity: accepted ? ("warning" as const) : ("error" as const),
        title: `${label} is ${key.secretBytes} bytes, not ${sizes.wanted.join("/")}`,
        text: accepted
          ? `${label} is ${key.secretBytes} bytes (AES-${key.secretBytes * 8}); kube-apiserver accepts it, but the Kubernetes documentation specifies ${byteSizes(sizes.wanted)} keys for ${provider.name}`
          : `${label} is ${key.secretBytes} bytes; ${provider.name} takes ${byteSizes(sizes.accepted)} keys, so kube-apiserver refuses the file (secret is not of the expected length, got ${key.secretBytes}, expected one of [${sizes.accepted.join(" ")}]) and does not start`,
      },
    ];
  });
}

export const encryptionConfigWeak: Rule = {
  codes: ["ENCRYPTION_CONFIG_WEAK"],
  scope: "input",
  run: (ctx) => {
    const findings: Finding[] = [];
    for (const config of ctx.inventory.encryptionConfigs) {
      const path = config.source.path;
      const state = usage(ctx, config);
      const note = usageNote(state, ctx);
      const push = (severity: Severity, title: string, detail: string, fix: string) =>
        findings.push({
          code: "ENCRYPTION_CONFIG_WEAK",
          severity: state === "unused" ? "info" : severity,
          title,
          detail: detail + note,
          files: [path],
          fix,
        });
      for (const entry of config.resources) {
        const resources = entry.resources.join(", ") || "(no resources)";
        const names = entry.providers.map((p) => p.name);
        if (names[0] === "identity") {
          const later = names.slice(1);
          push(
            "warning",
            `${path} stores new ${resources} unencrypted`,
            `For ${resources}, the first provider in ${path} is identity, and the first provider is the one that writes: new and updated objects go to etcd in clear text.${later.length ? ` The later providers (${later.join(", ")}) are only used to read what was written before.` : ""}`,
            `Move an encrypting provider (kms v2, aescbc, aesgcm or secretbox) to the top of the providers list for ${resources} and keep identity last, restart kube-apiserver, then rewrite existing objects: \`kubectl get secrets --all-namespaces -o json | kubectl replace -f -\`.`,
          );
        }
        for (const provider of entry.providers) {
          for (const problem of keyProblems(provider)) {
            push(
              problem.severity,
              `${path}: ${problem.title}`,
              `In ${path}, for ${resources}: ${problem.text}.`,
              problem.severity === "error"
                ? `Replace the secret of key "${problem.key}" with 32 random bytes, base64-encoded (${GENERATE}), and restart kube-apiserver.`
                : `Rotate to a 32-byte key (${GENERATE}): add it as the first key, restart kube-apiserver, rewrite the objects (\`kubectl get secrets --all-namespaces -o json | kubectl replace -f -\`), then remove key "${problem.key}".`,
            );
          }
        }
      }
    }
    return findings;
  },
};
