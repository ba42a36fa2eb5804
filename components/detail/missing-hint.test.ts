import { describe, expect, it } from "vitest";
import { missingHint } from "./missing-hint";

describe("missingHint", () => {
  it.each([
    {
      name: "a flag naming an absolute path",
      input: "kube-apiserver --proxy-client-cert-file: /etc/kubernetes/pki/front-proxy-client.crt",
      want: "Drop /etc/kubernetes/pki/front-proxy-client.crt too — or the whole /etc/kubernetes/pki folder — to check this side.",
    },
    {
      name: "a path in parentheses",
      input: "kubelet serving certificate (/var/lib/kubelet/pki/kubelet.crt)",
      want: "Drop /var/lib/kubelet/pki/kubelet.crt too — or the whole /var/lib/kubelet/pki folder — to check this side.",
    },
    {
      name: "a path after an equals sign, trailing period dropped",
      input: "--client-ca-file=/etc/kubernetes/pki/ca.crt.",
      want: "Drop /etc/kubernetes/pki/ca.crt too — or the whole /etc/kubernetes/pki folder — to check this side.",
    },
    {
      name: "no path",
      input: "kubelet config.yaml (authentication.x509.clientCAFile)",
      want: "If this exists on the node, drop /etc/kubernetes and /var/lib/kubelet together to check it.",
    },
    {
      name: "a relative path is not an absolute one",
      input: "a kube-proxy kubeconfig or certificate (pki/kube-proxy.crt)",
      want: "If this exists on the node, drop /etc/kubernetes and /var/lib/kubelet together to check it.",
    },
    {
      name: "a normal absence",
      input: "bootstrap-kubelet.conf (normal after a kubelet has joined: kubeadm removes it)",
      want: undefined,
    },
    {
      name: "a token that is not a file",
      input:
        "a kube-proxy kubeconfig or certificate (kubeadm's kube-proxy uses a service-account token, which is not a file on the node)",
      want: undefined,
    },
    {
      name: "an exec plugin",
      input:
        "home/admin/.kube/config authenticates with an exec plugin's token, which cannot be verified from files",
      want: undefined,
    },
  ])("$name", ({ input, want }) => {
    expect(missingHint(input)).toBe(want);
  });
});
