/**
 * Relationship wirings at the kubelets: kubelet → apiserver, apiserver → kubelet (both directions of
 * port 10250), TLS bootstrap, and the service-account key pair (k8s-pki-spec §4.1 rows 8, 10–12, 14).
 */
import type { KubeconfigRecord } from "../inventory";
import { flagList } from "./flags";
import { kubeletApiRule, nodeRule, sharedNodeRule } from "./identity-rules";
import { runtimeCredential, type ControlPlaneInput } from "./wiring-control-plane";
import type { KubeletInstance, RelationshipWiring, ServiceAccountKeys } from "./model";
import { makeWiring } from "./wiring";

/** Wirings for every kubelet instance (or one unknown placeholder when no kubelet was dropped). */
export function kubeletWirings(input: ControlPlaneInput, kubelets: KubeletInstance[]): RelationshipWiring[] {
  const { resolver, apiserver, minor } = input;
  const clientCA = resolver.flagBundle(apiserver, "client-ca-file");
  const kubeletCA = resolver.flagBundle(apiserver, "kubelet-certificate-authority");
  const apiClient = resolver.flagCredential(apiserver, "kubelet-client-certificate", "kubelet-client-key");
  const preferred = flagList(apiserver.flags, "kubelet-preferred-address-types") ?? [
    "Hostname",
    "InternalDNS",
    "InternalIP",
    "ExternalDNS",
    "ExternalIP",
  ];
  const dialsIp = preferred[0] === "InternalIP" || preferred[0] === "ExternalIP";
  const instances: (KubeletInstance | undefined)[] = kubelets.length > 0 ? kubelets : [undefined];
  const wirings: RelationshipWiring[] = [];
  for (const kubelet of instances) {
    const suffix = kubelets.length > 1 && kubelet ? `:${kubelet.node}` : "";
    const node = kubelet?.id ?? "kubelet";
    const noKubelet =
      "kubelet files (/etc/kubernetes/kubelet.conf, /var/lib/kubelet/pki, /var/lib/kubelet/config.yaml)";
    wirings.push(
      makeWiring({
        id: "kubelet-client",
        key: `kubelet-client${suffix}`,
        client: node,
        server: "kube-apiserver",
        summary:
          "The kubelet authenticates to kube-apiserver as system:node:<name>; the apiserver verifies it with --client-ca-file and the Node authorizer scopes it.",
        ...(kubelet?.client ? { clientCredential: kubelet.client } : {}),
        // kubelet.conf's CA, which the kubelet checks kube-apiserver with (judged by apiserver-serving).
        clientVerifiers: [
          kubelet?.kubeconfig ? resolver.kubeconfigBundle(kubelet.kubeconfig).value : undefined,
        ],
        serverVerifiers: [clientCA.value],
        clientEku: ["clientAuth"],
        identity: input.layout === "rke1" ? sharedNodeRule() : nodeRule(kubelet?.node),
        missing: [
          ...(kubelet?.client ? [] : [kubelet ? `${kubelet.node}: kubelet client certificate` : noKubelet]),
          // EKS kubelets authenticate with an exec plugin's token: nothing a file can show.
          ...(kubelet?.client && kubelet.client.kind !== "certificate"
            ? [
                runtimeCredential(
                  kubelet.client.kind,
                  kubelet.kubeconfig?.source.path ?? kubelet.client.source,
                ),
              ]
            : []),
          ...clientCA.missing,
        ],
      }),
    );
    const verifying = kubeletCA.set;
    wirings.push(
      makeWiring({
        id: "kubelet-serving",
        key: `kubelet-serving${suffix}`,
        client: "kube-apiserver",
        server: node,
        summary:
          "kube-apiserver connects to the kubelet (logs, exec, port-forward); it verifies the kubelet's serving certificate only when --kubelet-certificate-authority is set.",
        ...(kubelet?.serving ? { serverCredential: kubelet.serving } : {}),
        clientVerifiers: [kubeletCA.value],
        serverEku: ["serverAuth"],
        ...(verifying ? {} : { unverifiedBy: "client" as const }),
        ...(verifying && dialsIp && kubelet?.serving?.cert
          ? {
              dialedNames: [
                { host: "<node IP>", from: `--kubelet-preferred-address-types=${preferred.join(",")}` },
              ],
            }
          : {}),
        missing: [
          ...(kubelet?.serving ? [] : [kubelet ? `${kubelet.node}: kubelet serving certificate` : noKubelet]),
          ...(verifying ? kubeletCA.missing : []),
        ],
      }),
    );
    wirings.push(
      makeWiring({
        id: "apiserver-kubelet-client",
        key: `apiserver-kubelet-client${suffix}`,
        client: "kube-apiserver",
        server: node,
        summary:
          "kube-apiserver presents its kubelet client certificate; the kubelet verifies it with authentication.x509.clientCAFile and authorises it by webhook.",
        ...(apiClient.value ? { clientCredential: apiClient.value } : {}),
        serverVerifiers: [kubelet?.clientCA],
        clientEku: ["clientAuth"],
        // kubeadm's group conventions; elsewhere the RBAC binding that admits it is not in the files.
        ...(input.kubeadmFamily ? { identity: kubeletApiRule(minor) } : {}),
        subjectCertIds: apiClient.value?.cert ? [apiClient.value.cert.id] : [],
        missing: [
          ...apiClient.missing,
          ...(kubelet?.clientCA
            ? []
            : [
                kubelet?.clientCARef
                  ? `kubelet clientCAFile: ${kubelet.clientCARef.declared}`
                  : "kubelet config.yaml (authentication.x509.clientCAFile)",
              ]),
        ],
      }),
    );
  }
  return wirings;
}

/** TLS bootstrap: a token kubeconfig, CSRs signed by the controller-manager's signing CA. */
export function bootstrapWiring(
  input: ControlPlaneInput,
  bootstrap: KubeconfigRecord | undefined,
  kubelet: KubeletInstance | undefined,
): RelationshipWiring {
  const { resolver } = input;
  const credential = bootstrap ? resolver.kubeconfigCredential(bootstrap) : undefined;
  const bundle = bootstrap ? resolver.kubeconfigBundle(bootstrap).value : undefined;
  return makeWiring({
    id: "kubelet-bootstrap",
    client: kubelet?.id ?? "kubelet",
    server: "kube-apiserver",
    summary:
      "A joining kubelet authenticates with a bootstrap token and requests its client certificate, which kube-controller-manager signs with --cluster-signing-cert-file.",
    ...(credential?.value ? { clientCredential: credential.value } : {}),
    clientVerifiers: [bundle],
    missing: bootstrap
      ? (credential?.missing ?? [])
      : [
          input.kubeadmFamily
            ? "bootstrap-kubelet.conf (normal after a kubelet has joined: kubeadm removes it)"
            : "a bootstrap kubeconfig (normal: this installer gives kubelets their certificates without TLS bootstrap, or removed it after joining)",
        ],
  });
}

/** Service-account tokens: signed with sa.key, verified with sa.pub. */
export function serviceAccountWiring(sa: ServiceAccountKeys): RelationshipWiring {
  const missing: string[] = [];
  if (!sa.signingKey && !sa.controllerManagerKey) missing.push("the service-account signing key (sa.key)");
  if (sa.verifyKeys.length === 0) missing.push("the service-account public key (sa.pub)");
  return makeWiring({
    id: "service-account-signing",
    client: "kube-controller-manager",
    server: "kube-apiserver",
    summary:
      "Service-account tokens are signed with the private key (sa.key) and verified by kube-apiserver with the public keys of --service-account-key-file (sa.pub).",
    missing,
  });
}
