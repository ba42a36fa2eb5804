/**
 * The contents of an opened PKCS#12 file — its SafeBags — as PKI items: certificate bags become
 * certificates, key bags and shrouded key bags become private keys (the latter decrypted with the
 * password that opened the file). Bags are numbered in file order, as `openssl pkcs12 -info` lists them.
 */
import {
  CertBag,
  id_certBag,
  id_keyBag,
  id_pkcs8ShroudedKeyBag,
  id_SafeContents,
  id_x509Certificate,
  PKCS8ShroudedKeyBag,
  SafeContents,
} from "@peculiar/asn1-pfx";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { toUint8 } from "../shared/bytes";
import { decryptPbe, type DecryptOutcome, type KdfBudget } from "../pki/decrypt-pbe";
import { readPkcs8PrivateKey } from "../pki/read-private-key";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import type { PkiItem } from "./read-pki-material";
import { pushAll } from "../shared/collections";

/** One bag: its 1-based number, and what it held (or why it could not be read). */
export interface SafeBagItem {
  number: number;
  item: Result<PkiItem> | { ignored: string };
}

/** Reading stopped because a shrouded key would not decrypt: the whole attempt fails with it. */
export type BagsOutcome =
  | { ok: true; bags: SafeBagItem[] }
  | Extract<DecryptOutcome, { ok: false }>
  | { ok: false; wrongPassword: false; invalid: true; reason: string };

/**
 * SafeContents bags nested in one another deeper than this are refused: real files nest none
 * (OpenSSL, Java and Windows write flat lists), and each level is a recursion of the reader.
 */
export const MAX_BAG_NESTING = 8;

const IGNORED_BAGS: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.12.10.1.4": "CRL bag",
  "1.2.840.113549.1.12.10.1.5": "secret bag",
};

function certificateBag(value: ArrayBuffer): Result<PkiItem> {
  try {
    const bag = AsnConvert.parse(value, CertBag);
    if (bag.certId !== id_x509Certificate) return fail(`certificate bag of type ${bag.certId}, not X.509`);
    const der = toUint8(AsnConvert.parse(bag.certValue, OctetString).buffer);
    return ok({ kind: "certificate", der });
  } catch (error) {
    return fail(`unreadable certificate bag: ${errorMessage(error)}`);
  }
}

function keyItem(der: Uint8Array): Result<PkiItem> {
  const key = readPkcs8PrivateKey(der);
  return key.ok ? ok({ kind: "private-key", key: key.value }) : key;
}

/**
 * Read a SafeContents (decrypted or plain) into numbered items, continuing the numbering from
 * `first`. Nested SafeContents bags are flattened in place.
 */
export async function readSafeBags(
  safeContents: Uint8Array,
  password: string,
  crypto: Crypto,
  budget: KdfBudget,
  first = 1,
  { decrypted = true, depth = 0 }: { decrypted?: boolean; depth?: number } = {},
): Promise<BagsOutcome> {
  if (depth > MAX_BAG_NESTING)
    return {
      ok: false,
      wrongPassword: false,
      invalid: true,
      reason: `bags nested more than ${MAX_BAG_NESTING} levels deep (refused)`,
    };
  let bags: SafeContents;
  try {
    bags = AsnConvert.parse(safeContents, SafeContents);
  } catch (error) {
    // Decrypted bytes that are not SafeContents: CBC padding passed by chance under a wrong
    // password. Plain bytes that are not are a damaged file, whatever the password.
    if (!decrypted)
      return {
        ok: false,
        wrongPassword: false,
        invalid: true,
        reason: `unreadable bags: ${errorMessage(error)}`,
      };
    return { ok: false, wrongPassword: true, reason: `wrong password (${errorMessage(error)})` };
  }
  const out: SafeBagItem[] = [];
  for (const bag of bags) {
    const number = first + out.length;
    if (bag.bagId === id_certBag) {
      out.push({ number, item: certificateBag(bag.bagValue) });
    } else if (bag.bagId === id_keyBag) {
      out.push({ number, item: keyItem(toUint8(bag.bagValue)) });
    } else if (bag.bagId === id_pkcs8ShroudedKeyBag) {
      let shrouded: PKCS8ShroudedKeyBag;
      try {
        shrouded = AsnConvert.parse(bag.bagValue, PKCS8ShroudedKeyBag);
      } catch (error) {
        out.push({ number, item: fail(`unreadable shrouded key bag: ${errorMessage(error)}`) });
        continue;
      }
      const data = toUint8(shrouded.encryptedData.buffer);
      const plain = await decryptPbe(shrouded.encryptionAlgorithm, data, password, crypto, budget);
      if (!plain.ok) return plain;
      out.push({ number, item: keyItem(plain.value) });
    } else if (bag.bagId === id_SafeContents) {
      const nested = await readSafeBags(toUint8(bag.bagValue), password, crypto, budget, number, {
        decrypted,
        depth: depth + 1,
      });
      if (!nested.ok) return nested;
      pushAll(out, nested.bags);
    } else {
      out.push({ number, item: { ignored: IGNORED_BAGS[bag.bagId] ?? `bag of type ${bag.bagId}` } });
    }
  }
  return { ok: true, bags: out };
}
