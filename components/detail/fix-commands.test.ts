import { describe, expect, it } from "vitest";
import { fixCommands } from "./fix-commands";

describe("fixCommands", () => {
  it.each([
    {
      name: "a command at the start of the prose",
      fix: "`kubeadm certs renew apiserver`, then restart the components that use it.",
      want: ["kubeadm certs renew apiserver"],
    },
    {
      name: "two commands, a repeat counted once",
      fix: "`kubeadm certs renew admin.conf` (or `kubeadm certs renew all`), then `kubeadm certs renew all` again.",
      want: ["kubeadm certs renew admin.conf", "kubeadm certs renew all"],
    },
    {
      name: "settings and flags are not commands",
      fix: "Set `serverTLSBootstrap: true` and `--requestheader-allowed-names=front-proxy-client`, and `basicConstraints=critical,CA:TRUE`.",
      want: [],
    },
    {
      name: "an elided sketch is not a command",
      fix: "`openssl rsa -in sa.key -pubout -out sa.pub` (for EC keys `openssl ec … -pubout`)",
      want: ["openssl rsa -in sa.key -pubout -out sa.pub"],
    },
    {
      name: "a program named alone is a mention, except one that takes no arguments",
      fix: "Check with `openssl` and `timedatectl`.",
      want: ["timedatectl"],
    },
    {
      name: "templates and bare subcommands are not commands",
      fix: "`kubeadm certs renew <name>` or `kubeadm certs renew` for that kubeconfig; `kubectl get csr`.",
      want: ["kubectl get csr"],
    },
    { name: "prose without code", fix: "Add NodeRestriction to --enable-admission-plugins.", want: [] },
  ])("$name", ({ fix, want }) => {
    expect(fixCommands(fix)).toEqual(want);
  });
});
