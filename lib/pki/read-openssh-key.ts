/**
 * OpenSSH's own private key format (`OPENSSH PRIVATE KEY`, openssh-key-v1). Not a Kubernetes
 * format, but such keys end up in dropped folders; its public key is stored in clear even when the
 * private part is encrypted, so it can still be matched and labelled.
 */
import { ecPublicKeyInfo, edPublicKeyInfo, rsaPublicKeyInfo } from "./public-key-info";
import type { ParsedPrivateKey } from "./read-private-key";
import { fail, ok, type Result } from "../shared/result";

const MAGIC = "openssh-key-v1\0";
const SSH_CURVES: Readonly<Record<string, string>> = {
  nistp256: "1.2.840.10045.3.1.7",
  nistp384: "1.3.132.0.34",
  nistp521: "1.3.132.0.35",
};

class SshReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  uint32(): number {
    const b = this.bytes;
    const p = this.pos;
    if (p + 4 > b.length) throw new RangeError("OpenSSH key cut short");
    this.pos += 4;
    return (((b[p] ?? 0) << 24) | ((b[p + 1] ?? 0) << 16) | ((b[p + 2] ?? 0) << 8) | (b[p + 3] ?? 0)) >>> 0;
  }

  string(): Uint8Array {
    const length = this.uint32();
    if (this.pos + length > this.bytes.length) throw new RangeError("OpenSSH key cut short");
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  text(): string {
    return new TextDecoder().decode(this.string());
  }
}

/** Read the cipher and the clear-text public key of an openssh-key-v1 private key. */
export function readOpensshPrivateKey(data: Uint8Array): Result<ParsedPrivateKey> {
  if (new TextDecoder().decode(data.subarray(0, MAGIC.length)) !== MAGIC)
    return fail("not an openssh-key-v1 private key");
  try {
    const reader = new SshReader(data.subarray(MAGIC.length));
    const cipher = reader.text();
    reader.string(); // kdf name
    reader.string(); // kdf options
    if (reader.uint32() < 1) return fail("OpenSSH key file without keys");
    const blob = new SshReader(reader.string());
    const type = blob.text();
    const base: ParsedPrivateKey = { format: "openssh", encrypted: cipher !== "none" };
    if (type === "ssh-ed25519") return ok({ ...base, publicKey: edPublicKeyInfo("Ed25519", blob.string()) });
    if (type === "ssh-rsa") {
      const exponent = blob.string();
      return ok({ ...base, publicKey: rsaPublicKeyInfo(blob.string(), exponent) });
    }
    const curve = SSH_CURVES[type.replace(/^ecdsa-sha2-/, "")];
    if (curve) {
      blob.string(); // curve name again
      return ok({ ...base, publicKey: ecPublicKeyInfo(curve, blob.string()) });
    }
    return ok({ ...base, note: `unsupported OpenSSH key type ${type}` });
  } catch (error) {
    if (error instanceof RangeError) return fail(error.message);
    throw error;
  }
}
