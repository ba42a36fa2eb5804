// Kubernetes components cannot read passphrase-protected keys; an encrypted key is reported and cannot be matched to its certificate. A PKCS#12 file no given password opens is the same situation, not a parse error.
import { sourceName, type LockedFile } from "../inventory";
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";

const HOW_TO_GIVE =
  "Give its password with `k8s-pki audit --password-file FILE` (one password per line) or in the explorer's password dialog; passwords are used only to open the file and never appear in the report.";

function lockedFinding(file: LockedFile): Finding {
  const why =
    file.status === "wrong-password"
      ? `The password given is wrong: ${file.reason}.`
      : file.status === "password-needed"
        ? "It needs a password to open: its certificates and keys are encrypted, and the empty password does not open it."
        : `It cannot be opened here: ${file.reason}.`;
  return {
    code: "KEY_ENCRYPTED",
    severity: "info",
    title:
      file.status === "wrong-password"
        ? `${file.path}: wrong password for this PKCS#12 file`
        : `${file.path} is a password-protected PKCS#12 file`,
    detail:
      `${why} Its certificates and keys were not analysed. ${file.status === "unsupported" ? "" : HOW_TO_GIVE}`.trim(),
    files: [file.path],
    fix:
      file.status === "unsupported"
        ? "Re-export it with OpenSSL 3's defaults (PBES2, AES-256-CBC): `openssl pkcs12 -legacy -in OLD.p12 -nodes | openssl pkcs12 -export -out NEW.p12`, or extract PEM with `openssl pkcs12 -legacy -in OLD.p12 -nodes`."
        : "Give its password (`--password-file` on the command line, the password dialog in the explorer), or extract it to PEM with `openssl pkcs12 -in FILE.p12 -nodes -out FILE.pem` (add `-legacy` for old files) and analyse that.",
  };
}

export const keyEncrypted: Rule = {
  codes: ["KEY_ENCRYPTED"],
  scope: "input",
  run: (ctx) => [
    ...ctx.inventory.privateKeys
      .filter((key) => key.encrypted)
      .map((key): Finding => ({
        code: "KEY_ENCRYPTED",
        severity: "info" as const,
        title: `${sourceName(key.source)} is an encrypted private key`,
        detail: `${sourceName(key.source)} is passphrase-protected (${key.format}), so it cannot be matched to a certificate here. Kubernetes components cannot read encrypted keys: if a flag points at it, the component fails to start.`,
        files: [sourceName(key.source)],
        fix: "If a component uses it, decrypt it: `openssl pkey -in KEY -out KEY.plain` and restrict the file to mode 0600.",
      })),
    ...ctx.inventory.locked.map(lockedFinding),
  ],
};
