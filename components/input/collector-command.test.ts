import { describe, expect, it } from "vitest";
import { parseCliArgs } from "@/cli/parse-args";
import pkg from "@/package.json";
import { collectorCommand, collectorOffer, isLoopbackOrigin, NPX_COLLECT } from "./collector-command";

describe("isLoopbackOrigin", () => {
  it.each([
    { name: "localhost", origin: "http://localhost:3000", want: true },
    { name: "LOCALHOST in capitals", origin: "http://LOCALHOST:3000", want: true },
    { name: "a name under .localhost", origin: "http://pki.localhost:8080", want: true },
    { name: "127.0.0.1", origin: "http://127.0.0.1:3000", want: true },
    { name: "anywhere in 127.0.0.0/8", origin: "http://127.45.6.7", want: true },
    { name: "127.1, the short form", origin: "http://127.1:3000", want: true },
    { name: "0.0.0.0, a server bound to every interface", origin: "http://0.0.0.0:3000", want: true },
    { name: "IPv6 loopback", origin: "http://[::1]:3000", want: true },
    { name: "IPv6 loopback written long", origin: "http://[0:0:0:0:0:0:0:1]:3000", want: true },
    { name: "IPv6 unspecified", origin: "http://[::]:3000", want: true },
    { name: "IPv4-mapped loopback", origin: "http://[::ffff:127.0.0.1]:3000", want: true },
    { name: "a LAN address", origin: "http://192.168.1.20:3000", want: false },
    { name: "a 10/8 address", origin: "http://10.0.0.5", want: false },
    { name: "an address that only starts like loopback", origin: "http://128.0.0.1", want: false },
    { name: "a real host", origin: "https://pki.example.org", want: false },
    { name: "a host named like localhost", origin: "https://localhost.example.org", want: false },
    { name: "a host under 127.0.0.1's name", origin: "https://127.0.0.1.nip.io", want: false },
    { name: "a LAN IPv6 address", origin: "http://[fd00::12]:3000", want: false },
    { name: "no origin yet", origin: "", want: false },
    { name: "not an address", origin: "nonsense", want: false },
  ])("$name", ({ origin, want }) => {
    expect(isLoopbackOrigin(origin)).toBe(want);
  });
});

describe("collectorCommand", () => {
  it.each([
    {
      name: "on the page's own origin",
      origin: "https://pki.example.org",
      want: "curl -fsSLO https://pki.example.org/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
    {
      name: "on a LAN server with a port",
      origin: "http://192.168.1.20:3000",
      want: "curl -fsSLO http://192.168.1.20:3000/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
    {
      name: "before the origin is known: a gap to fill, not a wrong address",
      origin: "",
      want: "curl -fsSLO <this site>/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only",
    },
  ])("$name", ({ origin, want }) => {
    expect(collectorCommand(origin)).toBe(want);
  });
});

describe("collectorOffer", () => {
  it("keeps the one-liner on a site a node can reach, and before the origin is known", () => {
    for (const origin of ["https://pki.example.org", "http://192.168.1.20:3000", ""])
      expect(collectorOffer(origin)).toEqual({ kind: "one-line", command: collectorCommand(origin) });
  });

  it.each(["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000", "http://0.0.0.0:3000"])(
    "on %s offers the package's collect and the copy-the-script steps, never a curl to itself",
    (origin) => {
      const offer = collectorOffer(origin);
      expect(offer).toEqual({
        kind: "loopback",
        npx: "sudo npx --yes k8s-pki-explorer collect --public-keys-only",
        steps: [
          { why: "Copy the downloaded script to the node", command: "scp k8s-pki-collect.sh NODE:" },
          { why: "On the node, run it as root", command: "sudo sh k8s-pki-collect.sh --public-keys-only" },
          { why: "Bring the archive back, then drop it here", command: "scp 'NODE:*-k8s-pki.tgz' ." },
        ],
      });
      expect(JSON.stringify(offer)).not.toContain("curl");
      expect(JSON.stringify(offer)).not.toContain(new URL(origin).host);
    },
  );

  it("names the published package and the CLI's real collect sub-command and option", () => {
    const [sudo, npx, yes, name, ...args] = NPX_COLLECT.split(" ");
    expect([sudo, npx, yes]).toEqual(["sudo", "npx", "--yes"]);
    expect(name).toBe(pkg.name);
    expect(Object.keys(pkg.bin)).toContain(name);
    expect(parseCliArgs(args)).toEqual({ kind: "collect", publicKeysOnly: true, help: false });
  });
});
