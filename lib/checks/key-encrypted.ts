// Kubernetes components cannot read passphrase-protected keys; an encrypted key is reported and cannot be matched to its certificate.
import { sourceName } from "../ingest/types";
import type { Rule } from "./types";

export const keyEncrypted: Rule = {
  codes: ["KEY_ENCRYPTED"],
  scope: "input",
  run: (ctx) =>
    ctx.inventory.privateKeys
      .filter((key) => key.encrypted)
      .map((key) => ({
        code: "KEY_ENCRYPTED",
        severity: "info" as const,
        title: `${sourceName(key.source)} is an encrypted private key`,
        detail: `${sourceName(key.source)} is passphrase-protected (${key.format}), so it cannot be matched to a certificate here. Kubernetes components cannot read encrypted keys: if a flag points at it, the component fails to start.`,
        files: [sourceName(key.source)],
        fix: "If a component uses it, decrypt it: `openssl pkey -in KEY -out KEY.plain` and restrict the file to mode 0600.",
      })),
};
