/**
 * Subject alternative names split the way the checks use them: DNS names and IP addresses (which
 * TLS clients match a server URL against) apart from everything else, rendered OpenSSL-style.
 */
import type { GeneralName } from "@peculiar/asn1-x509";
import { renderName } from "./distinguished-name";

export interface SplitNames {
  dnsNames: string[];
  ipAddresses: string[];
  otherSans: string[];
}

/**
 * asn1-x509 renders IPv6 compressed (`::1`). An IPv4-mapped IPv6 address is shown dotted, as Go
 * does, so `https://10.0.0.1` compares equal to a SAN written either way.
 */
function renderIp(ip: string): string {
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
  if (!mapped?.[1] || !mapped[2]) return ip;
  const high = parseInt(mapped[1], 16);
  const low = parseInt(mapped[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** Sort SAN entries into DNS, IP and the rest, keeping their order within each group. */
export function splitGeneralNames(names: readonly GeneralName[]): SplitNames {
  const out: SplitNames = { dnsNames: [], ipAddresses: [], otherSans: [] };
  for (const name of names) {
    if (name.dNSName !== undefined) out.dnsNames.push(name.dNSName);
    else if (name.iPAddress !== undefined) out.ipAddresses.push(renderIp(name.iPAddress));
    else if (name.rfc822Name !== undefined) out.otherSans.push(`email:${name.rfc822Name}`);
    else if (name.uniformResourceIdentifier !== undefined)
      out.otherSans.push(`URI:${name.uniformResourceIdentifier}`);
    else if (name.directoryName) out.otherSans.push(`DirName:${renderName(name.directoryName)}`);
    else if (name.registeredID !== undefined) out.otherSans.push(`RID:${name.registeredID}`);
    else if (name.otherName) out.otherSans.push(`othername:${name.otherName.typeId}`);
    else if (name.x400Address) out.otherSans.push("X400Name");
    else if (name.ediPartyName) out.otherSans.push("EdiPartyName");
  }
  return out;
}
