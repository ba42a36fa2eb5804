/**
 * The kubernetes Service gets the first address of the service range; the apiserver certificate must
 * carry it (kubeadm adds it as an IP SAN, k8s-pki-spec §1.3).
 */

/** First usable IPv4 address of the first range in `10.96.0.0/12[,fd00::/108]`; undefined for IPv6 or garbage. */
export function firstServiceIp(cidrs: string): string | undefined {
  const first = cidrs.split(",")[0]?.trim() ?? "";
  const match = first.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/);
  if (!match) return undefined;
  const octets = match.slice(1, 5).map(Number);
  const bits = Number(match[5]);
  if (octets.some((o) => o > 255) || bits > 30) return undefined;
  const address = octets.reduce((acc, o) => acc * 256 + o, 0);
  const network = Math.floor(address / 2 ** (32 - bits)) * 2 ** (32 - bits);
  const ip = network + 1;
  return [24, 16, 8, 0].map((shift) => Math.floor(ip / 2 ** shift) % 256).join(".");
}
