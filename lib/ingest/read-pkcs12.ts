/**
 * PKCS#12 (`.p12`/`.pfx`) files, recognised by content: a DER PFX whose contents are opened with
 * the empty password first (what `-passout pass:` writes, and what "no password" amounts to for
 * PBES2), then with each password the user gave. Opened, the file is its bags; not opened, it is
 * locked — for want of a password, with the wrong one, or under a scheme not decrypted here.
 */
import { AuthenticatedSafe, PFX } from "@peculiar/asn1-pfx";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { toUint8 } from "../shared/bytes";
import { decryptPbe, KdfBudget } from "../pki/decrypt-pbe";
import { EncryptedData } from "../pki/pbe-schemas";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import { readSafeBags, type BagsOutcome, type SafeBagItem } from "./read-safe-bags";
import { pushAll } from "../shared/collections";

/** PKCS#7 content types (RFC 2315 §14): plain and password-encrypted SafeContents. */
const id_data = "1.2.840.113549.1.7.1";
const id_encryptedData = "1.2.840.113549.1.7.6";

/** Why a PKCS#12 file stayed shut. */
export type LockedStatus = "password-needed" | "wrong-password" | "unsupported";

export type Pkcs12Outcome =
  | { kind: "opened"; bags: SafeBagItem[] }
  | { kind: "locked"; status: LockedStatus; reason: string }
  | { kind: "invalid"; reason: string };

function readPfx(bytes: Uint8Array): Result<PFX> {
  try {
    const pfx = AsnConvert.parse(bytes, PFX);
    return pfx.version === 3 ? ok(pfx) : fail(`PFX version ${pfx.version}, not 3`);
  } catch (error) {
    return fail(`not a PKCS#12 PFX: ${errorMessage(error)}`);
  }
}

/** True when DER bytes are a PKCS#12 PFX (version 3), whatever the file is called. */
export function isPkcs12(bytes: Uint8Array): boolean {
  return readPfx(bytes).ok;
}

async function openWith(
  safes: AuthenticatedSafe,
  password: string,
  crypto: Crypto,
  budget: KdfBudget,
): Promise<BagsOutcome> {
  const bags: SafeBagItem[] = [];
  for (const info of safes) {
    let contents: Uint8Array;
    if (info.contentType === id_data) {
      contents = toUint8(AsnConvert.parse(info.content, OctetString).buffer);
    } else if (info.contentType === id_encryptedData) {
      const encrypted = AsnConvert.parse(info.content, EncryptedData).encryptedContentInfo;
      const data = toUint8(encrypted.encryptedContent ?? new ArrayBuffer(0));
      const plain = await decryptPbe(encrypted.contentEncryptionAlgorithm, data, password, crypto, budget);
      if (!plain.ok) return plain;
      contents = plain.value;
    } else {
      return {
        ok: false,
        wrongPassword: false,
        reason: `contents of type ${info.contentType} (public-key privacy mode)`,
      };
    }
    const read = await readSafeBags(contents, password, crypto, budget, bags.length + 1, {
      decrypted: info.contentType === id_encryptedData,
    });
    if (!read.ok) return read;
    pushAll(bags, read.bags);
  }
  return { ok: true, bags };
}

/**
 * Open a PKCS#12 file with the empty password, then each of `passwords` in order. The first that
 * decrypts every part wins. Integrity (the MAC) is not verified: a file that decrypts and parses
 * is read as it is, which is all an inventory needs.
 */
export async function readPkcs12(
  bytes: Uint8Array,
  passwords: readonly string[],
  crypto: Crypto,
  budget: KdfBudget = new KdfBudget(),
): Promise<Pkcs12Outcome> {
  const read = readPfx(bytes);
  if (!read.ok) return { kind: "invalid", reason: read.reason };
  const pfx = read.value;
  if (pfx.authSafe.contentType !== id_data) {
    return {
      kind: "locked",
      status: "unsupported",
      reason: `PKCS#12 in public-key integrity mode (${pfx.authSafe.contentType}), which is not read here`,
    };
  }
  let safes: AuthenticatedSafe;
  try {
    const content = AsnConvert.parse(pfx.authSafe.content, OctetString).buffer;
    safes = AsnConvert.parse(content, AuthenticatedSafe);
  } catch (error) {
    return { kind: "invalid", reason: `unreadable PKCS#12 contents: ${errorMessage(error)}` };
  }
  let unsupported: string | undefined;
  for (const password of new Set(["", ...passwords])) {
    let outcome: BagsOutcome;
    try {
      outcome = await openWith(safes, password, crypto, budget);
    } catch (error) {
      return { kind: "invalid", reason: `unreadable PKCS#12 contents: ${errorMessage(error)}` };
    }
    if (outcome.ok) return { kind: "opened", bags: outcome.bags };
    if ("invalid" in outcome) return { kind: "invalid", reason: outcome.reason };
    if (!outcome.wrongPassword) {
      unsupported = outcome.reason;
      break;
    }
  }
  if (unsupported !== undefined) return { kind: "locked", status: "unsupported", reason: unsupported };
  const given = passwords.filter((p) => p !== "").length;
  if (given === 0) {
    return {
      kind: "locked",
      status: "password-needed",
      reason: "password-protected, and no password was given",
    };
  }
  return {
    kind: "locked",
    status: "wrong-password",
    reason: `wrong password: none of the ${given} password${given === 1 ? "" : "s"} given opens it`,
  };
}
