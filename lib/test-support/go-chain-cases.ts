/**
 * Chains that exercise each rule Go's crypto/x509 applies when a Kubernetes component verifies a
 * peer: path length (self-issued certificates included), unknown critical extensions, name
 * constraints of every name type, parse failures (duplicate extensions, malformed SAN and AIA,
 * unsupported and explicit curves, negative serials), path building past an expired
 * cross-certificate or a same-name impostor, empty key usage and EKU, EKU nesting, validity, the CA
 * bit and key usage of issuers, SHA-1. Each case is built from fresh keys with real signatures; the
 * Go differential test and the engine's own tests share them.
 */
import { integer, oid, seq, tlv } from "./der-writer";
import {
  authorityInfoAccess,
  authorityKeyId,
  basicConstraints,
  craftCertificate,
  craftKey,
  EKU,
  extension,
  extKeyUsage,
  ipBytes,
  keyUsage,
  name,
  nameConstraints,
  subjectAltName,
  subjectKeyId,
  type CraftKey,
  type SanNames,
  type Subtrees,
} from "./craft-certificate";

export interface ChainCase {
  name: string;
  /** The rule the case is about (a GoReason, or "ok"/"parse" for the plain cases). */
  rule: string;
  leaf: Uint8Array;
  intermediates: Uint8Array[];
  roots: Uint8Array[];
  now: Date;
  keyUsages: string[];
}

const NOW = new Date("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const BEFORE = new Date(NOW.getTime() - 30 * DAY);
const AFTER = new Date(NOW.getTime() + 365 * DAY);
const KU_CA = [5, 6];
const KU_LEAF = [0, 2];

interface CaOptions {
  cn: string;
  key: CraftKey;
  issuer?: { cn: string; key: CraftKey };
  pathLen?: number;
  isCA?: boolean;
  ku?: number[] | null;
  eku?: string[];
  constraints?: { permitted: Subtrees; excluded: Subtrees };
  extra?: Uint8Array[];
  notBefore?: Date;
  notAfter?: Date;
  hash?: "SHA-1" | "SHA-256";
  keyIds?: boolean;
  serial?: bigint;
}

interface LeafOptions {
  cn?: string;
  key: CraftKey;
  issuer: { cn: string; key: CraftKey };
  san?: SanNames | null;
  eku?: string[] | null;
  extra?: Uint8Array[];
  notBefore?: Date;
  notAfter?: Date;
  hash?: "SHA-1" | "SHA-256";
  spki?: Uint8Array;
  serial?: bigint;
  /** Extensions written instead of the usual ones (for duplicates and malformed values). */
  replace?: Uint8Array[];
}

/** Builds a case's certificates from a small vocabulary; each holder keeps its keys. */
class Builder {
  constructor(private readonly crypto: Crypto) {}

  key(algorithm: "ECDSA" | "RSA" = "ECDSA", bits?: number): Promise<CraftKey> {
    return craftKey(algorithm, this.crypto, bits);
  }

  ca(o: CaOptions): Promise<Uint8Array> {
    const issuer = o.issuer ?? { cn: o.cn, key: o.key };
    const keyIds = o.keyIds ?? true;
    return craftCertificate(
      {
        subject: name(o.cn),
        issuer: name(issuer.cn),
        ...(o.serial !== undefined ? { serial: o.serial } : {}),
        notBefore: o.notBefore ?? BEFORE,
        notAfter: o.notAfter ?? AFTER,
        spki: o.key.spki,
        signer: issuer.key,
        ...(o.hash ? { hash: o.hash } : {}),
        extensions: [
          ...(o.ku === null ? [] : [keyUsage(o.ku ?? KU_CA)]),
          ...(o.eku ? [extKeyUsage(o.eku)] : []),
          basicConstraints(o.isCA ?? true, o.pathLen),
          ...(keyIds ? [subjectKeyId(o.key.keyId)] : []),
          ...(keyIds && o.issuer ? [authorityKeyId(issuer.key.keyId)] : []),
          ...(o.constraints ? [nameConstraints(o.constraints.permitted, o.constraints.excluded)] : []),
          ...(o.extra ?? []),
        ],
      },
      this.crypto,
    );
  }

  leaf(o: LeafOptions): Promise<Uint8Array> {
    const san = o.san === undefined ? { dns: ["kube-apiserver.example"], ip: [ipBytes("10.96.0.1")] } : o.san;
    return craftCertificate(
      {
        subject: name(o.cn ?? "kube-apiserver"),
        issuer: name(o.issuer.cn),
        ...(o.serial !== undefined ? { serial: o.serial } : {}),
        notBefore: o.notBefore ?? BEFORE,
        notAfter: o.notAfter ?? AFTER,
        spki: o.spki ?? o.key.spki,
        signer: o.issuer.key,
        ...(o.hash ? { hash: o.hash } : {}),
        extensions: o.replace ?? [
          keyUsage(KU_LEAF),
          ...(o.eku === null ? [] : [extKeyUsage(o.eku ?? [EKU.serverAuth])]),
          basicConstraints(false),
          authorityKeyId(o.issuer.key.keyId),
          ...(san ? [subjectAltName(san)] : []),
          ...(o.extra ?? []),
        ],
      },
      this.crypto,
    );
  }
}

function chainCase(
  name: string,
  rule: string,
  leaf: Uint8Array,
  intermediates: Uint8Array[],
  roots: Uint8Array[],
  keyUsages: string[] = ["serverAuth"],
  now: Date = NOW,
): ChainCase {
  return { name, rule, leaf, intermediates, roots, now, keyUsages };
}

/** P-192 (secp192r1) SubjectPublicKeyInfo with a point Go never reads (it refuses the curve first). */
function p192Spki(): Uint8Array {
  const point = new Uint8Array(49);
  point[0] = 4;
  point.fill(7, 1);
  return seq(
    seq(oid("1.2.840.10045.2.1"), oid("1.2.840.10045.3.1.1")),
    tlv(0x03, new Uint8Array([0, ...point])),
  );
}

/** A P-256 key written with explicit curve parameters instead of the named curve. */
function explicitCurveSpki(key: CraftKey): Uint8Array {
  // The point is the key's own (last 65 bytes of its SPKI); the parameters are P-256's, spelt out.
  const point = key.spki.subarray(key.spki.length - 65);
  const field = seq(
    oid("1.2.840.10045.1.1"),
    integer(0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn),
  );
  const hexBytes = (hex: string) => new Uint8Array(hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? []);
  const curve = seq(
    tlv(0x04, hexBytes("ffffffff00000001000000000000000000000000fffffffffffffffffffffffc")),
    tlv(0x04, hexBytes("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")),
  );
  const base = tlv(
    0x04,
    hexBytes(
      "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
    ),
  );
  const order = integer(0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n);
  const params = seq(integer(1n), field, curve, base, order, integer(1n));
  return seq(seq(oid("1.2.840.10045.2.1"), params), tlv(0x03, new Uint8Array([0, ...point])));
}

const ip = ipBytes;
const cidr = (address: string, mask: string) => new Uint8Array([...ip(address), ...ip(mask)]);

/**
 * Every case, from fresh keys. Several hundred with the variations: each rule in its edge cases,
 * and the combinations of depth, path length and where a constraint sits.
 */
export async function goChainCases(crypto: Crypto): Promise<ChainCase[]> {
  const b = new Builder(crypto);
  const cases: ChainCase[] = [];
  const add = (c: ChainCase) => cases.push(c);
  const rootKey = await b.key();
  const rootCn = "kubernetes";
  const root = await b.ca({ cn: rootCn, key: rootKey });
  const rootRef = { cn: rootCn, key: rootKey };
  const leafKey = await b.key();

  // --- plain chains, depth 0–3, with every pathLen on the root and on the intermediates
  for (let depth = 0; depth <= 3; depth++) {
    for (const rootPathLen of [undefined, 0, 1, 2]) {
      for (const midPathLen of [undefined, 0, 1]) {
        if (depth === 0 && midPathLen !== undefined) continue;
        const key = await b.key();
        const top = await b.ca({
          cn: "root-pl",
          key,
          ...(rootPathLen !== undefined ? { pathLen: rootPathLen } : {}),
        });
        let issuer = { cn: "root-pl", key };
        const intermediates: Uint8Array[] = [];
        for (let i = 0; i < depth; i++) {
          const midKey = await b.key();
          const cn = `intermediate-${i}`;
          intermediates.unshift(
            await b.ca({
              cn,
              key: midKey,
              issuer,
              ...(midPathLen !== undefined ? { pathLen: midPathLen } : {}),
            }),
          );
          issuer = { cn, key: midKey };
        }
        const leaf = await b.leaf({ key: leafKey, issuer });
        add(
          chainCase(
            `depth ${depth}, root pathLen ${rootPathLen ?? "-"}, intermediates pathLen ${midPathLen ?? "-"}`,
            "path-length",
            leaf,
            intermediates,
            [top],
          ),
        );
      }
    }
  }

  // --- a self-issued intermediate (key rollover) under a pathlen:0 root: Go counts it
  {
    const key = await b.key();
    const top = await b.ca({ cn: "rollover", key, pathLen: 0 });
    const newKey = await b.key();
    const selfIssued = await b.ca({ cn: "rollover", key: newKey, issuer: { cn: "rollover", key } });
    const leaf = await b.leaf({ key: leafKey, issuer: { cn: "rollover", key: newKey } });
    add(chainCase("self-issued intermediate under pathlen:0", "path-length", leaf, [selfIssued], [top]));
    const top1 = await b.ca({ cn: "rollover1", key, pathLen: 1 });
    const selfIssued1 = await b.ca({ cn: "rollover1", key: newKey, issuer: { cn: "rollover1", key } });
    const leaf1 = await b.leaf({ key: leafKey, issuer: { cn: "rollover1", key: newKey } });
    add(chainCase("self-issued intermediate under pathlen:1", "path-length", leaf1, [selfIssued1], [top1]));
    const negative = await b.ca({ cn: "negative-pathlen", key, pathLen: -1 });
    const mid = await b.ca({ cn: "np-mid", key: newKey, issuer: { cn: "negative-pathlen", key } });
    const leaf2 = await b.leaf({ key: leafKey, issuer: { cn: "np-mid", key: newKey } });
    add(chainCase("negative pathLen (no limit in Go)", "path-length", leaf2, [mid], [negative]));
  }

  // --- unknown critical extensions on the leaf, the intermediate, the root; non-critical too
  for (const where of ["leaf", "intermediate", "root"] as const) {
    for (const critical of [true, false]) {
      const extra = [extension("1.3.6.1.4.1.55555.1", tlv(0x05), critical)];
      const key = await b.key();
      const midKey = await b.key();
      const top = await b.ca({ cn: `crit-root-${where}`, key, ...(where === "root" ? { extra } : {}) });
      const mid = await b.ca({
        cn: `crit-mid-${where}`,
        key: midKey,
        issuer: { cn: `crit-root-${where}`, key },
        ...(where === "intermediate" ? { extra } : {}),
      });
      const leaf = await b.leaf({
        key: leafKey,
        issuer: { cn: `crit-mid-${where}`, key: midKey },
        ...(where === "leaf" ? { extra } : {}),
      });
      add(
        chainCase(
          `${critical ? "critical" : "non-critical"} unknown extension on the ${where}`,
          "unhandled-critical-extension",
          leaf,
          [mid],
          [top],
        ),
      );
    }
  }
  // Known extensions Go does not handle, critical: policy constraints, a SAN that names nothing Go reads.
  {
    const extra = [extension("2.5.29.36", seq(tlv(0x80, new Uint8Array([0]))), true)];
    const leaf = await b.leaf({ key: leafKey, issuer: rootRef, extra });
    add(
      chainCase("critical policy constraints on the leaf", "unhandled-critical-extension", leaf, [], [root]),
    );
    const dirName = tlv(0xa4, name("dir"));
    const onlyDir = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      san: null,
      extra: [extension("2.5.29.17", seq(dirName), true)],
    });
    add(
      chainCase(
        "critical SAN with only a directoryName",
        "unhandled-critical-extension",
        onlyDir,
        [],
        [root],
      ),
    );
  }

  // --- name constraints: each name type, permitted and excluded, on the intermediate or the root
  const constraintSets: { label: string; permitted: Subtrees; excluded: Subtrees }[] = [
    { label: "permitted DNS example", permitted: { dns: ["example"] }, excluded: {} },
    { label: "permitted DNS .example (subdomains only)", permitted: { dns: [".example"] }, excluded: {} },
    { label: "permitted DNS other.test", permitted: { dns: ["other.test"] }, excluded: {} },
    {
      label: "excluded DNS kube-apiserver.example",
      permitted: {},
      excluded: { dns: ["kube-apiserver.example"] },
    },
    { label: "excluded DNS example", permitted: {}, excluded: { dns: ["example"] } },
    { label: "excluded DNS EXAMPLE (case)", permitted: {}, excluded: { dns: ["EXAMPLE"] } },
    { label: "permitted IPv4 10.0.0.0/8", permitted: { ip: [cidr("10.0.0.0", "255.0.0.0")] }, excluded: {} },
    {
      label: "permitted IPv4 192.168.0.0/16",
      permitted: { ip: [cidr("192.168.0.0", "255.255.0.0")] },
      excluded: {},
    },
    {
      label: "excluded IPv4 10.96.0.0/12",
      permitted: {},
      excluded: { ip: [cidr("10.96.0.0", "255.240.0.0")] },
    },
    { label: "excluded IPv6 fd00::/8", permitted: {}, excluded: { ip: [cidr("fd00::", "ff00::")] } },
    { label: "permitted IPv6 fd00::/8 only", permitted: { ip: [cidr("fd00::", "ff00::")] }, excluded: {} },
    { label: "permitted email example", permitted: { email: ["example"] }, excluded: {} },
    { label: "excluded email admin@example", permitted: {}, excluded: { email: ["admin@example"] } },
    { label: "permitted URI .cluster.local", permitted: { uri: [".cluster.local"] }, excluded: {} },
    { label: "excluded URI cluster.local", permitted: {}, excluded: { uri: ["cluster.local"] } },
    {
      label: "permitted DNS and IP both",
      permitted: { dns: ["example"], ip: [cidr("10.0.0.0", "255.0.0.0")] },
      excluded: {},
    },
  ];
  const sanSets: { label: string; san: SanNames | null }[] = [
    { label: "DNS+IPv4", san: { dns: ["kube-apiserver.example"], ip: [ip("10.96.0.1")] } },
    { label: "DNS only", san: { dns: ["kube-apiserver.example"] } },
    { label: "IPv6", san: { ip: [ip("fd00::1")] } },
    { label: "email", san: { email: ["admin@example"] } },
    { label: "URI", san: { uri: ["spiffe://cluster.local/ns/default/sa/x"] } },
    { label: "no SAN", san: null },
  ];
  for (const where of ["intermediate", "root"] as const) {
    for (const set of constraintSets) {
      const key = await b.key();
      const midKey = await b.key();
      const constraints = { permitted: set.permitted, excluded: set.excluded };
      const top = await b.ca({ cn: "nc-root", key, ...(where === "root" ? { constraints } : {}) });
      const mid = await b.ca({
        cn: "nc-mid",
        key: midKey,
        issuer: { cn: "nc-root", key },
        ...(where === "intermediate" ? { constraints } : {}),
      });
      for (const sanSet of sanSets) {
        const leaf = await b.leaf({ key: leafKey, issuer: { cn: "nc-mid", key: midKey }, san: sanSet.san });
        add(
          chainCase(
            `${set.label} on the ${where}, leaf ${sanSet.label}`,
            "name-constraints",
            leaf,
            [mid],
            [top],
          ),
        );
      }
    }
  }

  // --- parse failures Go refuses on the leaf, an intermediate or a root
  {
    const ku = keyUsage(KU_LEAF);
    const duplicate = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      replace: [ku, ku, basicConstraints(false)],
    });
    add(chainCase("duplicate key usage extension on the leaf", "parse", duplicate, [], [root]));
    const badAia = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      extra: [extension("1.3.6.1.5.5.7.1.1", seq(seq(tlv(0x04, new Uint8Array([1])))))],
    });
    add(chainCase("malformed AIA on the leaf", "parse", badAia, [], [root]));
    const goodAia = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      extra: [authorityInfoAccess("http://ca.example/ca.crt")],
    });
    add(chainCase("well-formed AIA on the leaf", "ok", goodAia, [], [root]));
    const badSan = await b.leaf({ key: leafKey, issuer: rootRef, san: { dns: ["kube-apiserver.exämple"] } });
    add(chainCase("non-ASCII dNSName", "parse", badSan, [], [root]));
    const badIp = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      san: { ip: [new Uint8Array([10, 0, 0, 1, 0])] },
    });
    add(chainCase("IP SAN of five bytes", "parse", badIp, [], [root]));
    const badUri = await b.leaf({ key: leafKey, issuer: rootRef, san: { uri: ["https://host:port/"] } });
    add(chainCase("URI SAN with a bad port", "parse", badUri, [], [root]));
    const p192 = await b.leaf({ key: leafKey, issuer: rootRef, spki: p192Spki() });
    add(chainCase("P-192 leaf key", "parse", p192, [], [root]));
    const explicit = await b.leaf({ key: leafKey, issuer: rootRef, spki: explicitCurveSpki(leafKey) });
    add(chainCase("explicit-curve leaf key", "parse", explicit, [], [root]));
    const negative = await b.leaf({ key: leafKey, issuer: rootRef, serial: -5n });
    add(chainCase("negative serial on the leaf", "parse", negative, [], [root]));
    const midKey = await b.key();
    const dupMid = await b.ca({
      cn: "dup-mid",
      key: midKey,
      issuer: rootRef,
      extra: [basicConstraints(true)],
    });
    const dupLeaf = await b.leaf({ key: leafKey, issuer: { cn: "dup-mid", key: midKey } });
    add(chainCase("duplicate basicConstraints on the intermediate", "parse", dupLeaf, [dupMid], [root]));
    const badRoot = await b.ca({ cn: "dup-root", key: midKey, extra: [basicConstraints(true)] });
    const underBad = await b.leaf({ key: leafKey, issuer: { cn: "dup-root", key: midKey } });
    add(chainCase("the only root cannot be parsed", "parse", underBad, [], [badRoot]));
    add(
      chainCase(
        "an unparsable root beside the good one",
        "ok",
        await b.leaf({ key: leafKey, issuer: rootRef }),
        [],
        [badRoot, root],
      ),
    );
    const akidCritical = await b.leaf({
      key: leafKey,
      issuer: rootRef,
      replace: [ku, extension("2.5.29.35", seq(tlv(0x80, rootKey.keyId)), true)],
    });
    add(chainCase("critical authority key identifier", "parse", akidCritical, [], [root]));
    const emptyNc = await b.ca({
      cn: "empty-nc",
      key: midKey,
      issuer: rootRef,
      extra: [extension("2.5.29.30", seq(), true)],
    });
    add(
      chainCase(
        "empty name constraints",
        "parse",
        await b.leaf({ key: leafKey, issuer: { cn: "empty-nc", key: midKey } }),
        [emptyNc],
        [root],
      ),
    );
  }

  // --- path building: an expired cross-certificate presented beside the valid path, same-name impostors
  {
    const midKey = await b.key();
    const oldRootKey = await b.key();
    const good = await b.ca({ cn: "front", key: midKey, issuer: rootRef });
    const expiredCross = await b.ca({
      cn: "front",
      key: midKey,
      issuer: { cn: "old-root", key: oldRootKey },
      notBefore: new Date(NOW.getTime() - 800 * DAY),
      notAfter: new Date(NOW.getTime() - 10 * DAY),
    });
    const oldRoot = await b.ca({ cn: "old-root", key: oldRootKey });
    const leaf = await b.leaf({ key: leafKey, issuer: { cn: "front", key: midKey } });
    add(
      chainCase(
        "expired cross-certificate presented first",
        "ok",
        leaf,
        [expiredCross, good],
        [root, oldRoot],
      ),
    );
    add(
      chainCase(
        "expired cross-certificate, its root only trusted",
        "expired",
        leaf,
        [expiredCross, good],
        [oldRoot],
      ),
    );
    const impostorKey = await b.key();
    const impostor = await b.ca({ cn: "front", key: impostorKey, issuer: rootRef, keyIds: false });
    add(
      chainCase("two intermediates named alike, the wrong one first", "ok", leaf, [impostor, good], [root]),
    );
    add(chainCase("only the impostor intermediate", "unknown-authority", leaf, [impostor], [root]));
    const impostorRoot = await b.ca({ cn: rootCn, key: impostorKey });
    add(
      chainCase(
        "a same-name root with another key first",
        "ok",
        await b.leaf({ key: leafKey, issuer: rootRef }),
        [],
        [impostorRoot, root],
      ),
    );
    add(
      chainCase(
        "only a same-name root with another key",
        "unknown-authority",
        await b.leaf({ key: leafKey, issuer: rootRef }),
        [],
        [impostorRoot],
      ),
    );
    add(chainCase("no root at all", "unknown-authority", leaf, [good], []));
  }

  // --- key usage and EKU of issuers and leaves
  {
    const k = await b.key();
    const emptyKu = await b.ca({ cn: "empty-ku", key: k, ku: [] });
    add(
      chainCase(
        "root with an empty key usage",
        "ok",
        await b.leaf({ key: leafKey, issuer: { cn: "empty-ku", key: k } }),
        [],
        [emptyKu],
      ),
    );
    const noKu = await b.ca({ cn: "no-ku", key: k, ku: null });
    add(
      chainCase(
        "root without key usage",
        "ok",
        await b.leaf({ key: leafKey, issuer: { cn: "no-ku", key: k } }),
        [],
        [noKu],
      ),
    );
    const noCertSign = await b.ca({ cn: "no-certsign", key: k, ku: [0, 2] });
    add(
      chainCase(
        "root without keyCertSign",
        "parent-not-ca",
        await b.leaf({ key: leafKey, issuer: { cn: "no-certsign", key: k } }),
        [],
        [noCertSign],
      ),
    );
    const notCa = await b.ca({ cn: "not-ca", key: k, isCA: false });
    add(
      chainCase(
        "root with CA:FALSE",
        "parent-not-ca",
        await b.leaf({ key: leafKey, issuer: { cn: "not-ca", key: k } }),
        [],
        [notCa],
      ),
    );
    const midKey = await b.key();
    const midNotCa = await b.ca({ cn: "mid-not-ca", key: midKey, issuer: rootRef, isCA: false });
    add(
      chainCase(
        "intermediate with CA:FALSE",
        "parent-not-ca",
        await b.leaf({ key: leafKey, issuer: { cn: "mid-not-ca", key: midKey } }),
        [midNotCa],
        [root],
      ),
    );
    const leafRef = rootRef;
    add(
      chainCase(
        "empty EKU extension on the leaf",
        "ok",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: [] }),
        [],
        [root],
      ),
    );
    add(
      chainCase(
        "no EKU on the leaf",
        "ok",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: null }),
        [],
        [root],
      ),
    );
    add(
      chainCase(
        "client EKU where server is asked",
        "incompatible-usage",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: [EKU.clientAuth] }),
        [],
        [root],
      ),
    );
    add(
      chainCase(
        "client EKU, client asked",
        "ok",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: [EKU.clientAuth] }),
        [],
        [root],
        ["clientAuth"],
      ),
    );
    add(
      chainCase(
        "any EKU on the leaf",
        "ok",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: [EKU.any] }),
        [],
        [root],
      ),
    );
    add(
      chainCase(
        "unknown EKU only on the leaf",
        "incompatible-usage",
        await b.leaf({ key: leafKey, issuer: leafRef, eku: ["1.2.3.4"] }),
        [],
        [root],
      ),
    );
    for (const [label, ekus] of [
      ["client only", [EKU.clientAuth]],
      ["server only", [EKU.serverAuth]],
      ["code signing", [EKU.codeSigning]],
      ["any", [EKU.any]],
    ] as const) {
      const mid = await b.ca({ cn: `eku-mid-${label}`, key: midKey, issuer: rootRef, eku: [...ekus] });
      for (const asked of ["serverAuth", "clientAuth"]) {
        const leafEku = asked === "serverAuth" ? EKU.serverAuth : EKU.clientAuth;
        const leaf = await b.leaf({
          key: leafKey,
          issuer: { cn: `eku-mid-${label}`, key: midKey },
          eku: [leafEku],
        });
        add(
          chainCase(
            `intermediate EKU ${label}, leaf and request ${asked}`,
            "incompatible-usage",
            leaf,
            [mid],
            [root],
            [asked],
          ),
        );
      }
    }
  }

  // --- validity of each certificate in the path, SHA-1, a leaf that is itself trusted
  {
    const past = { notBefore: new Date(NOW.getTime() - 400 * DAY), notAfter: new Date(NOW.getTime() - DAY) };
    const future = {
      notBefore: new Date(NOW.getTime() + DAY),
      notAfter: new Date(NOW.getTime() + 400 * DAY),
    };
    const midKey = await b.key();
    const mid = await b.ca({ cn: "v-mid", key: midKey, issuer: rootRef });
    const leafUnder = (o: Partial<LeafOptions> = {}) =>
      b.leaf({ key: leafKey, issuer: { cn: "v-mid", key: midKey }, ...o });
    add(chainCase("expired leaf", "expired", await leafUnder(past), [mid], [root]));
    add(chainCase("leaf not yet valid", "not-yet-valid", await leafUnder(future), [mid], [root]));
    add(
      chainCase(
        "expired intermediate",
        "expired",
        await leafUnder(),
        [await b.ca({ cn: "v-mid", key: midKey, issuer: rootRef, ...past })],
        [root],
      ),
    );
    const k = await b.key();
    add(
      chainCase(
        "expired root",
        "expired",
        await b.leaf({ key: leafKey, issuer: { cn: "v-root", key: k } }),
        [],
        [await b.ca({ cn: "v-root", key: k, ...past })],
      ),
    );
    add(chainCase("leaf is itself trusted", "ok", await leafUnder(), [], [await leafUnder()]));
    const rsaKey = await b.key("RSA");
    const rsaRoot = await b.ca({ cn: "rsa-root", key: rsaKey });
    add(
      chainCase(
        "RSA root, SHA-256",
        "ok",
        await b.leaf({ key: leafKey, issuer: { cn: "rsa-root", key: rsaKey } }),
        [],
        [rsaRoot],
      ),
    );
    add(
      chainCase(
        "RSA root, SHA-1 leaf signature",
        "insecure-algorithm",
        await b.leaf({ key: leafKey, issuer: { cn: "rsa-root", key: rsaKey }, hash: "SHA-1" }),
        [],
        [rsaRoot],
      ),
    );
    add(
      chainCase(
        "ECDSA SHA-1 leaf signature",
        "insecure-algorithm",
        await b.leaf({ key: leafKey, issuer: rootRef, hash: "SHA-1" }),
        [],
        [root],
      ),
    );
    add(
      chainCase(
        "SHA-1 self-signed root, SHA-256 leaf",
        "ok",
        await b.leaf({ key: leafKey, issuer: { cn: "rsa-root", key: rsaKey } }),
        [],
        [await b.ca({ cn: "rsa-root", key: rsaKey, hash: "SHA-1" })],
      ),
    );
  }
  return cases;
}
