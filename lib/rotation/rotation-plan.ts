/**
 * A CA rotation plan made from a report: for one trust root, the staged procedure with this
 * cluster's own nodes, files and components — 1 distribute the new CA next to the old one, 2 reissue
 * the leaves, 3 switch the signer, 4 restart in a safe order, 5 remove the old CA — each step with
 * the files it touches on each node, the commands where one exists, and what breaks if it is skipped
 * or done out of order. kubeadm's roots follow kubernetes.io's "Manual Rotation of CA Certificates"
 * on kubeadm's files; k3s and RKE2 follow `k3s certificate rotate-ca`. When the drop is already
 * mid-rotation (`report.rotations`), each step says how far each node got.
 *
 * Pure: a function of the report alone, like the renewal plan, so the CLI and the page agree.
 */
import { nodeRoot } from "../cluster/node-root";
import type { Report, ReportCertificate, ReportRotation, RotationStepId } from "../report";
import { staticPodRestartCommand } from "../plan/restart";
import { renewCommand } from "../cluster/kubeadm-renew";
import { naturalOrder } from "../shared/natural-order";
import { MANUAL_ROTATION_URL } from "./rotation-words";
import { ROOT_WORDS, rootNameOf } from "./rotation-roots";

export type PlanStepNumber = 1 | 2 | 3 | 4 | 5;

/** What one node (or the cluster, through kubectl) does in a step. */
export interface RotationPlanAction {
  /** The node's name; "" for a drop of one unnamed node; `cluster` for kubectl from an admin machine. */
  node: string;
  /** Files the action changes, as paths on the node (`/etc/kubernetes/pki/ca.crt`). */
  files: string[];
  /** Shell commands, in order. */
  commands: string[];
  /** Why, or what to check, when the commands do not say it. */
  note?: string;
  /** From the files: the node has already done this (mid-rotation drops only). */
  done?: boolean;
}

export interface RotationPlanStep {
  step: PlanStepNumber;
  title: string;
  /** What the step achieves. */
  purpose: string;
  /** What breaks when the step is skipped or done out of order. */
  ifSkipped: string;
  actions: RotationPlanAction[];
  /** From the files, mid-rotation: every node done, some, or none. */
  state?: "done" | "partly" | "todo";
}

export interface RotationPlanNode {
  node: string;
  /** Its folder in the drop ("" for a drop of one node's root). */
  root: string;
  controlPlane: boolean;
}

export interface RotationPlan {
  /** The plan-rotation name: cluster-ca, etcd-ca, front-proxy-ca, sa, client-ca, … */
  root: string;
  /** "the cluster CA". */
  words: string;
  family: "kubeadm" | "k3s" | "rke2" | "other";
  /** The CA being replaced (its newest certificate in the drop), when a certificate is the root. */
  ca?: { certificateId: string; subject: string; notAfter: string; daysLeft: number; keyAlgorithm: string };
  nodes: RotationPlanNode[];
  /** The API endpoints the drop's kubeconfigs dial through a load balancer or a shared name. */
  endpoints: string[];
  /** Where the drop stands, when the rotation is under way. */
  stand?: ReportRotation;
  steps: RotationPlanStep[];
  /** Where this plan departs from the documented procedure, and why. */
  notes: string[];
  docs: string[];
}

/** The roots a plan can be made for in this report, by plan-rotation name. */
export function rotationRoots(report: Report): string[] {
  const roots = new Set<string>();
  for (const anchor of report.trustAnchors) {
    const cert = anchor.certificateId
      ? report.certificates.find((c) => c.id === anchor.certificateId)
      : undefined;
    const name = rootNameOf(anchor.role, cert?.subject ?? "");
    if (name) roots.add(name);
  }
  for (const rotation of report.rotations ?? []) if (rotation.root) roots.add(rotation.root);
  return [...roots];
}

/** The CA certificates of a root: every certificate its anchors name, and each rotation generation. */
function caIdsOf(report: Report, root: string): Set<string> {
  const ids = new Set<string>();
  for (const anchor of report.trustAnchors) {
    if (!anchor.certificateId) continue;
    const cert = report.certificates.find((c) => c.id === anchor.certificateId);
    if (rootNameOf(anchor.role, cert?.subject ?? "") === root) ids.add(anchor.certificateId);
  }
  for (const rotation of report.rotations ?? [])
    if (rotation.root === root)
      for (const generation of rotation.generations) for (const id of generation.certificateIds) ids.add(id);
  // Same key under the same name (a renewed CA): its other certificates too.
  const subjects = new Set([...ids].map((id) => report.certificates.find((c) => c.id === id)?.subject));
  for (const cert of report.certificates) if (cert.isCA && subjects.has(cert.subject)) ids.add(cert.id);
  return ids;
}

const SYSTEM_DIRS = /^(etc|var|opt|home|root|srv|run|usr)\//;

/** A drop path as the path on its node: `cp-2/etc/kubernetes/pki/ca.crt` → `/etc/kubernetes/pki/ca.crt`. */
export function nodePath(path: string): string {
  const file = path.split("#", 1)[0] ?? path;
  const root = nodeRoot(file) ?? "";
  const rest = root === "" ? file : file.slice(root.length + 1);
  if (SYSTEM_DIRS.test(rest)) return `/${rest}`;
  if (/^(pki|manifests)\//.test(rest) || /^[a-z-]+\.conf$/.test(rest)) return `/etc/kubernetes/${rest}`;
  return rest;
}

const CONTROL_PLANE_KINDS = new Set(["kube-apiserver", "kube-controller-manager", "kube-scheduler"]);

/** The drop's nodes: control planes first, by the folders their files lie in, named as the report names them. */
function planNodes(report: Report): RotationPlanNode[] {
  const names = new Map<string, string>();
  for (const component of report.components) {
    if (component.kind !== "kubelet" || component.node === undefined) continue;
    for (const source of component.sources) {
      const root = nodeRoot(source);
      if (root !== undefined && !names.has(root)) names.set(root, component.node);
    }
  }
  // Control planes: where a control-plane component's configuration or the apiserver's serving
  // certificate lies (k3s and RKE2 keep their flags in memory, not in manifests).
  const planes = new Set<string>();
  for (const component of report.components)
    if (CONTROL_PLANE_KINDS.has(component.kind))
      for (const source of component.sources) planes.add(nodeRoot(source) ?? "");
  for (const relationship of report.relationships) {
    const served =
      relationship.id === "apiserver-serving" ? relationship.serverEnd.presents?.source : undefined;
    if (served) planes.add(nodeRoot(served.split("#", 1)[0] ?? served) ?? "");
  }
  const roots = new Set<string>();
  const add = (path: string) => {
    const root = nodeRoot(path.split("#", 1)[0] ?? path);
    if (root !== undefined) roots.add(root);
  };
  for (const cert of report.certificates) for (const path of cert.paths) add(path);
  for (const component of report.components) for (const source of component.sources) add(source);
  const single = report.cluster.nodes.length === 1 ? report.cluster.nodes[0] : undefined;
  return [...roots]
    .map((root) => ({
      node: names.get(root) ?? (root === "" ? (single ?? "") : (root.split("/").pop() ?? root)),
      root,
      controlPlane: planes.has(root),
    }))
    .sort((a, b) =>
      a.controlPlane === b.controlPlane ? naturalOrder(a.node, b.node) : a.controlPlane ? -1 : 1,
    );
}

/** Whether a drop path lies in a node's folder. */
function onNode(path: string, node: RotationPlanNode): boolean {
  const root = nodeRoot(path.split("#", 1)[0] ?? path);
  return (root ?? "") === node.root;
}

interface RootFacts {
  ids: Set<string>;
  /** Bundle sources that trust the CA (files and kubeconfig clusters). */
  bundles: string[];
  /** Certificates the CA signed (not CAs). */
  leaves: ReportCertificate[];
}

function rootFacts(report: Report, root: string): RootFacts {
  const ids = caIdsOf(report, root);
  const bundles = new Set<string>();
  for (const relationship of report.relationships)
    for (const end of [relationship.clientEnd, relationship.serverEnd]) {
      const trust = end.verifiesWith;
      if (trust && trust.certificateIds.some((id) => ids.has(id))) bundles.add(trust.source);
    }
  for (const anchor of report.trustAnchors)
    if (anchor.certificateId && ids.has(anchor.certificateId))
      for (const path of anchor.paths) if (!/#block \d+$/.test(path)) bundles.add(path);
  const leaves = report.certificates.filter(
    (cert) => !cert.isCA && cert.issuerId !== undefined && ids.has(cert.issuerId),
  );
  return { ids, bundles: [...bundles].sort(naturalOrder), leaves };
}

const kubeconfigCluster = (source: string) => /#clusters\/(.+)$/.exec(source)?.[1];

/** Commands that put `bundle` (a path on the node) into every kubeconfig cluster of the node that trusts the CA. */
function kubeconfigCommands(sources: readonly string[], bundle: string): string[] {
  return sources.flatMap((source) => {
    const cluster = kubeconfigCluster(source);
    if (!cluster) return [];
    return [
      `kubectl config set-cluster ${cluster} --kubeconfig ${nodePath(source)} --certificate-authority ${bundle} --embed-certs`,
    ];
  });
}

const MANUAL_RESTARTS = {
  apiserver: staticPodRestartCommand("kube-apiserver.yaml"),
  controllerManager: staticPodRestartCommand("kube-controller-manager.yaml"),
  scheduler: staticPodRestartCommand("kube-scheduler.yaml"),
  etcd: staticPodRestartCommand("etcd.yaml"),
  kubelet: "systemctl restart kubelet",
};

/** How kubeadm files a root: its CA file pair, its leaves by kubeadm name. */
const KUBEADM_ROOTS: Record<string, { crt: string; key: string; leaves: string[] } | undefined> = {
  "cluster-ca": {
    crt: "/etc/kubernetes/pki/ca.crt",
    key: "/etc/kubernetes/pki/ca.key",
    leaves: [
      "apiserver",
      "apiserver-kubelet-client",
      "admin.conf",
      "super-admin.conf",
      "controller-manager.conf",
      "scheduler.conf",
    ],
  },
  "etcd-ca": {
    crt: "/etc/kubernetes/pki/etcd/ca.crt",
    key: "/etc/kubernetes/pki/etcd/ca.key",
    leaves: ["etcd-server", "etcd-peer", "etcd-healthcheck-client", "apiserver-etcd-client"],
  },
  "front-proxy-ca": {
    crt: "/etc/kubernetes/pki/front-proxy-ca.crt",
    key: "/etc/kubernetes/pki/front-proxy-ca.key",
    leaves: ["front-proxy-client"],
  },
};

/** `/etc/kubernetes/pki/ca.crt` → `/etc/kubernetes/pki/ca-new.crt`. */
const beside = (path: string, tag: string) => path.replace(/(\.[a-z]+)$/, `-${tag}$1`);

function keyCommand(algorithm: string, keyPath: string): string {
  return /EC|ECDSA|P-256/i.test(algorithm)
    ? `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ${keyPath}`
    : `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${/4096/.test(algorithm) ? 4096 : 2048} -out ${keyPath}`;
}

/** Which nodes of the stand already did a step (by its node steps). */
function doneBy(
  stand: ReportRotation | undefined,
  node: RotationPlanNode,
  step: PlanStepNumber,
): boolean | undefined {
  if (!stand) return undefined;
  const at = stand.nodes.find((n) => n.root === node.root)?.step;
  if (at === undefined) return undefined;
  const order: Record<RotationStepId, number> = { 1: 1, 2: 2, 3: 3, 5: 5, done: 6 };
  return order[at] > step;
}

/** Step 3 on a control plane: kube-controller-manager signs with the new key. */
function signerDone(stand: ReportRotation | undefined, node: RotationPlanNode): { done?: boolean } {
  const signer = stand?.nodes.find((n) => n.root === node.root)?.signer;
  return signer ? { done: signer.from === "new" } : {};
}

/** Step 3 for a kubelet: its client certificate is from the new key. */
function kubeletDone(stand: ReportRotation | undefined, node: RotationPlanNode): { done?: boolean } {
  const leaves = stand?.nodes.find((n) => n.root === node.root)?.leaves.filter((l) => l.bySigner) ?? [];
  return leaves.length > 0 ? { done: leaves.every((l) => l.from === "new") } : {};
}

function stateOf(actions: readonly RotationPlanAction[]): RotationPlanStep["state"] {
  const known = actions.filter((a) => a.done !== undefined);
  if (known.length === 0) return undefined;
  if (known.every((a) => a.done)) return "done";
  return known.some((a) => a.done) ? "partly" : "todo";
}

function kubeadmPlan(
  report: Report,
  root: string,
  facts: RootFacts,
  nodes: RotationPlanNode[],
  stand?: ReportRotation,
): RotationPlanStep[] {
  const files = KUBEADM_ROOTS[root];
  if (!files) return [];
  const ca = caOf(report, facts);
  const planes = nodes.filter((n) => n.controlPlane);
  const workers = nodes.filter((n) => !n.controlPlane);
  const first = planes[0];
  const newCrt = beside(files.crt, "new");
  const newKey = beside(files.key, "new");
  const oldCrt = beside(files.crt, "old");
  const cn = ca ? (/CN=([^,]+)/.exec(ca.subject)?.[1] ?? "kubernetes") : "kubernetes";
  const bundlesOn = (node: RotationPlanNode) => facts.bundles.filter((b) => onNode(b, node));
  const fileBundles = (node: RotationPlanNode) => [
    ...new Set(
      bundlesOn(node)
        .filter((b) => !b.includes("#"))
        .map(nodePath),
    ),
  ];
  const isCluster = root === "cluster-ca";
  const isEtcd = root === "etcd-ca";
  /** A worker's copy of the bundle (its clientCAFile) and kubelet.conf's CA data from cp-1's ca.crt. */
  const workerBundles = (node: RotationPlanNode, step: PlanStepNumber): RotationPlanAction => {
    const kubeconfigs = bundlesOn(node).filter((b) => b.includes("#clusters/"));
    const clientCa = fileBundles(node);
    const done = doneBy(stand, node, step);
    return {
      node: node.node,
      files: [...clientCa, ...kubeconfigs.map(nodePath)],
      commands: [
        ...clientCa.map((file) => `scp ${first?.node ?? "<control-plane>"}:${files.crt} ${file}`),
        ...kubeconfigCommands(kubeconfigs, clientCa[0] ?? files.crt),
        MANUAL_RESTARTS.kubelet,
      ],
      ...(done !== undefined ? { done } : {}),
    };
  };

  // Step 1: distribute.
  const distribute: RotationPlanAction[] = [];
  if (first)
    distribute.push({
      node: first.node,
      files: [newCrt, newKey],
      commands: [
        keyCommand(ca?.keyAlgorithm ?? "RSA 2048", newKey),
        `openssl req -x509 -new -key ${newKey} -subj "/CN=${cn}" -days 3650 -sha256 -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,digitalSignature,keyEncipherment,keyCertSign" -out ${newCrt}`,
        ...planes
          .slice(1)
          .map((p) => `scp -p ${newCrt} ${newKey} ${p.node}:${files.crt.replace(/\/[^/]+$/, "/")}`),
      ],
      note: `Make the new CA once, on ${first.node}, and copy it to the other control planes; keep ${newKey} off every other machine.`,
      ...(stand ? { done: true } : {}),
    });
  for (const node of planes) {
    const kubeconfigs = isCluster ? bundlesOn(node).filter((b) => b.includes("#clusters/")) : [];
    distribute.push({
      node: node.node,
      files: [...fileBundles(node), ...kubeconfigs.map(nodePath)],
      commands: [
        `cp -p ${files.crt} ${oldCrt}`,
        `cat ${oldCrt} ${newCrt} > ${files.crt}`,
        ...kubeconfigCommands(kubeconfigs, files.crt),
        ...(isEtcd
          ? [
              MANUAL_RESTARTS.etcd,
              "ETCDCTL_API=3 etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/healthcheck-client.crt --key /etc/kubernetes/pki/etcd/healthcheck-client.key endpoint health",
              MANUAL_RESTARTS.apiserver,
            ]
          : [
              MANUAL_RESTARTS.apiserver,
              MANUAL_RESTARTS.controllerManager,
              MANUAL_RESTARTS.scheduler,
              ...(isCluster ? [MANUAL_RESTARTS.kubelet] : []),
            ]),
      ],
      note: `The old CA stays first in ${files.crt}: ${files.key} still matches its first certificate, so kubeadm${isCluster ? " and kube-controller-manager's signer" : ""} keep signing with the old key until step 3.`,
      ...(doneBy(stand, node, 1) !== undefined ? { done: doneBy(stand, node, 1) } : {}),
    });
  }
  if (isCluster) {
    for (const node of workers)
      distribute.push({
        ...workerBundles(node, 1),
        note: "The kubelet's clientCAFile and kubelet.conf's certificate-authority-data, both old and new.",
      });
    distribute.push({
      node: "cluster",
      files: [],
      commands: [
        "kubectl get configmap kube-root-ca.crt -n kube-system -o jsonpath='{.data.ca\\.crt}' | grep -c 'BEGIN CERTIFICATE'",
        "kubectl get secrets -A --field-selector type=kubernetes.io/service-account-token -o name",
        "kubectl -n kube-system rollout restart daemonset/kube-proxy deployment/coredns",
      ],
      note: "kube-controller-manager publishes its --root-ca-file (ca.crt, now both) as the kube-root-ca.crt ConfigMap in every namespace: the first command must say 2. Legacy token Secrets carry their own ca.crt: give them both (kubernetes.io's loop). Then restart the pods that use in-cluster configuration, and any aggregated API server or webhook that reads the extension-apiserver-authentication ConfigMap.",
    });
  }

  // Step 2: reissue the leaves from the new CA, control plane by control plane.
  const reissue: RotationPlanAction[] = [];
  const work = "/root/ca-rotation/pki";
  for (const node of planes) {
    const leaves = facts.leaves.filter((leaf) => leaf.paths.some((path) => onNode(path, node)));
    const names = [
      ...new Set(
        leaves
          .flatMap((leaf) => leaf.paths.filter((p) => onNode(p, node)).map(renewCommand))
          .filter((command): command is string => command !== undefined),
      ),
    ];
    // The files kubeadm renews (the kubelet's client certificate follows the signer, step 3).
    const certFiles = leaves
      .flatMap((leaf) =>
        leaf.paths.filter((p) => onNode(p, node) && !p.includes("#") && renewCommand(p) !== undefined),
      )
      .map(nodePath);
    if (names.length === 0 && certFiles.length === 0) continue;
    const copyBack = certFiles.flatMap((file) => {
      const relative = file.replace("/etc/kubernetes/pki/", "");
      const key = relative.replace(/\.crt$/, ".key");
      return [
        `cp ${work}/${relative} ${work}/${key} /etc/kubernetes/pki/${relative.includes("/") ? relative.replace(/[^/]+$/, "") : ""}`,
      ];
    });
    const relativeCa = files.crt.replace("/etc/kubernetes/pki/", "");
    reissue.push({
      node: node.node,
      files: [
        ...new Set([
          ...certFiles,
          ...leaves
            .flatMap((l) => l.paths.filter((p) => onNode(p, node) && p.includes("#users/")))
            .map(nodePath),
        ]),
      ],
      commands: [
        `install -d -m 700 /root/ca-rotation && cp -a /etc/kubernetes/pki /root/ca-rotation/`,
        `cp ${newCrt} ${work}/${relativeCa} && cp ${newKey} ${work}/${relativeCa.replace(/\.crt$/, ".key")}`,
        ...names.map((command) => `${command} --cert-dir ${work}`),
        ...copyBack,
        "rm -rf /root/ca-rotation",
        ...(isEtcd ? [MANUAL_RESTARTS.etcd] : []),
        MANUAL_RESTARTS.apiserver,
        ...(isCluster ? [MANUAL_RESTARTS.controllerManager, MANUAL_RESTARTS.scheduler] : []),
      ],
      note: `kubeadm signs with the first certificate of ${relativeCa} and its key, so the renewals run on a copy of the folder that holds the new CA there; the kubeconfigs are written in place. One control plane at a time: the others serve meanwhile.`,
      ...(doneBy(stand, node, 2) !== undefined ? { done: doneBy(stand, node, 2) } : {}),
    });
  }
  const unmanaged = facts.leaves.filter(
    (leaf) =>
      !leaf.paths.some((p) => renewCommand(p) !== undefined) &&
      !leaf.paths.some((p) => /kubelet-client|kubelet\.conf#users/.test(p)),
  );
  for (const leaf of unmanaged) {
    const node = nodes.find((n) => leaf.paths.some((p) => onNode(p, n)));
    const path = leaf.paths.find((p) => !p.includes("#")) ?? leaf.paths[0] ?? leaf.id;
    reissue.push({
      node: node?.node ?? "",
      files: [nodePath(path)],
      commands: [
        `openssl x509 -x509toreq -in ${nodePath(path)} -signkey ${nodePath(path).replace(/\.(crt|pem)$/, ".key")} -copy_extensions copyall -out /root/reissue.csr`,
        `openssl x509 -req -in /root/reissue.csr -CA ${newCrt} -CAkey ${newKey} -copy_extensions copyall -days 365 -sha256 -out ${nodePath(path)}`,
      ],
      note: `Not a kubeadm-managed file: reissue it from the new CA with the same subject and names, then restart what presents it (${leaf.usedBy.join(", ") || "its owner"}).`,
    });
  }

  // Step 3: the signer.
  const signer: RotationPlanAction[] = [];
  for (const node of planes)
    signer.push({
      node: node.node,
      files: [files.crt, files.key],
      commands: [
        `cat ${newCrt} ${oldCrt} > ${files.crt}`,
        `cp -p ${newKey} ${files.key}`,
        ...(isCluster ? [MANUAL_RESTARTS.controllerManager] : []),
      ],
      note: isCluster
        ? "The new CA first, with its key: kube-controller-manager (--cluster-signing-cert-file, --cluster-signing-key-file) and later kubeadm renewals sign with it. Every bundle must already hold the new CA (step 1), or what it signs is refused."
        : "The new CA first, with its key, so every later `kubeadm certs renew` signs with it.",
      ...signerDone(stand, node),
    });
  if (isCluster)
    for (const node of nodes) {
      const current = facts.leaves.find((leaf) =>
        leaf.paths.some(
          (p) => onNode(p, node) && /kubelet-client-current\.pem$/.test(p.split("#", 1)[0] ?? p),
        ),
      );
      if (!current) continue;
      signer.push({
        node: node.node,
        files: ["/var/lib/kubelet/pki/kubelet-client-current.pem"],
        commands: [
          `kubeadm kubeconfig user --org system:nodes --client-name system:node:${node.node} > /root/kubelet-${node.node}.conf`,
        ],
        ...kubeletDone(stand, node),
        note: `The kubelet asks the new signer for its next client certificate on its own (rotateCertificates) once 70–90% of the current one's life has passed (${current.notAfter.slice(0, 10)}). To move now: run the command on a control plane, put the file on ${node.node} as /etc/kubernetes/kubelet.conf, restart the kubelet, and point kubelet.conf back at /var/lib/kubelet/pki/kubelet-client-current.pem once it is rewritten (kubeadm's "kubelet client certificate rotation" troubleshooting steps).`,
      });
    }

  // Step 4: restart, in order.
  const restart: RotationPlanAction[] = [
    ...planes.map((node) => ({
      node: node.node,
      files: [],
      commands: [
        ...(isEtcd ? [MANUAL_RESTARTS.etcd] : []),
        MANUAL_RESTARTS.apiserver,
        MANUAL_RESTARTS.controllerManager,
        MANUAL_RESTARTS.scheduler,
        MANUAL_RESTARTS.kubelet,
      ],
      note: "One control plane at a time; wait for its apiserver to be ready behind the load balancer before the next.",
    })),
    ...(isCluster
      ? workers.map((node) => ({ node: node.node, files: [], commands: [MANUAL_RESTARTS.kubelet] }))
      : []),
  ];
  if (isCluster)
    restart.push({
      node: "cluster",
      files: [],
      commands: [
        "kubectl get deployments,daemonsets -A -o name",
        "kubectl -n <namespace> rollout restart deployment/<name> daemonset/<name>",
      ],
      note: "Every pod with in-cluster configuration re-reads kube-root-ca.crt only when it restarts; roll them namespace by namespace, within their disruption budgets.",
    });

  // Step 5: remove the old CA.
  const remove: RotationPlanAction[] = [];
  for (const node of planes) {
    const kubeconfigs = isCluster ? bundlesOn(node).filter((b) => b.includes("#clusters/")) : [];
    remove.push({
      node: node.node,
      files: [files.crt, oldCrt, newCrt, newKey, ...kubeconfigs.map(nodePath)],
      commands: [
        `cp -p ${newCrt} ${files.crt}`,
        ...kubeconfigCommands(kubeconfigs, files.crt),
        `rm ${oldCrt} ${newCrt} ${newKey}`,
        ...(isEtcd ? [MANUAL_RESTARTS.etcd] : []),
        MANUAL_RESTARTS.apiserver,
        ...(isCluster
          ? [MANUAL_RESTARTS.controllerManager, MANUAL_RESTARTS.scheduler, MANUAL_RESTARTS.kubelet]
          : []),
      ],
      ...(doneBy(stand, node, 5) !== undefined ? { done: doneBy(stand, node, 5) } : {}),
    });
  }
  if (isCluster) {
    for (const node of workers) remove.push(workerBundles(node, 5));
    remove.push({
      node: "cluster",
      files: [],
      commands: [
        "kubectl get cm cluster-info -n kube-public -o yaml",
        "cp /etc/kubernetes/admin.conf $HOME/.kube/config",
      ],
      note: "Put the new CA alone into the cluster-info ConfigMap's certificate-authority-data (kubeadm join discovers the CA there), into legacy service-account token Secrets, and into every copy of a kubeconfig outside the nodes (~/.kube/config, CI secrets): a copy left with the old CA alone is refused after this step.",
    });
  }

  const what = ROOT_WORDS[root] ?? root;
  const verifiers = isCluster
    ? "kubelets (kubelet.conf), kubectl (admin.conf), every pod's in-cluster client (kube-root-ca.crt) and the apiserver's --client-ca-file"
    : isEtcd
      ? "etcd members (--peer-trusted-ca-file, --trusted-ca-file) and kube-apiserver (--etcd-cafile)"
      : "kube-apiserver's --requestheader-client-ca-file and the aggregated API servers that read it from extension-apiserver-authentication";
  return [
    {
      step: 1,
      title: `Distribute the new ${what.replace(/^the /, "")} next to the old one`,
      purpose: `Every verifier trusts both keys before anything presents a certificate of the new one.`,
      ifSkipped: `A certificate of the new key shown to a verifier that holds only the old CA is refused with "x509: certificate signed by unknown authority": ${verifiers}.`,
      actions: distribute,
      ...(stateOf(distribute) ? { state: stateOf(distribute) } : {}),
    },
    {
      step: 2,
      title: "Reissue the leaves from the new CA, node by node",
      purpose:
        "Every certificate the old key signed is replaced by one of the new key, so nothing depends on the old CA any more.",
      ifSkipped:
        "Removing the old CA (step 5) then breaks every leaf still from it; done before step 1 is complete, the new leaves are refused by whoever still trusts only the old CA.",
      actions: reissue,
      ...(stateOf(reissue) ? { state: stateOf(reissue) } : {}),
    },
    {
      step: 3,
      title: isCluster
        ? "Switch the signer and the kubelets to the new CA"
        : "Make the new CA the one kubeadm signs with",
      purpose: isCluster
        ? "kube-controller-manager issues every new certificate (kubelet client certificates, CSRs) from the new key; the kubelets rotate onto it."
        : "Later renewals come from the new key.",
      ifSkipped: isCluster
        ? "The signer keeps issuing certificates from the old key: after step 5 every kubelet's next client certificate is refused and the node goes NotReady. Done before step 1 is complete (CA_ROTATION_SIGNER_AHEAD), it is the other way round."
        : "The next `kubeadm certs renew` signs with the old key again, and those leaves break once the old CA is removed.",
      actions: signer,
      ...(stateOf(signer) ? { state: stateOf(signer) } : {}),
    },
    {
      step: 4,
      title: "Restart in a safe order",
      purpose: isEtcd
        ? "etcd members one at a time (quorum holds), then each kube-apiserver."
        : "Control planes one at a time behind the load balancer, then every kubelet, then the pods with in-cluster configuration.",
      ifSkipped:
        "A process keeps the bundle and certificate it read at start: the files are right while the running cluster still trusts and presents the old ones, until it dies at the worst moment.",
      actions: restart,
    },
    {
      step: 5,
      title: "Remove the old CA",
      purpose:
        "The old key is trusted nowhere: whatever it signs (the usual reason to rotate is that it leaked) is refused.",
      ifSkipped:
        "The old key stays trusted everywhere; removed too early, every leaf and kubeconfig still from it is refused (CA_ROTATION_OUT_OF_ORDER).",
      actions: remove,
      ...(stateOf(remove) ? { state: stateOf(remove) } : {}),
    },
  ];
}

/** The service-account key pair, kubeadm's way: verify both public keys first, then sign with the new. */
function serviceAccountPlan(nodes: RotationPlanNode[]): RotationPlanStep[] {
  const planes = nodes.filter((n) => n.controlPlane);
  const first = planes[0];
  return [
    {
      step: 1,
      title: "Make a new key pair and have every apiserver verify both public keys",
      purpose:
        "Tokens signed by either key are accepted by every kube-apiserver before any of them signs with the new key.",
      ifSkipped:
        'Tokens signed with the new key are "invalid bearer token" on apiservers that verify only the old public key: pods and controllers lose the API.',
      actions: [
        ...(first
          ? [
              {
                node: first.node,
                files: ["/etc/kubernetes/pki/sa-new.key", "/etc/kubernetes/pki/sa-new.pub"],
                commands: [
                  "openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out /etc/kubernetes/pki/sa-new.key",
                  "openssl pkey -in /etc/kubernetes/pki/sa-new.key -pubout -out /etc/kubernetes/pki/sa-new.pub",
                  ...planes
                    .slice(1)
                    .map(
                      (p) =>
                        `scp -p /etc/kubernetes/pki/sa-new.key /etc/kubernetes/pki/sa-new.pub ${p.node}:/etc/kubernetes/pki/`,
                    ),
                ],
              },
            ]
          : []),
        ...planes.map((node) => ({
          node: node.node,
          files: ["/etc/kubernetes/pki/sa.pub"],
          commands: [
            "cp -p /etc/kubernetes/pki/sa.pub /etc/kubernetes/pki/sa-old.pub",
            "cat /etc/kubernetes/pki/sa-old.pub /etc/kubernetes/pki/sa-new.pub > /etc/kubernetes/pki/sa.pub",
            MANUAL_RESTARTS.apiserver,
          ],
          note: "kube-apiserver's --service-account-key-file may hold several public keys: every one verifies.",
        })),
      ],
    },
    {
      step: 2,
      title: "Nothing to reissue by hand",
      purpose:
        "Tokens are not files: the kubelet refreshes projected tokens, signed by whoever signs after step 3.",
      ifSkipped: "—",
      actions: [],
    },
    {
      step: 3,
      title: "Sign with the new key",
      purpose:
        "kube-apiserver (--service-account-signing-key-file) and kube-controller-manager (--service-account-private-key-file) sign new tokens with the new key.",
      ifSkipped: "Tokens keep coming from the old key, and break once its public key is removed.",
      actions: planes.map((node) => ({
        node: node.node,
        files: ["/etc/kubernetes/pki/sa.key"],
        commands: [
          "cp -p /etc/kubernetes/pki/sa-new.key /etc/kubernetes/pki/sa.key",
          MANUAL_RESTARTS.apiserver,
          MANUAL_RESTARTS.controllerManager,
        ],
        note: "Only once step 1 is done on every control plane.",
      })),
    },
    {
      step: 4,
      title: "Restart the pods, and wait out the old tokens",
      purpose:
        "Projected tokens last an hour for the kubelet to refresh, but kube-apiserver extends them to a year for old clients (--service-account-extend-token-expiration): restart every pod so each holds a token of the new key.",
      ifSkipped:
        "Pods that kept a token of the old key fail with 401 Unauthorized once step 5 removes its public key.",
      actions: [
        {
          node: "cluster",
          files: [],
          commands: [
            "kubectl -n <namespace> rollout restart deployment/<name> daemonset/<name> statefulset/<name>",
          ],
        },
      ],
    },
    {
      step: 5,
      title: "Remove the old public key",
      purpose: "Tokens of the old key are refused.",
      ifSkipped: "Anyone with the old private key can still mint tokens.",
      actions: planes.map((node) => ({
        node: node.node,
        files: [
          "/etc/kubernetes/pki/sa.pub",
          "/etc/kubernetes/pki/sa-old.pub",
          "/etc/kubernetes/pki/sa-new.key",
          "/etc/kubernetes/pki/sa-new.pub",
        ],
        commands: [
          "cp -p /etc/kubernetes/pki/sa-new.pub /etc/kubernetes/pki/sa.pub",
          "rm /etc/kubernetes/pki/sa-old.pub /etc/kubernetes/pki/sa-new.key /etc/kubernetes/pki/sa-new.pub",
          MANUAL_RESTARTS.apiserver,
        ],
      })),
    },
  ];
}

/** k3s and RKE2: the product rotates every CA at once from a staged folder (`certificate rotate-ca`). */
function k3sPlan(product: "k3s" | "rke2", nodes: RotationPlanNode[]): RotationPlanStep[] {
  const servers = nodes.filter((n) => n.controlPlane);
  const agents = nodes.filter((n) => !n.controlPlane);
  const data = `/var/lib/rancher/${product}`;
  const first = servers[0];
  return [
    {
      step: 1,
      title: "Stage new CAs, cross-signed by the current ones",
      purpose: `${product}'s example script makes new root and intermediate CAs whose chain also leads to the current roots, so every certificate stays trusted while nodes restart one by one.`,
      ifSkipped: `Without the cross-signature ${product} refuses the update (or, with --force, every node and client that has not restarted yet is cut off).`,
      actions: first
        ? [
            {
              node: first.node,
              files: [`${data}/server/rotate-ca/`],
              commands: [
                `cp -a ${data}/server/tls ${data}/server/tls.backup`,
                `curl -sL https://github.com/k3s-io/k3s/raw/master/contrib/util/rotate-default-ca-certs.sh | PRODUCT=${product} bash -`,
              ],
              note: "The script prints new token values: keep them for step 3.",
            },
          ]
        : [],
    },
    {
      step: 2,
      title: "Load them into the datastore",
      purpose:
        "Every server picks the new CAs up from the datastore when it restarts; the leaves are reissued from them at start.",
      ifSkipped: "Nothing changes on restart.",
      actions: first
        ? [
            {
              node: first.node,
              files: [],
              commands: [`${product} certificate rotate-ca --path=${data}/server/rotate-ca`],
            },
          ]
        : [],
    },
    {
      step: 3,
      title: "Update the token on every other node",
      purpose:
        "The secure token carries the CA hash: joined servers and agents must have the new one before they restart.",
      ifSkipped: "A node restarting with the old token fails the CA hash check and cannot rejoin.",
      actions: [...servers.slice(1), ...agents].map((node) => ({
        node: node.node,
        files: [`/etc/rancher/${product}/config.yaml`],
        commands: [],
        note: "Set token: (or the --token in the unit or environment file) to the value the script printed.",
      })),
    },
    {
      step: 4,
      title: "Restart, servers first, then agents",
      purpose: "Each node reissues its leaves from the new CAs at start.",
      ifSkipped: "A node that is not restarted keeps presenting leaves of the old CAs.",
      actions: [
        ...servers.map((node) => ({
          node: node.node,
          files: [],
          commands: [`systemctl restart ${product === "k3s" ? "k3s" : "rke2-server"}`],
        })),
        ...agents.map((node) => ({
          node: node.node,
          files: [],
          commands: [`systemctl restart ${product === "k3s" ? "k3s-agent" : "rke2-agent"}`],
        })),
      ],
    },
    {
      step: 5,
      title: "Refresh the copies, then retire the old roots",
      purpose: "Copies of the admin kubeconfig outside the nodes carry the old CA data.",
      ifSkipped: "A copied kubeconfig keeps working until the old root expires, then fails.",
      actions: first
        ? [
            {
              node: "cluster",
              files: ["~/.kube/config"],
              commands: [`scp root@${first.node}:/etc/rancher/${product}/${product}.yaml ~/.kube/config`],
              note: "Replace 127.0.0.1 in the copy with the server's address.",
            },
          ]
        : [],
    },
  ];
}

function caOf(report: Report, facts: RootFacts): RotationPlan["ca"] {
  const cas = report.certificates
    .filter((c) => facts.ids.has(c.id))
    .sort((a, b) => Date.parse(b.notBefore) - Date.parse(a.notBefore));
  // The CA being replaced: the oldest key's newest certificate.
  const cert = cas[cas.length - 1];
  if (!cert) return undefined;
  return {
    certificateId: cert.id,
    subject: cert.subject,
    notAfter: cert.notAfter,
    daysLeft: cert.daysLeft,
    keyAlgorithm: cert.keyAlgorithm,
  };
}

function familyOf(report: Report): RotationPlan["family"] {
  const layout = report.layout?.name;
  if (layout === "k3s" || layout === "rke2") return layout;
  const kubeadm =
    layout === "kubeadm" || layout === "kind" || layout === "kubespray" || layout === "minikube";
  return kubeadm || (report.layout?.conventions ?? []).includes("kubeadm") ? "kubeadm" : "other";
}

/**
 * The plan for `root` (a plan-rotation name), or undefined when the drop holds no such root. A
 * family with no procedure for that root (a hand-made layout) gets kubeadm's steps over the files
 * the drop shows, with the commands for openssl.
 */
export function rotationPlan(report: Report, root: string): RotationPlan | undefined {
  if (!rotationRoots(report).includes(root)) return undefined;
  const family = familyOf(report);
  const nodes = planNodes(report);
  const facts = rootFacts(report, root);
  const stand = (report.rotations ?? []).find((r) => r.root === root);
  const steps =
    family === "k3s" || family === "rke2"
      ? k3sPlan(family, nodes)
      : root === "sa"
        ? serviceAccountPlan(nodes)
        : kubeadmPlan(report, root, facts, nodes, stand);
  const notes: string[] = [];
  if (family === "kubeadm" && root !== "sa")
    notes.push(
      "kubeadm declares CA rotation out of its scope: these steps follow kubernetes.io's manual procedure on kubeadm's files, and use `kubeadm certs renew` only where it signs with the CA it is given.",
      "kubernetes.io's page restarts the apiservers with the new leaves before the kubelets and pods are done; this plan restarts each control plane right after its own leaves (step 2), because the kubelets and pods already trust both CAs from step 1.",
      "kubernetes.io's page does not move --cluster-signing-cert-file; this plan does it as step 3, with the new CA first in ca.crt and ca.key its key, so the kubelets' next client certificates come from the new key.",
      "kubernetes.io removes kube-controller-manager's --client-ca-file (kubeadm#1350: it once refused a bundle there); this plan leaves it pointing at ca.crt, which holds both CAs from step 1. If this cluster's controller-manager refuses the bundle, drop the flag as the page says.",
      "kubeadm join pins the cluster CA by --discovery-token-ca-cert-hash and reads it from the cluster-info ConfigMap: this plan updates cluster-info at step 5, so join no node during the rotation, or update cluster-info and the join command's hash when the apiserver starts serving the new CA (step 2).",
    );
  if (family === "other")
    notes.push(
      "The drop's layout was not recognised as kubeadm, k3s or RKE2: the files are the drop's, the commands kubeadm's; adjust them to the tool that made the PKI.",
    );
  if (nodes.filter((n) => n.controlPlane).length === 1)
    notes.push(
      "One control plane: the API is unavailable while its kube-apiserver restarts (kubernetes.io assumes several behind a load balancer).",
    );
  const ca = caOf(report, facts);
  return {
    root,
    words: ROOT_WORDS[root] ?? root,
    family,
    ...(ca ? { ca } : {}),
    nodes,
    endpoints: report.cluster.endpoints ?? [],
    ...(stand ? { stand } : {}),
    steps,
    notes,
    docs:
      family === "k3s" || family === "rke2"
        ? [
            `https://docs.${family === "k3s" ? "k3s.io" : "rke2.io"}/cli/certificate#rotating-self-signed-ca-certificates`,
          ]
        : [MANUAL_ROTATION_URL],
  };
}
