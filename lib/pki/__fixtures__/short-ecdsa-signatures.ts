/**
 * ECDSA P-256 certificates whose signatures have the less common DER lengths of r and s, for the
 * verifier's conversion of an X.509 ECDSA-Sig-Value (SEQUENCE { r INTEGER, s INTEGER }) to the
 * raw 32-byte r || 32-byte s that WebCrypto verifies. A DER INTEGER is minimal and signed: a value
 * whose first byte is 0 and the next below 0x80 loses that byte (31 bytes, about 1 value in 512;
 * 30 bytes, 1 in 131072); a value whose high bit is set gains a leading 0x00 (33 bytes, 1 in 2).
 * A converter that copies the integers without padding or stripping them breaks on these.
 *
 * How they were made, once, by a script not kept: a P-256 CA (CN=short-ecdsa-ca, self-signed) and
 * one leaf per row made with @peculiar/x509 and WebCrypto; each leaf's TBSCertificate was then
 * signed again with the CA's key (node:crypto `sign("sha256", tbs, { dsaEncoding: "der" })`, a
 * fresh random nonce each time) until the DER lengths of r and s were the row's, and that signature
 * put in the certificate. Each is a genuine signature: `openssl verify -CAfile ca.pem leaf.pem`
 * accepts every leaf, and the test checks each row's lengths against the certificate's own bytes.
 */

/** The issuer of every leaf below. */
export const SHORT_ECDSA_CA = `-----BEGIN CERTIFICATE-----
MIIBYzCCAQmgAwIBAgIBATAKBggqhkjOPQQDAjAZMRcwFQYDVQQDEw5zaG9ydC1l
Y2RzYS1jYTAeFw0yNjAxMDEwMDAwMDBaFw0zNjAxMDEwMDAwMDBaMBkxFzAVBgNV
BAMTDnNob3J0LWVjZHNhLWNhMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE4+aI
jafk4NnzTliaeiUyb3FYYXPqe3SHAM4P63x8Mj5nx9nijMwLihWz2iVI+L8AEMp0
WOLsrXNUK5lCEgz1faNCMEAwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMC
AQYwHQYDVR0OBBYEFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqGSM49BAMCA0gA
MEUCIA0mK8zHKL07WZyTON44FNTvuyaAwQ0nr0gYXXvvihByAiEA8MQeYW/hvNOy
SZ/LmjhWLuDoXcsEmN+1nWoSMRphGNU=
-----END CERTIFICATE-----
`;

export interface ShortEcdsaLeaf {
  /** Its subject's CN, named after the lengths. */
  name: string;
  /** Byte length of r's DER INTEGER content (32 is the curve's size). */
  r: number;
  /** Byte length of s's DER INTEGER content. */
  s: number;
  /** Byte length of the whole DER signature (70 when both are 32). */
  signature: number;
  pem: string;
}

/** Leaves signed by SHORT_ECDSA_CA, one per pair of DER lengths of r and s. */
export const SHORT_ECDSA_LEAVES: ShortEcdsaLeaf[] = [
  {
    // r 31 bytes, s 32 bytes, signature 69 bytes: r's first byte was 0, so DER drops it; the
    // commonest short signature.
    name: "r31-s32",
    r: 31,
    s: 32,
    signature: 69,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOjCB46ADAgECAgECMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMxLXMzMjBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABO4S4IMyVyAxxbxm
7qHbVohPm+kl/SG25UAXLivNucboG8N1c1L/tm7YuSsWtMYY/ljycB4SetpHmd/s
6Sv5HV2jIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0YAMEMCH0sy+K++JQFYI9YgWG5tjv/CMGUs5hxgfIZkKB+tsAsCIDq5
8GvRBbiz0ZdDtOPrI64/Wsqmb/xXfKGYLjyvVaQm
-----END CERTIFICATE-----
`,
  },
  {
    // r 32 bytes, s 31 bytes, signature 69 bytes: the same on s.
    name: "r32-s31",
    r: 32,
    s: 31,
    signature: 69,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOjCB46ADAgECAgEDMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMyLXMzMTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLyzLJogLTfi/rxK
QogJI2npGXeBPuJ72JuyoG6dxDA9/n09DtxB0F9E7HLv0Ha8+WxZNetd4C07q03X
9niMxv2jIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0YAMEMCIE1/SLDluLkz+kRMXghU3PU6U5EjBqKxkV8WTQuj7K5EAh8N
uQJfTrj3edYt0B0IpCAkoxMRczF6/SeubagFJvpa
-----END CERTIFICATE-----
`,
  },
  {
    // r 31 bytes, s 33 bytes, signature 70 bytes: r short while s carries a 0x00 pad: the signature
    // is 70 bytes like an ordinary one, so its length alone does not tell.
    name: "r31-s33",
    r: 31,
    s: 33,
    signature: 70,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOzCB46ADAgECAgEEMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMxLXMzMzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLD/xg1m7TbjiNDr
Fi0xzSDUB93iYeoJMTyTUEWDY9sVK7LoGjNgL7NKn1dYCYm49A9AzCn+4PdrxnmI
EP4zldCjIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0cAMEQCH3fdl1UPEJcmysp1MrWRWioEIFktN+mCzNpv6uBDzoECIQCe
gE+ZLBLQgGJDhvsW4RdOHbfPwc3B5daye6NipyuIwA==
-----END CERTIFICATE-----
`,
  },
  {
    // r 33 bytes, s 31 bytes, signature 70 bytes: the same, the other way round.
    name: "r33-s31",
    r: 33,
    s: 31,
    signature: 70,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOzCB46ADAgECAgEFMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMzLXMzMTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABPW7vzUw980VkK0E
96LvRjyL1Lj7cUFTaMuh8nABQtUz2bvihTwZdpGYCGrmHcDvFmzG2+vuSR/KJQBy
fA5AP4ajIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0cAMEQCIQCah8HE/LWm9wzrp2ynn+xr1TvtVm+IKt+owzaHGmKsQQIf
JF8tDpGzK4Zgz0Fu7gEzJ5mAZqj6U0pQuzTtHutgUA==
-----END CERTIFICATE-----
`,
  },
  {
    // r 31 bytes, s 31 bytes, signature 68 bytes: both short.
    name: "r31-s31",
    r: 31,
    s: 31,
    signature: 68,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOTCB46ADAgECAgEGMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMxLXMzMTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABFgOQrRVmS782nWv
7Z4z31VTC80AhtwIAZoXtj1gapBrjg87vRxl1d+w6IFksluCVb1wTl4pzw9d/MtS
uciUOfSjIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0UAMEICH1niwhxih3+KS1ylbGo535bDhA15bR5fkvh8PxDyjzICHzL0
/khf6Uog+/hxuRCEhlkDr2t9gzwEH/WOFMZteoo=
-----END CERTIFICATE-----
`,
  },
  {
    // r 30 bytes, s 32 bytes, signature 68 bytes: r's first two bytes were 0, two bytes to put
    // back.
    name: "r30-s32",
    r: 30,
    s: 32,
    signature: 68,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOTCB46ADAgECAgEHMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMwLXMzMjBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLMNitXsdUAEjO7f
bRHjhTboCvGQmH+6nj5vTo2XbzRX3JVK4i2GUUxIuwdvujB6PNg4yaAfEF284L/R
ZyKIpomjIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0UAMEICHh4AfKPBRCMgG6SolN8F1m2NKXyS+ndaDNd7GFvtYwIgLMxE
YPe3UZnJF2xvxFrjz+6blr+CO+Y1Fw9ugAL1J5I=
-----END CERTIFICATE-----
`,
  },
  {
    // r 32 bytes, s 30 bytes, signature 68 bytes: the same on s.
    name: "r32-s30",
    r: 32,
    s: 30,
    signature: 68,
    pem: `-----BEGIN CERTIFICATE-----
MIIBOTCB46ADAgECAgEIMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMyLXMzMDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABHr5Sx1xb8kSou9o
9LAYnJnd3DkV8Bjccq4nqo2lUCDXLiISQHUkGcy66tN8NsfUBOpkRuWhKdiK+Xlc
ZiiPmmCjIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0UAMEICICxpdN60GxklAIs5prwmpKp0/6uzgRI8aUKvJau8zL+eAh4l
cRYL08F90VkSZJ32RXMl8f5EpmA8FKV+ORmeLqM=
-----END CERTIFICATE-----
`,
  },
  {
    // r 33 bytes, s 33 bytes, signature 72 bytes: both padded with 0x00 (their high bit is set):
    // the longest form, one byte to drop from each.
    name: "r33-s33",
    r: 33,
    s: 33,
    signature: 72,
    pem: `-----BEGIN CERTIFICATE-----
MIIBPTCB46ADAgECAgEJMAoGCCqGSM49BAMCMBkxFzAVBgNVBAMTDnNob3J0LWVj
ZHNhLWNhMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFowEjEQMA4GA1UE
AxMHcjMzLXMzMzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABGfkNLjxfIqJTOOb
fFdRlj0UVa8KwZg7EfxJo8lNmKkZP6Xb9GqnhqRVfOFf6e3OZcEbVxd61K+4AP89
FBF1t7ejIzAhMB8GA1UdIwQYMBaAFGNTQlf3UnyH45VUA1JngkdshFedMAoGCCqG
SM49BAMCA0kAMEYCIQCeVMGjLX47FUGm2SEDAkCrAG2ukd2rmXen8Efxw720YgIh
API8/nbAj05fCGKxcDLWSvCqY8RMriDRB2RAjkz+mOio
-----END CERTIFICATE-----
`,
  },
];
