/**
 * The public half of a private key that does not carry it (EC keys written without their point,
 * Ed25519/Ed448), computed by WebCrypto: import the PKCS#8 bytes as extractable, export as JWK and
 * read the public coordinates. The only place private key material meets a crypto provider.
 */
import { decodeBase64 } from "../shared/base64";
import { concatBytes } from "../shared/bytes";
import { CURVES } from "./oid-names";
import { ecPublicKeyInfo, edPublicKeyInfo } from "./public-key-info";
import type { DeriveRequest } from "./read-private-key";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import type { PublicKeyInfo } from "../inventory";

function jwkBytes(value: string | undefined, field: string): Result<Uint8Array> {
  if (!value) return fail(`WebCrypto exported no JWK "${field}"`);
  return decodeBase64(value, "url");
}

/**
 * Derive the PublicKeyInfo for a DeriveRequest. Fails with the provider's reason when it does not
 * support the algorithm or curve (e.g. Ed448 or secp256k1 in some browsers).
 */
export async function derivePublicKey(
  request: DeriveRequest,
  crypto: Crypto,
): Promise<Result<PublicKeyInfo>> {
  const curve = request.curveOid ? CURVES[request.curveOid]?.[0] : undefined;
  const algorithm =
    request.algorithm === "ECDSA"
      ? { name: "ECDSA", namedCurve: curve ?? request.curveOid ?? "" }
      : { name: request.algorithm };
  let jwk: JsonWebKey;
  try {
    const key = await crypto.subtle.importKey("pkcs8", Uint8Array.from(request.pkcs8), algorithm, true, [
      "sign",
    ]);
    jwk = await crypto.subtle.exportKey("jwk", key);
  } catch (error) {
    const what =
      request.algorithm === "ECDSA" ? `EC ${curve ?? request.curveOid} key` : `${request.algorithm} key`;
    return fail(`cannot derive the public half of this ${what}: ${errorMessage(error)}`);
  }
  const x = jwkBytes(jwk.x, "x");
  if (!x.ok) return x;
  if (request.algorithm !== "ECDSA") return ok(edPublicKeyInfo(request.algorithm, x.value));
  const y = jwkBytes(jwk.y, "y");
  if (!y.ok) return y;
  return ok(ecPublicKeyInfo(request.curveOid ?? "", concatBytes(Uint8Array.of(4), x.value, y.value)));
}
