/**
 * Every word of the explorer's teaching mode, in one place so it can be reviewed and translated:
 * the fifteen relationships, the TLS handshake's steps, the three flows and the small phrases that
 * quote the loaded cluster. Data only — strings with named `{slots}` (filled by `fill` in
 * segments.ts) and `backticked` code; no logic beyond lookups.
 *
 * Facts come from the project's reference spec (k8s-pki-spec.md; §4.1 who presents and trusts what,
 * §4.2/§7 the exact error strings, §5 authorizer, bootstrap, signers, front-proxy, SA keys) and from
 * Kubernetes' own source: the service-account user and groups from
 * staging/src/k8s.io/apiserver/pkg/authentication/serviceaccount/util.go, the RBAC bootstrap bindings
 * (system:node-proxier → user system:kube-proxy) from plugin/pkg/auth/authorizer/rbac/bootstrappolicy,
 * projected token lifetimes from the ServiceAccountTokenProjection API reference, `kubectl
 * certificate approve` from the "Certificates and Certificate Signing Requests" page.
 */
import type { RelationshipId, RelationshipStatus } from "../report";

/** A failure as it shows up in a log or a terminal, with where it was recorded. */
export interface ErrorExample {
  /** When it happens, in plain words. */
  when: string;
  /** The exact message as recorded; absent when the reference records none. */
  messages: readonly string[];
  /** Where the message was recorded (an issue, or the source file that prints it). */
  source: string;
}

/** What the explorer teaches about one trust relationship. */
export interface RelationshipLesson {
  /** "kube-apiserver → etcd: the apiserver's etcd client certificate". */
  title: string;
  /** The two ends in plain words. */
  client: string;
  server: string;
  /** What the connection is for. Slots: {client}, {server}. */
  talk: string;
  /** What each end presents, and through which flag or kubeconfig field. */
  clientPresents: string;
  serverPresents: string;
  /** Which CA each end verifies the other with, and through which flag or field. */
  clientTrusts: string;
  serverTrusts: string;
  /** How the server turns the credential into an identity. */
  identity: string;
  /** Which authorizer or binding lets that identity in. */
  authorizer: string;
  /** Where the address the client dials is configured (what the serving certificate must name). */
  dials: string;
  /** Plain words (no code marks): the files that carry this relationship, for when a drop lacks them. */
  carriers: string;
  /** How it fails when it is wrong. */
  breaks: readonly ErrorExample[];
}

// Messages recorded in k8s-pki-spec §4.2 and §7, each quoted exactly once here.
const MSG = {
  peerIp: `rejected connection from "10.5.35.233:42340" (error "tls: \\"10.5.35.233\\" does not match any of DNSNames [...]")`,
  etcdEku: `rejected connection from "127.0.0.1:53984" (error "tls: failed to verify client's certificate: x509: certificate specifies an incompatible key usage", ServerName "")`,
  badCertificate: "transport: authentication handshake failed: remote error: tls: bad certificate",
  etcdHandshake: `grpc: addrConn.createTransport failed to connect to {https://…:2379 …}. Err :connection error: desc = "transport: authentication handshake failed: x509: …"`,
  legacyCn:
    "x509: certificate relies on legacy Common Name field, use SANs or temporarily enable Common Name matching with GODEBUG=x509ignoreCN=0",
  unknownAuthority: `Unable to connect to the server: x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")`,
  sanNotValid:
    "Unable to connect to the server: x509: certificate is valid for 10.233.0.1, 10.6.108.220, 127.0.0.1, not 10.6.108.219",
  expired:
    "x509: certificate has expired or is not yet valid: current time 2023-09-25T22:45:43Z is after 2023-09-25T12:10:16Z",
  keyMismatch: "tls: private key does not match public key",
  sha1: `x509: certificate signed by unknown authority (possibly because of "x509: cannot verify signature: insecure algorithm SHA1-RSA (temporarily override with GODEBUG=x509sha1=1)" while trying to verify candidate authority certificate "…")`,
  clientUnknownAuthority: `"Unable to authenticate the request" err="[x509: certificate signed by unknown authority, verifying certificate SN=…, SKID=, AKID=… failed: x509: certificate signed by unknown authority]"`,
  unauthorized: "error: You must be logged in to the server (Unauthorized)",
  clientExpired:
    "Unable to authenticate the request due to an error: x509: certificate has expired or is not yet valid: current time 2023-09-25T22:45:43Z is after 2023-09-25T12:10:16Z",
  incompatibleUsage: "… failed: x509: certificate specifies an incompatible key usage",
  nodeModify: "node %q is not allowed to modify node %q",
  nodeEmpty: `User "system:node:" cannot create nodes at the cluster scope.: "unknown node for user \\"system:node:\\""`,
  nodeUnknown: `nodes "worker-0" is forbidden: could not determine node from user`,
  nodeRelationship: "no relationship found between node %q and this object",
  bootstrapExpired:
    "part of the existing bootstrap client certificate is expired: 2020-12-06 18:55:55 +0000 UTC",
  bootstrapGone:
    "failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory",
  notSymlink: `expected "<path>" to be a symlink but it is a file`,
  clusterAdmins:
    "the ClusterRoleBinding for the kubeadm:cluster-admins Group is missing but there is no super-admin.conf to create it",
  anonymous: `forbidden: User "system:anonymous" cannot get path "/"`,
  execAlpha: `error: exec plugin: invalid apiVersion "client.authentication.k8s.io/v1alpha1"`,
  noIpSans:
    "error dialing backend: x509: cannot validate certificate for 10.70.35.7 because it doesn't contain any IP SANs",
  noIpSansLogs:
    "Error from server: Get https://10.240.0.12:10250/containerLogs/…: x509: cannot validate certificate for 10.240.0.12 because it doesn't contain any IP SANs",
  kubeletForbidden:
    "Error from server (Forbidden): Forbidden (user=kube-apiserver-kubelet-client, verb=get, resource=nodes, subresource=proxy) ( pods/log kube-controller-manager-uy08-07)",
  saToken: `"Unable to authenticate the request" err="[invalid bearer token, square/go-jose: error in cryptographic primitive]"`,
  notAllowedScheduler:
    "x509: subject with cn=system:kube-scheduler is not in the allowed list: [front-proxy-client]",
  notAllowedProxy: "x509: subject with cn=front-proxy-client is not in the allowed list: [aggregator]",
  notAllowedEmpty: "x509: subject with cn=aggregator is not in the allowed list: []",
  requestheaderCa: `Unable to authenticate the request due to an error: [x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kube-apiserver-requestheader-ca"), x509: certificate signed by unknown authority]`,
  bootstrapAnonymous: `cannot create certificate signing request: User "system:anonymous" cannot create certificatesigningrequests.certificates.k8s.io at the cluster scope`,
} as const;

const CLIENT_CERT_BREAKS: readonly ErrorExample[] = [
  {
    when: "the client certificate comes from a CA that --client-ca-file does not hold",
    messages: [MSG.clientUnknownAuthority, MSG.unauthorized],
    source: "metrics-server#1279",
  },
  {
    when: "the client certificate has expired or is not yet valid",
    messages: [MSG.clientExpired],
    source: "kubernetes#120890",
  },
  {
    when: "the client certificate lacks the clientAuth usage",
    messages: [MSG.incompatibleUsage],
    source: "metrics-server#1279",
  },
];

const APISERVER_SERVING =
  "kube-apiserver presents its serving certificate (`--tls-cert-file`); apiserver-serving judges it.";
const KUBECONFIG_CA =
  "It verifies kube-apiserver with the CA in the same kubeconfig, `clusters[].cluster.certificate-authority-data` (or `certificate-authority`, a file path).";
const CLIENT_CA =
  "kube-apiserver verifies the client certificate with `--client-ca-file` (kubeadm: `ca.crt`).";
const X509_IDENTITY =
  "kube-apiserver's x509 authenticator takes the certificate's CN as the user name and each O as a group.";
const ETCD_DIALS =
  "kube-apiserver dials the URLs in `--etcd-servers` (kubeadm: `https://127.0.0.1:2379`), so etcd's serving certificate must name `127.0.0.1` or `localhost`.";
const NO_ETCD_AUTHORIZER =
  "No authorizer: etcd runs without authentication roles, so any certificate its CA signed gets full access to every key. That is why the etcd CA must be a CA of its own, never the cluster CA.";

/** The fifteen relationships, keyed by id. */
export const RELATIONSHIP_LESSONS: Readonly<Record<RelationshipId, RelationshipLesson>> = {
  "etcd-peer": {
    title: "etcd ↔ etcd: the peer certificates",
    client: "an etcd member",
    server: "another etcd member",
    talk: "{client} replicates the cluster's data to {server} over the peer port 2380. Every member is client and server at once, and both ends present the same kind of certificate.",
    clientPresents:
      "The dialling member presents its peer certificate, set with `--peer-cert-file` and `--peer-key-file` (kubeadm: `etcd/peer.crt`, `etcd/peer.key`). It must allow both serverAuth and clientAuth.",
    serverPresents:
      "The other member answers with its own peer certificate, through the same `--peer-cert-file` and `--peer-key-file`.",
    clientTrusts:
      "The dialling member verifies its peer with the CA in `--peer-trusted-ca-file` (kubeadm: `etcd/ca.crt`).",
    serverTrusts:
      "The receiving member demands a client certificate (`--peer-client-cert-auth=true`) and verifies it with the same `--peer-trusted-ca-file`.",
    identity: "etcd reads no user or group from a peer certificate.",
    authorizer:
      "No authorizer: any certificate from the etcd CA is accepted as a peer (unless `--peer-cert-allowed-cn` narrows it). etcd does compare the remote peer's IP with the SANs of the certificate it presents, so every peer certificate must carry its node's IP.",
    dials:
      "Members dial the peer URLs in `--initial-advertise-peer-urls` and `--listen-peer-urls` (etcd's static-pod manifest); the peer certificate must name those IPs.",
    carriers:
      "etcd's static-pod manifest (kubeadm: /etc/kubernetes/manifests/etcd.yaml) and /etc/kubernetes/pki/etcd/peer.crt, peer.key and ca.crt",
    breaks: [
      { when: "a peer certificate lacks its member's IP", messages: [MSG.peerIp], source: "etcd#9575" },
      {
        when: "a peer or serving certificate lacks the clientAuth usage",
        messages: [MSG.etcdEku, MSG.badCertificate],
        source: "kubermatic#5261",
      },
    ],
  },
  "etcd-serving": {
    title: "kube-apiserver → etcd: etcd's serving certificate",
    client: "kube-apiserver",
    server: "etcd",
    talk: "{client} keeps every object of the cluster in {server} (client port 2379). On this half of the connection etcd proves who it is: kube-apiserver checks etcd's serving certificate.",
    clientPresents:
      "kube-apiserver presents its etcd client certificate (`--etcd-certfile`, `--etcd-keyfile`); that half is apiserver-etcd-client.",
    serverPresents:
      "etcd presents its serving certificate, set with `--cert-file` and `--key-file` (kubeadm: `etcd/server.crt`, `etcd/server.key`). Besides serverAuth it needs clientAuth (etcd 3.2 and later).",
    clientTrusts: "kube-apiserver verifies it with the CA in `--etcd-cafile` (kubeadm: `etcd/ca.crt`).",
    serverTrusts:
      "etcd demands a client certificate (`--client-cert-auth=true`) and verifies it with `--trusted-ca-file`; see apiserver-etcd-client.",
    identity: "etcd reads no identity from kube-apiserver's certificate.",
    authorizer: NO_ETCD_AUTHORIZER,
    dials: ETCD_DIALS,
    carriers:
      "kube-apiserver's and etcd's static-pod manifests (kubeadm: /etc/kubernetes/manifests/kube-apiserver.yaml, etcd.yaml) and /etc/kubernetes/pki/etcd/server.crt, server.key and ca.crt",
    breaks: [
      {
        when: "etcd's certificate comes from another CA, lacks the dialled name or has expired",
        messages: [MSG.etcdHandshake],
        source: "Quentin-M/etcd-cloud-operator#61",
      },
      {
        when: "etcd's certificate has a CN but no SANs",
        messages: [MSG.legacyCn],
        source: "Quentin-M/etcd-cloud-operator#61",
      },
      {
        when: "etcd's serving certificate lacks the clientAuth usage",
        messages: [MSG.etcdEku, MSG.badCertificate],
        source: "kubermatic#5261",
      },
    ],
  },
  "apiserver-etcd-client": {
    title: "kube-apiserver → etcd: the apiserver's etcd client certificate",
    client: "kube-apiserver",
    server: "etcd",
    talk: "{client} keeps every object of the cluster in {server} (client port 2379). On this half of the connection kube-apiserver proves who it is: etcd checks kube-apiserver's client certificate.",
    clientPresents:
      "kube-apiserver presents the certificate in `--etcd-certfile` with the key in `--etcd-keyfile` (kubeadm: `apiserver-etcd-client.crt`, `apiserver-etcd-client.key`).",
    serverPresents:
      "etcd presents its serving certificate (`--cert-file`, `--key-file`); that half is etcd-serving.",
    clientTrusts: "kube-apiserver verifies etcd with `--etcd-cafile`; see etcd-serving.",
    serverTrusts:
      "etcd demands a client certificate (`--client-cert-auth=true`) and verifies it with the CA in `--trusted-ca-file` (kubeadm: `etcd/ca.crt`).",
    identity:
      "etcd reads no user from the certificate and ignores its O (kubeadm 1.29 and later set none; earlier versions set `system:masters`).",
    authorizer: NO_ETCD_AUTHORIZER,
    dials: ETCD_DIALS,
    carriers:
      "kube-apiserver's and etcd's static-pod manifests (kubeadm: /etc/kubernetes/manifests/kube-apiserver.yaml, etcd.yaml) and /etc/kubernetes/pki/apiserver-etcd-client.crt, apiserver-etcd-client.key and etcd/ca.crt",
    breaks: [
      {
        when: "etcd rejects the certificate kube-apiserver presents (recorded for a certificate without clientAuth)",
        messages: [MSG.badCertificate],
        source: "kubermatic#5261",
      },
    ],
  },
  "apiserver-serving": {
    title: "Every client → kube-apiserver: the apiserver's serving certificate",
    client: "every API client",
    server: "kube-apiserver",
    talk: "{client} (kubectl, the controllers, the kubelets, pods) talks to {server} on port 6443. Before a client sends its own credential it checks the apiserver's certificate.",
    clientPresents:
      "Each client presents a credential of its own — a client certificate, a token or an exec plugin's token; those are admin-client, controller-manager-client, scheduler-client, kube-proxy-client and kubelet-client.",
    serverPresents:
      "kube-apiserver presents its serving certificate, set with `--tls-cert-file` and `--tls-private-key-file` (kubeadm: `apiserver.crt`, `apiserver.key`).",
    clientTrusts:
      "Each client verifies it with the CA in its kubeconfig, `clusters[].cluster.certificate-authority-data` (or `certificate-authority`, a file path); pods use `/var/run/secrets/kubernetes.io/serviceaccount/ca.crt`, filled from kube-controller-manager's `--root-ca-file`.",
    serverTrusts:
      "kube-apiserver verifies client certificates with `--client-ca-file`; each client's relationship shows it.",
    identity: "No client identity on this half: here the apiserver proves who it is.",
    authorizer: "Nothing is authorized on this half.",
    dials:
      "Clients dial the `server:` URL of their kubeconfig (`clusters[].cluster.server`): the advertise address, a load balancer or a DNS name; pods dial `kubernetes.default.svc` and the service IP. The certificate must name all of them — kubeadm adds the node name, `kubernetes`, `kubernetes.default`, `kubernetes.default.svc`, `kubernetes.default.svc.<domain>`, the first service IP and the advertise address.",
    carriers:
      "kube-apiserver's static-pod manifest (kubeadm: /etc/kubernetes/manifests/kube-apiserver.yaml), /etc/kubernetes/pki/apiserver.crt and apiserver.key, and the clients' kubeconfigs (admin.conf, controller-manager.conf, scheduler.conf, kubelet.conf)",
    breaks: [
      {
        when: "the client's kubeconfig holds another CA (a stale one after a re-init or CA rotation); Go 1.20 and later prefix `tls: failed to verify certificate: `",
        messages: [MSG.unknownAuthority],
        source: "kubernetes#58582",
      },
      {
        when: "the dialled address is not among the SANs",
        messages: [MSG.sanNotValid],
        source: "kubespray#9098",
      },
      {
        when: "the certificate has expired or is not yet valid",
        messages: [MSG.expired],
        source: "kubernetes#120890",
      },
      {
        when: "the key file does not belong to the certificate",
        messages: [MSG.keyMismatch],
        source: "kubernetes#127538",
      },
      {
        when: "the certificate is signed with SHA-1 (Kubernetes 1.24 and later)",
        messages: [MSG.sha1],
        source: "kubernetes#110530",
      },
    ],
  },
  "controller-manager-client": {
    title: "kube-controller-manager → kube-apiserver: its client certificate",
    client: "kube-controller-manager",
    server: "kube-apiserver",
    talk: "{client} watches and changes the cluster's objects through {server}, authenticated by the client certificate in its kubeconfig.",
    clientPresents:
      "kube-controller-manager reads the kubeconfig in `--kubeconfig` (and `--authentication-kubeconfig`, `--authorization-kubeconfig`; kubeadm: `controller-manager.conf`) and presents the certificate in `users[].user.client-certificate-data` with the key in `client-key-data`.",
    serverPresents: APISERVER_SERVING,
    clientTrusts: KUBECONFIG_CA,
    serverTrusts: CLIENT_CA,
    identity: X509_IDENTITY,
    authorizer:
      "RBAC lets it in through the bootstrap ClusterRoleBinding `system:kube-controller-manager`, which names exactly the user `system:kube-controller-manager`: the CN must be that, letter for letter. With `--use-service-account-credentials=true` its controllers then act with service-account tokens of their own.",
    dials: "It dials the `server:` of its kubeconfig (kubeadm: the node's own advertise address, port 6443).",
    carriers: "/etc/kubernetes/controller-manager.conf and kube-apiserver's static-pod manifest",
    breaks: [
      ...CLIENT_CERT_BREAKS,
      {
        when: "the CN is not system:kube-controller-manager: RBAC answers Forbidden for that user",
        messages: [],
        source: "RBAC bootstrap policy",
      },
    ],
  },
  "scheduler-client": {
    title: "kube-scheduler → kube-apiserver: its client certificate",
    client: "kube-scheduler",
    server: "kube-apiserver",
    talk: "{client} assigns pods to nodes through {server}, authenticated by the client certificate in its kubeconfig.",
    clientPresents:
      "kube-scheduler reads the kubeconfig in `--kubeconfig` (and `--authentication-kubeconfig`, `--authorization-kubeconfig`; kubeadm: `scheduler.conf`) and presents the certificate in `users[].user.client-certificate-data` with the key in `client-key-data`.",
    serverPresents: APISERVER_SERVING,
    clientTrusts: KUBECONFIG_CA,
    serverTrusts: CLIENT_CA,
    identity: X509_IDENTITY,
    authorizer:
      "RBAC lets it in through the bootstrap ClusterRoleBinding `system:kube-scheduler`, which names exactly the user `system:kube-scheduler`: the CN must be that, letter for letter.",
    dials: "It dials the `server:` of its kubeconfig (kubeadm: the node's own advertise address, port 6443).",
    carriers: "/etc/kubernetes/scheduler.conf and kube-apiserver's static-pod manifest",
    breaks: [
      ...CLIENT_CERT_BREAKS,
      {
        when: "the CN is not system:kube-scheduler: RBAC answers Forbidden for that user",
        messages: [],
        source: "RBAC bootstrap policy",
      },
    ],
  },
  "kube-proxy-client": {
    title: "kube-proxy → kube-apiserver: a token or a client certificate",
    client: "kube-proxy",
    server: "kube-apiserver",
    talk: "{client} runs on every node and watches Services and their endpoints through {server}.",
    clientPresents:
      "On kubeadm, kube-proxy has no certificate: its kubeconfig (ConfigMap `kube-system/kube-proxy`, key `kubeconfig.conf`) sets `tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token`, a service-account token. Other installers (the hard way, k3s) give it a client certificate with CN `system:kube-proxy` in its kubeconfig's `users[].user.client-certificate(-data)`.",
    serverPresents: APISERVER_SERVING,
    clientTrusts:
      "kubeadm: `certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt`; with a kubeconfig file, its `clusters[].cluster.certificate-authority(-data)`.",
    serverTrusts:
      "A token is checked with the service-account keys (`--service-account-key-file`); a certificate with `--client-ca-file`.",
    identity:
      "With kubeadm's token it is user `system:serviceaccount:kube-system:kube-proxy`; with a certificate, the CN is the user (`system:kube-proxy`) and each O a group.",
    authorizer:
      "RBAC: kubeadm's ClusterRoleBinding `kubeadm:node-proxier` gives that service account the ClusterRole `system:node-proxier`; for a certificate, the bootstrap binding `system:node-proxier` grants the same role to the user `system:kube-proxy`.",
    dials:
      "kubeadm: the `server:` in the kube-proxy ConfigMap (the control-plane endpoint); elsewhere the `server:` of its kubeconfig.",
    carriers:
      "kube-proxy's kubeconfig (kubeadm keeps it in the ConfigMap kube-system/kube-proxy, not on disk; other installers write it to a file on each node)",
    breaks: CLIENT_CERT_BREAKS,
  },
  "kubelet-client": {
    title: "kubelet → kube-apiserver: the node's client certificate",
    client: "the kubelet",
    server: "kube-apiserver",
    talk: "{client} registers its node, reports its status and reads its pods, secrets and volumes through {server}.",
    clientPresents:
      "The kubelet's kubeconfig (`--kubeconfig`, kubeadm: `/etc/kubernetes/kubelet.conf`) points `users[].user.client-certificate` and `client-key` at `/var/lib/kubelet/pki/kubelet-client-current.pem`, a symlink to the newest certificate the kubelet obtained (certificate and key in one file). Before kubeadm 1.17 the first control-plane node's kubelet.conf embedded a certificate in `client-certificate-data` that never rotated.",
    serverPresents: APISERVER_SERVING,
    clientTrusts:
      "It verifies kube-apiserver with `clusters[].cluster.certificate-authority-data` in kubelet.conf.",
    serverTrusts: CLIENT_CA,
    identity:
      "CN → user, O → groups: a node must be user `system:node:<node name>` in group `system:nodes`, with the node name exactly as its Node object is registered.",
    authorizer:
      "The Node authorizer (`--authorization-mode=Node,RBAC`) treats a client as a node only with that user and group, and lets it read just what its own pods need; the NodeRestriction admission plugin (`--enable-admission-plugins=NodeRestriction`) keeps its writes to its own Node and pods.",
    dials: "It dials the `server:` of kubelet.conf (kubeadm: the control-plane endpoint).",
    carriers:
      "/etc/kubernetes/kubelet.conf, /var/lib/kubelet/pki/kubelet-client-current.pem and kube-apiserver's static-pod manifest",
    breaks: [
      {
        when: "the certificate's node name is not the registered one (NodeRestriction)",
        messages: [MSG.nodeModify],
        source: "plugin/pkg/admission/noderestriction/admission.go",
      },
      {
        when: "the CN has no node name, or the O lacks system:nodes",
        messages: [MSG.nodeEmpty, MSG.nodeUnknown],
        source: "kelseyhightower/kubernetes-the-hard-way#228, #353",
      },
      {
        when: "a node reads an object none of its pods uses (Node authorizer)",
        messages: [MSG.nodeRelationship],
        source: "plugin/pkg/auth/authorizer/node/node_authorizer.go",
      },
      {
        when: "the client certificate expired and no bootstrap kubeconfig is left to get a new one",
        messages: [MSG.bootstrapExpired, MSG.bootstrapGone],
        source: "kubernetes#98150",
      },
      {
        when: "kubelet-client-current.pem is a regular file instead of a symlink",
        messages: [MSG.notSymlink],
        source: "client-go util/certificate/certificate_store.go",
      },
    ],
  },
  "admin-client": {
    title: "kubectl → kube-apiserver: the admin kubeconfig",
    client: "kubectl",
    server: "kube-apiserver",
    talk: "{client} with an admin kubeconfig is how a person administers the cluster through {server}.",
    clientPresents:
      "kubectl presents the certificate in the kubeconfig's `users[].user.client-certificate-data` with the key in `client-key-data`. kubeadm writes `/etc/kubernetes/admin.conf`, and since 1.29 also `super-admin.conf` on the first control-plane node.",
    serverPresents: APISERVER_SERVING,
    clientTrusts: KUBECONFIG_CA,
    serverTrusts: CLIENT_CA,
    identity:
      "CN → user, O → groups: kubeadm's admin.conf is user `kubernetes-admin` in group `kubeadm:cluster-admins` (1.29 and later; `system:masters` before); super-admin.conf is `kubernetes-super-admin` in `system:masters`.",
    authorizer:
      "RBAC: kubeadm's ClusterRoleBinding `kubeadm:cluster-admins` gives that group the ClusterRole `cluster-admin`, so access can be taken back by editing a binding. `system:masters` bypasses RBAC altogether — keep super-admin.conf for emergencies.",
    dials:
      "kubectl dials the kubeconfig's `clusters[].cluster.server` (kubeadm: the control-plane endpoint, else the advertise address on port 6443).",
    carriers:
      "/etc/kubernetes/admin.conf (or a copy such as ~/.kube/config) and kube-apiserver's static-pod manifest",
    breaks: [
      ...CLIENT_CERT_BREAKS,
      {
        when: "admin.conf's group (kubeadm 1.29 and later) has no ClusterRoleBinding and super-admin.conf is gone",
        messages: [MSG.clusterAdmins],
        source: "cmd/kubeadm/app/phases/kubeconfig/kubeconfig.go",
      },
      {
        when: "the kubeconfig's user entry holds no credential",
        messages: [MSG.anonymous],
        source: "kubernetes#51934",
      },
      {
        when: "an exec plugin still speaks client.authentication.k8s.io/v1alpha1 (kubectl 1.24 and later)",
        messages: [MSG.execAlpha],
        source: "aws/aws-cli#6920",
      },
    ],
  },
  "kubelet-serving": {
    title: "kube-apiserver → kubelet: the kubelet's serving certificate",
    client: "kube-apiserver",
    server: "the kubelet",
    talk: "{client} connects to {server} on port 10250 for `kubectl logs`, `exec` and `port-forward`. On this half the kubelet proves who it is.",
    clientPresents:
      "kube-apiserver presents its kubelet client certificate (`--kubelet-client-certificate`); that half is apiserver-kubelet-client.",
    serverPresents:
      "The kubelet serves `tlsCertFile` and `tlsPrivateKeyFile` of its configuration (flags `--tls-cert-file`, `--tls-private-key-file`). With those unset and `serverTLSBootstrap` false — kubeadm's default — it makes a self-signed `kubelet.crt`/`kubelet.key` in `--cert-dir` (`/var/lib/kubelet/pki`): one year, the hostname as its only SAN, never renewed. With `serverTLSBootstrap: true` it asks the cluster CA for one and keeps it in `kubelet-server-current.pem`.",
    clientTrusts:
      "kube-apiserver verifies it only when `--kubelet-certificate-authority` is set. kubeadm leaves it unset, so by default the kubelet's certificate is not checked at all; k3s sets `server-ca.crt`, the hard way `ca.crt`.",
    serverTrusts:
      "The kubelet verifies kube-apiserver's client certificate with `authentication.x509.clientCAFile` (flag `--client-ca-file`); see apiserver-kubelet-client.",
    identity: "The kubelet sees kube-apiserver's client certificate; see apiserver-kubelet-client.",
    authorizer:
      "See apiserver-kubelet-client: the kubelet asks kube-apiserver (a SubjectAccessReview) whether that user may use `nodes/proxy`, `nodes/log` and the rest.",
    dials:
      "kube-apiserver picks the kubelet's address by `--kubelet-preferred-address-types` (kubeadm: `InternalIP,ExternalIP,Hostname`); dialling an IP needs that IP among the certificate's SANs.",
    carriers:
      "/var/lib/kubelet/config.yaml, /var/lib/kubelet/pki/kubelet.crt (or kubelet-server-current.pem) and kube-apiserver's static-pod manifest",
    breaks: [
      {
        when: "--kubelet-certificate-authority is set while kubelets serve a certificate without their IP",
        messages: [MSG.noIpSansLogs, MSG.noIpSans],
        source: "kubernetes#62939, #59372",
      },
    ],
  },
  "apiserver-kubelet-client": {
    title: "kube-apiserver → kubelet: the apiserver's kubelet client certificate",
    client: "kube-apiserver",
    server: "the kubelet",
    talk: "{client} connects to {server} on port 10250 for `kubectl logs`, `exec` and `port-forward`. On this half the apiserver proves who it is.",
    clientPresents:
      "kube-apiserver presents `--kubelet-client-certificate` with the key in `--kubelet-client-key` (kubeadm: `apiserver-kubelet-client.crt`, `apiserver-kubelet-client.key`).",
    serverPresents: "The kubelet presents its serving certificate; that half is kubelet-serving.",
    clientTrusts:
      "kube-apiserver checks the kubelet only with `--kubelet-certificate-authority`; see kubelet-serving.",
    serverTrusts:
      "The kubelet verifies the client certificate with `authentication.x509.clientCAFile` in `/var/lib/kubelet/config.yaml` (flag `--client-ca-file`; kubeadm: `/etc/kubernetes/pki/ca.crt`).",
    identity:
      "CN → user, O → groups: kubeadm issues CN `kube-apiserver-kubelet-client` with O `kubeadm:cluster-admins` (1.29 to 1.36; `system:masters` before 1.29, `system:kubelet-api-admin` from 1.37).",
    authorizer:
      "The kubelet's `authorization.mode: Webhook` sends a SubjectAccessReview to kube-apiserver for `nodes/proxy`, `nodes/log`, `nodes/stats`, `nodes/metrics`…; RBAC must allow that user or group, as the ClusterRole `system:kubelet-api-admin` does.",
    dials:
      "kube-apiserver picks the kubelet's address by `--kubelet-preferred-address-types` (kubeadm: `InternalIP,ExternalIP,Hostname`).",
    carriers:
      "kube-apiserver's static-pod manifest, /etc/kubernetes/pki/apiserver-kubelet-client.crt and .key, and each kubelet's /var/lib/kubelet/config.yaml",
    breaks: [
      {
        when: "the client certificate's user or group has no RBAC on nodes/proxy (here an O with a stray comma)",
        messages: [MSG.kubeletForbidden],
        source: "kubernetes#56277",
      },
    ],
  },
  "service-account-signing": {
    title: "Service-account tokens: signed with sa.key, verified with sa.pub",
    client: "the token signer",
    server: "kube-apiserver",
    talk: "No TLS here: {client} (kube-apiserver, and kube-controller-manager for legacy tokens) signs service-account tokens with a private key, and {server} checks each token's signature with the public half. Pods present these tokens to the API.",
    clientPresents:
      "Tokens are signed with `--service-account-signing-key-file` on kube-apiserver and, for legacy Secret-based tokens, `--service-account-private-key-file` on kube-controller-manager; kubeadm points both at `sa.key`.",
    serverPresents: "Nothing: a token is checked by its signature, not in a TLS handshake.",
    clientTrusts: "Nothing: no certificate is verified on this edge.",
    serverTrusts:
      "kube-apiserver verifies the signature with the public keys in `--service-account-key-file` (kubeadm: `sa.pub`). The file may hold several keys and the flag may repeat, so old keys keep working during a rotation. A key pair, no CA.",
    identity:
      "A valid token makes its bearer user `system:serviceaccount:<namespace>:<name>` in groups `system:serviceaccounts` and `system:serviceaccounts:<namespace>`.",
    authorizer:
      "RBAC decides what each service account may do; that belongs to each pod, not to the key pair.",
    dials:
      "Nothing is dialled: a token carries its issuer (`--service-account-issuer`) instead of a host name.",
    carriers:
      "kube-apiserver's and kube-controller-manager's static-pod manifests and /etc/kubernetes/pki/sa.key and sa.pub",
    breaks: [
      {
        when: "sa.pub is not the public half of the signing key, or control-plane nodes hold different keys",
        messages: [MSG.saToken],
        source: "kubernetes#109812",
      },
    ],
  },
  "front-proxy-client": {
    title: "kube-apiserver → aggregated APIs: the front-proxy client certificate",
    client: "kube-apiserver",
    server: "an aggregated API server",
    talk: "{client} forwards requests for aggregated APIs (APIService objects, such as metrics-server's) to {server}, naming the original user in the `X-Remote-User` and `X-Remote-Group` headers. The front-proxy certificate proves those headers come from kube-apiserver.",
    clientPresents:
      "kube-apiserver presents `--proxy-client-cert-file` with the key in `--proxy-client-key-file` (kubeadm: `front-proxy-client.crt`, `front-proxy-client.key`).",
    serverPresents:
      "The aggregated API server presents its own serving certificate; it lives with that server, not in the node's files.",
    clientTrusts:
      "kube-apiserver verifies it with the APIService's `spec.caBundle`, an object in the cluster.",
    serverTrusts:
      "The aggregated server reads `requestheader-client-ca-file` (kube-apiserver's `--requestheader-client-ca-file`, kubeadm: `front-proxy-ca.crt`) and the allowed names from the ConfigMap `kube-system/extension-apiserver-authentication`.",
    identity:
      "The certificate is not the user: its CN must be in `--requestheader-allowed-names` (kubeadm: `front-proxy-client`), and the user and groups come from the `X-Remote-User`, `X-Remote-Group` and `X-Remote-Extra-` headers.",
    authorizer:
      "Without `--requestheader-allowed-names`, any certificate from the front-proxy CA may claim any user — one more reason that CA must differ from `--client-ca-file`'s.",
    dials: "The APIService's `spec.service` names the address; it is an object in the cluster, not a file.",
    carriers:
      "kube-apiserver's static-pod manifest and /etc/kubernetes/pki/front-proxy-client.crt, front-proxy-client.key and front-proxy-ca.crt",
    breaks: [
      {
        when: "one CA serves as --client-ca-file and --requestheader-client-ca-file, so ordinary clients are taken for proxies",
        messages: [MSG.notAllowedScheduler],
        source: "platform9/cctl#100",
      },
      {
        when: "the proxy certificate's CN is not an allowed name (or the list is the empty string)",
        messages: [MSG.notAllowedProxy, MSG.notAllowedEmpty],
        source: "stefanprodan/k8s-prom-hpa#30, opsnull#244",
      },
      {
        when: "the aggregated server does not trust the request-header CA",
        messages: [MSG.requestheaderCa],
        source: "kubernetes#68439",
      },
    ],
  },
  "etcd-healthcheck-client": {
    title: "etcdctl → etcd: the healthcheck client certificate",
    client: "etcdctl",
    server: "etcd",
    talk: "{client} (run by hand or by a probe) talks to {server} with the healthcheck client certificate. kubeadm's own liveness probe does not: it polls plain HTTP on `http://127.0.0.1:2381` (`--listen-metrics-urls`).",
    clientPresents:
      "`etcdctl --cert etcd/healthcheck-client.crt --key etcd/healthcheck-client.key`; kubeadm writes these files for that use.",
    serverPresents: "etcd presents its serving certificate (`--cert-file`), as in etcd-serving.",
    clientTrusts:
      "`etcdctl --cacert etcd/ca.crt` — given on the command line, so no file on the node records it.",
    serverTrusts: "etcd verifies it with `--trusted-ca-file` (`--client-cert-auth=true`).",
    identity: "etcd reads no identity from it; kubeadm 1.29 and later set no O (earlier: `system:masters`).",
    authorizer: NO_ETCD_AUTHORIZER,
    dials:
      "etcdctl dials the endpoint given on its command line (on a kubeadm node, etcd's local client URL).",
    carriers:
      "/etc/kubernetes/pki/etcd/healthcheck-client.crt, healthcheck-client.key and etcd/ca.crt, and etcd's static-pod manifest",
    breaks: [],
  },
  "kubelet-bootstrap": {
    title: "Joining kubelet → kube-apiserver: the bootstrap token",
    client: "a joining kubelet",
    server: "kube-apiserver",
    talk: "Before {client} has a certificate of its own, it talks to {server} with a bootstrap token, only to ask for one (TLS bootstrap).",
    clientPresents:
      "The bootstrap kubeconfig (`--bootstrap-kubeconfig`, kubeadm: `/etc/kubernetes/bootstrap-kubelet.conf`) holds `users[].user.token`, `<token-id>.<token-secret>`, and no certificate. kubeadm deletes the file once the kubelet has its certificate.",
    serverPresents: APISERVER_SERVING,
    clientTrusts:
      "It verifies kube-apiserver with `clusters[].cluster.certificate-authority-data` of the bootstrap kubeconfig.",
    serverTrusts:
      "No certificate to verify: with `--enable-bootstrap-token-auth=true` kube-apiserver looks the token up in the Secret `bootstrap-token-<token-id>` in `kube-system`.",
    identity:
      "The token makes the kubelet user `system:bootstrap:<token-id>` in group `system:bootstrappers` (kubeadm's tokens add `system:bootstrappers:kubeadm:default-node-token`).",
    authorizer:
      "RBAC: kubeadm's ClusterRoleBinding `kubeadm:kubelet-bootstrap` gives the bootstrap group the ClusterRole `system:node-bootstrapper` (create CSRs), and `kubeadm:node-autoapprove-bootstrap` gets its CSRs approved automatically.",
    dials: "It dials the `server:` of the bootstrap kubeconfig.",
    carriers:
      "/etc/kubernetes/bootstrap-kubelet.conf (only on a node that has not finished joining) and kube-controller-manager's static-pod manifest",
    breaks: [
      {
        when: "the bootstrap kubeconfig carries no usable token",
        messages: [MSG.bootstrapAnonymous],
        source: "kubernetes#51934",
      },
      {
        when: "the client certificate expired after the bootstrap kubeconfig was removed",
        messages: [MSG.bootstrapExpired, MSG.bootstrapGone],
        source: "kubernetes#98150",
      },
    ],
  },
};

/** Words and sentences shared by the tour, the handshake and the flows. */
export const PHRASES = {
  /** The text of a `missing` segment. Slot: {what}. */
  notInDrop: "not in the files you dropped: {what}",
  onNode: "{who} on {node}",
  status: {
    ok: "ok",
    warning: "has warnings",
    error: "broken",
    unknown: "unknown (inputs missing)",
    absent: "not in this report",
  } satisfies Record<RelationshipStatus | "absent", string>,
  severity: { error: "Error", warning: "Warning", info: "Note" },
  sections: {
    talk: "Who talks",
    presents: "What each presents",
    trusts: "What each trusts",
    identity: "Who it is to the authorizer",
    breaks: "When it breaks",
  },
  /** Slots: {status}. */
  statusHere: "In the files you dropped this relationship is {status}.",
  /** Slots: {count}, {list}. */
  instances: "It exists {count} times here: {list}.",
  instance: "{key} ({status})",
  absent: "The analysis found no such relationship in these files.",
  /** Slots: {component}, {sources}. */
  configuredIn: "{component} is configured in {sources}.",
  /** Slots: {component}, {carriers}. */
  configNotDropped: "{component}'s configuration",
  clientLabel: "Client — {who}:",
  serverLabel: "Server — {who}:",
  /** Slots: {path}, {subject}, {issuer}. */
  certificate: "{path}: {subject}, issued by {issuer}.",
  /** Slots: {from}, {to}, {left}. */
  validity: "Valid from {from} to {to} — {left}.",
  /** Slots: {sans}. */
  sans: "It names {sans}.",
  noSans: "It names no host at all (no SAN).",
  /** Slots: {eku}. */
  eku: "Extended key usage: {eku}.",
  ekuAny: "No extended key usage (Go accepts it for any use).",
  /** Slots: {key}, {description}. */
  keyMatches: "Its private key, {key} ({description}), belongs to it.",
  /** Slots: {key}. */
  keyDiffers:
    "Its private key, {key}, is a different key: the component cannot load the pair (`tls: private key does not match public key`).",
  /** Slots: {path}. */
  keyNotDropped: "the private key of {path}",
  /** Slots: {kind}, {source}. */
  otherCredential: "A {kind}, not a certificate: {source}.",
  credentialKinds: {
    certificate: "certificate",
    token: "bearer token",
    exec: "token from an exec plugin",
    "auth-provider": "token from an auth-provider",
    "service-account-token": "service-account token",
    "key-pair": "key pair",
  },
  /** Slots: {source}, {cas}. */
  trustBundle: "It trusts {source}: {cas}.",
  itsBundle: "its CA bundle",
  /** Slots: {bundle}, {reason}. */
  chainTrusted: "Chain check against {bundle} passed: {reason}.",
  chainUntrusted: "Chain check against {bundle} failed: {reason}.",
  /** Slots: {user}, {groups}. */
  identity: "The server sees user {user} in groups {groups}.",
  /** Slots: {user}. */
  identityNoGroups: "The server sees user {user}, in no group.",
  /** Slots: {code}, {title}. */
  finding: "{severity} {code}: {title}",
  /** Slots: {when}. */
  breakNoMessage: "When {when} — no exact message is recorded for this case.",
  /** Slots: {when}, {source}. */
  breakWith: "When {when} ({source}):",
  noBreaks: "The reference records no failure message for this relationship.",
  hereFindings: "What the analysis found in your files:",
  hereNoFindings: "The analysis found nothing wrong here.",
  typical: "How it fails elsewhere:",
} as const;

/** Whose files the lessons speak of: a person's own drop, the bundled demo cluster, or a break-it scenario. */
export type FilesOrigin = "drop" | "demo" | "scenario";

/**
 * How the lessons name the files on the demo and on a scenario, in place of the words they use for a
 * person's own drop ("the files you dropped", "your files"); longest first, each applied once.
 */
export const FILES_WORDS: Readonly<Record<Exclude<FilesOrigin, "drop">, readonly [string, string][]>> = {
  demo: [
    ["the files you dropped", "the demo cluster's files"],
    ["In your files", "In the demo cluster's files"],
    ["in your files", "in the demo cluster's files"],
  ],
  scenario: [
    ["the files you dropped", "this scenario's files"],
    ["In your files", "In this scenario's files"],
    ["in your files", "in this scenario's files"],
  ],
};

/** The six steps of one TLS handshake, as the explorer walks through them. */
export const HANDSHAKE = {
  titles: {
    "server-presents": "{server} presents its certificate",
    "client-verifies": "{client} verifies it against its CA",
    "san-check": "{client} checks the name it dialled",
    "client-presents": "{client} presents its credential",
    "server-verifies": "{server} verifies the client certificate",
    authorizer: "{server} decides who the client is",
  },
  explain: {
    "server-presents":
      "The server speaks first about itself: it sends its certificate (and any intermediates) and proves, by signing the handshake, that it holds the matching private key.",
    "client-verifies":
      "The client builds a chain from that certificate to a CA it trusts; a certificate from any other CA, or an expired one, ends the handshake here.",
    "san-check":
      "The client then checks that the certificate names the host it dialled, as a DNS or IP SAN; the CN no longer counts (Go 1.15, Kubernetes 1.19).",
    "client-presents":
      "The server asks for a client certificate; the client sends its own and signs the handshake with its key.",
    "server-verifies":
      "The server builds a chain from the client certificate to the CA it trusts for clients.",
    authorizer:
      "With TLS up, the server maps the certificate to a user and groups and asks its authorizer whether that identity may make each request.",
  },
  /** Slots: {key}. */
  judgedOn: "Judged on {key}.",
  skip: {
    noTls:
      "Does not apply: service-account tokens are signed with a key pair; no TLS handshake happens on this edge.",
    eachClient:
      "Does not apply on this half: every client presents its own credential, shown in its own relationship (admin-client, controller-manager-client, scheduler-client, kube-proxy-client, kubelet-client).",
    notVerified:
      "Skipped by kube-apiserver: without `--kubelet-certificate-authority` it accepts the kubelet's certificate without checking its chain or its names (kubeadm's default).",
    /** Slots: {kind}. */
    tokenNotCertificate:
      "Does not apply: the client presents a {kind}, not a certificate, so there is no client certificate to verify. The server checks the token instead — against state in the cluster, not in these files.",
    etcdNoAuthorizer:
      "Does not apply: etcd has no authorizer here — any certificate its CA signed gets full access.",
    serviceAccountAuthorizer:
      "Does not apply to the key pair: RBAC authorizes each service account's requests separately.",
  },
  /** Slots: {source}. */
  dialledIn: "The address the client dials is configured in {source}.",
  chainNotRun: "The analysis ran no chain check for this pair.",
  noServerCertificate: "the server's certificate",
  apiserverCaNotInFiles: "the CA this client trusts, named in its kubeconfig",
  healthcheckCa: "etcdctl's --cacert, a command-line argument no file records",
  aggregatedServer:
    "the aggregated API server's own serving certificate and the APIService's spec.caBundle (objects in the cluster, not node files)",
  otherServer:
    "the kube-apiserver this kubeconfig talks to: its CA was not matched to the apiserver certificate in your files (it may belong to another cluster)",
  dialledAddress: "the configuration naming the address the client dials",
  userBinding: "the RBAC bindings for this user (objects in the cluster, not files)",
  saSigningFound: "The private signing key (kubeadm: `sa.key`) is in the drop.",
  /** Slots: {paths}. */
  saVerifying: "kube-apiserver verifies tokens with {paths}.",
  saPairOk: "The public half matches the signing key: tokens verify.",
  saExplain: {
    "client-presents":
      "Instead of a certificate, a service-account token is a signed JSON Web Token: whoever holds the private key can mint tokens.",
    "server-verifies":
      "kube-apiserver accepts a token only when one of its verification keys checks the signature.",
  },
  tokenExplain:
    "Without a client certificate the TLS handshake rests on the server's certificate alone; the client then sends its token with every request, in the `Authorization: Bearer` header.",
  saTitles: {
    "client-presents": "The signer signs the token with its private key",
    "server-verifies": "{server} checks the token's signature with the public key",
  },
  bootstrapToken:
    "The kubelet sends the bootstrap token as a bearer token; whether its Secret still exists in kube-system cannot be seen in files.",
  bootstrapIdentity: "The authenticator, not a certificate, puts the token in group `system:bootstrappers`.",
} as const;

/** The three flows the explorer teaches step by step. */
export const FLOWS = {
  "kubelet-bootstrap": {
    title: "Kubelet TLS bootstrap: from a token to a rotating client certificate",
    steps: {
      token: {
        title: "A bootstrap token in bootstrap-kubelet.conf",
        body: "A joining kubelet has no certificate yet. `kubeadm join` writes `/etc/kubernetes/bootstrap-kubelet.conf` (flag `--bootstrap-kubeconfig`) with a token `<token-id>.<token-secret>` in `users[].user.token`. The token is the Secret `bootstrap-token-<token-id>` in `kube-system`; kubeadm's default token lives 24 hours.",
        /** Slots: {source}. */
        here: "Here: {source}.",
        gone: "Normal on a node that has joined: kubeadm deletes the file once the kubelet has its certificate.",
      },
      group: {
        title: "The apiserver knows it as group system:bootstrappers",
        body: "With `--enable-bootstrap-token-auth=true` kube-apiserver accepts the token as user `system:bootstrap:<token-id>` in group `system:bootstrappers` (kubeadm adds `system:bootstrappers:kubeadm:default-node-token`). kubeadm's ClusterRoleBinding `kubeadm:kubelet-bootstrap` gives that group the ClusterRole `system:node-bootstrapper`: it may create CertificateSigningRequests and little else.",
      },
      csr: {
        title: "A CSR for signer kubernetes.io/kube-apiserver-client-kubelet",
        body: "The kubelet makes a new key and asks for a certificate with CN `system:node:<node name>` and O `system:nodes`, usages `digital signature` and `client auth` (plus `key encipherment` for an RSA key), from signer `kubernetes.io/kube-apiserver-client-kubelet`. That signer allows no SANs and no CA bit.",
        /** Slots: {nodes}. */
        here: "The nodes in your files: {nodes}.",
      },
      approve: {
        title: "Approved automatically through ClusterRoleBindings",
        body: "kube-controller-manager's csrapproving controller approves such a CSR when the requester holds the matching ClusterRole: kubeadm's `kubeadm:node-autoapprove-bootstrap` binds the bootstrap group to `system:certificates.k8s.io:certificatesigningrequests:nodeclient` (the first certificate), and `kubeadm:node-autoapprove-certificate-rotation` binds group `system:nodes` to `system:certificates.k8s.io:certificatesigningrequests:selfnodeclient` (every renewal).",
        notKubeadm:
          "Those are kubeadm's names; a cluster built by hand needs the same ClusterRoles bound to group `system:bootstrappers` (and `system:nodes` for renewals).",
      },
      sign: {
        title: "Signed with --cluster-signing-cert-file",
        body: "kube-controller-manager signs the approved CSR with `--cluster-signing-cert-file` and `--cluster-signing-key-file` (kubeadm: the cluster CA, `ca.crt` and `ca.key`), for `--cluster-signing-duration` (default one year) or the CSR's shorter `expirationSeconds`. That CA must be the one kube-apiserver trusts in `--client-ca-file`, or every new kubelet certificate is rejected.",
        /** Slots: {path}, {subject}. */
        here: "The kubelet's client certificate in your files was signed by {path} ({subject}).",
        noControllerManager:
          "kube-controller-manager's configuration (kubeadm: /etc/kubernetes/manifests/kube-controller-manager.yaml)",
        caKey:
          "the cluster CA's private key (kubeadm: ca.key), which kube-controller-manager signs with (kubeadm's external-CA mode runs without it)",
        clusterCa: "the cluster CA (kubeadm: /etc/kubernetes/pki/ca.crt)",
      },
      current: {
        title: "kubelet-client-current.pem",
        body: "The kubelet writes the signed certificate and its key into one file, `kubelet-client-<date>.pem` in `--cert-dir` (`/var/lib/kubelet/pki`), and points the symlink `kubelet-client-current.pem` at it; kubelet.conf names the symlink.",
        embedded:
          "This kubelet's certificate is embedded in its kubeconfig (`client-certificate-data`), as on a first control-plane node set up before kubeadm 1.17: the kubelet cannot rotate it.",
        noKubelet:
          "the kubelet's client certificate (kubeadm: /var/lib/kubelet/pki/kubelet-client-current.pem)",
      },
      rotate: {
        title: "Rotation at 70–90 % of its lifetime",
        body: "With `rotateCertificates: true` (kubeadm's setting) the kubelet asks for a new certificate at a random moment between 70 % and 90 % of the current one's lifetime, through the same CSR flow, now authenticated by its current certificate in group `system:nodes`.",
        /** Slots: {start}, {end}. */
        window: "Your certificate rotates between {start} and {end}.",
        before: "That window has not opened yet.",
        inside: "The window is open now: the kubelet should renew any moment.",
        after:
          "The window has passed and the certificate was not replaced: check `rotateCertificates` and that kube-controller-manager approves and signs (see the steps above).",
        noWindow: "a certificate the kubelet rotates itself (kubelet-client-current.pem)",
      },
    },
  },
  "kubelet-serving": {
    title: "The kubelet's serving certificate: self-signed or signed by the cluster CA",
    /** Slots: {node}. */
    quoting: "On {node}:",
    steps: {
      which: {
        title: "What the kubelet serves on port 10250",
        body: "The kubelet serves `tlsCertFile`/`tlsPrivateKeyFile` from its configuration when they are set. Otherwise, with `serverTLSBootstrap` false (kubeadm's default), it makes a self-signed pair; with `serverTLSBootstrap: true` it asks the cluster for one.",
        /** Slots: {node}, {path}. */
        selfSigned: "{node} serves {path}, self-signed.",
        bootstrapped: "{node} serves {path}, issued through a kubelet-serving CSR.",
        configured: "{node} serves {path}, a certificate given to it in its configuration.",
        noServing: "the kubelet's serving certificate (kubeadm: /var/lib/kubelet/pki/kubelet.crt)",
      },
      selfSigned: {
        title: "The default: a self-signed kubelet.crt",
        body: "`kubelet.crt` has CN `<hostname>@<unix-seconds>` and is issued by its own CA `<hostname>-ca@<unix-seconds>`; it names only the hostname (no IP), lasts one year and is never renewed.",
        none: "None of the kubelets in your files serves a self-signed certificate.",
      },
      bootstrap: {
        title: "The alternative: serverTLSBootstrap and a manual approval",
        body: "With `serverTLSBootstrap: true` (flag `--rotate-server-certificates`) the kubelet sends a CSR to signer `kubernetes.io/kubelet-serving` with CN `system:node:<node name>`, O `system:nodes` and its host names and IPs as SANs. kube-controller-manager never approves these by itself: someone runs `kubectl get csr` and `kubectl certificate approve <name>`, or installs an approver. The result is `kubelet-server-current.pem`, rotated like the client certificate.",
        none: "None of the kubelets in your files serves a CSR-issued certificate.",
      },
      verify: {
        title: "Does kube-apiserver check it?",
        body: "Only with `--kubelet-certificate-authority`. kubeadm leaves it unset, so kube-apiserver takes whatever the kubelet presents. Setting it while kubelets still serve self-signed certificates breaks `kubectl logs` and `exec`:",
      },
    },
  },
  "ca-rotation": {
    title: "Renewal and CA rotation",
    steps: {
      renew: {
        title: "A leaf is renewed, a CA is rotated",
        body: "Renewing a leaf reissues it from the same CA (`kubeadm certs renew <name>`): whoever trusts the CA accepts the new one, and only the component that presents it restarts. A CA cannot be renewed that way to a new key: every bundle that trusts it and every leaf it signed must change, in an order that keeps both keys trusted at every moment.",
        /** Slots: {ca}, {caDate}. */
        here: "In your files the cluster CA is {ca}, valid until {caDate}.",
        /** Slots: {leaf}, {leafDate}. */
        leaf: "The first of its leaves to renew is {leaf}, on {leafDate}.",
        noCa: "the cluster CA (kubeadm: /etc/kubernetes/pki/ca.crt)",
      },
      /** Slots for every step below: {files}. */
      files: "In your files, on {node}: {files}.",
      skipped: "If skipped or done out of order: {why}",
    },
  },
  "service-account-tokens": {
    title: "Service-account tokens: a key pair, no CA",
    steps: {
      pair: {
        title: "One key pair",
        body: "kubeadm makes `sa.key` (private) and `sa.pub` (its public half). There is no certificate and no CA: a token is trusted because this key signed it.",
        /** Slots: {paths}. */
        here: "The public key in your files: {paths}.",
        noPublic: "the service-account public key (kubeadm: /etc/kubernetes/pki/sa.pub)",
      },
      sign: {
        title: "Signing",
        body: "kube-apiserver signs the tokens it issues with `--service-account-signing-key-file` and names itself in `--service-account-issuer` (kubeadm: `https://kubernetes.default.svc.<dns domain>`); kube-controller-manager signs legacy Secret-based tokens with `--service-account-private-key-file`. kubeadm points both at `sa.key`.",
      },
      project: {
        title: "Projected into pods",
        body: "For each pod the kubelet requests a token for the pod's service account and mounts it as a projected volume at `/var/run/secrets/kubernetes.io/serviceaccount/token`, next to `ca.crt` (the cluster CA, from kube-controller-manager's `--root-ca-file`). A projected token expires (after one hour unless the pod asks otherwise); the kubelet refreshes it once it is older than 80 % of its lifetime or 24 hours.",
      },
      verify: {
        title: "Verification",
        body: "kube-apiserver checks each token's signature with the keys in `--service-account-key-file` (kubeadm: `sa.pub`). Every apiserver must hold the public half of every signing key in use, so the control-plane nodes of one cluster share one `sa.key`/`sa.pub`. When they do not:",
      },
      identity: {
        title: "Who the token is",
        body: "A valid token makes its bearer user `system:serviceaccount:<namespace>:<name>` in groups `system:serviceaccounts` and `system:serviceaccounts:<namespace>`; RBAC takes it from there. kubeadm's kube-proxy, for one, is `system:serviceaccount:kube-system:kube-proxy`, bound by `kubeadm:node-proxier` to the ClusterRole `system:node-proxier`.",
      },
    },
  },
} as const;

/** The lesson of one relationship. */
export function lessonFor(id: RelationshipId): RelationshipLesson {
  return RELATIONSHIP_LESSONS[id];
}
