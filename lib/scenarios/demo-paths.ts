/**
 * Where the demo's nodes keep their files: control-1's under `control-1/`, worker-1's under
 * `worker-1/`, each laid out as on the node (`etc/kubernetes/…`, `var/lib/kubelet/…`).
 */
import { CONTROL_PLANE_DIR, WORKER_DIR } from "../generate/demo-cluster";
import { KUBELET_DIR, KUBELET_PKI_DIR, PKI_DIR } from "../generate/node-model";

/** control-1's folder. */
export const CP = CONTROL_PLANE_DIR;
/** worker-1's folder. */
export const WORKER = WORKER_DIR;
/** control-1's /etc/kubernetes/pki. */
export const CP_PKI = `${CP}/${PKI_DIR}`;
/** control-1's kube-apiserver static-pod manifest. */
export const CP_APISERVER_MANIFEST = `${CP}/etc/kubernetes/manifests/kube-apiserver.yaml`;
/** worker-1's /var/lib/kubelet. */
export const WORKER_KUBELET = `${WORKER}/${KUBELET_DIR}`;
/** worker-1's kubelet client certificate and key. */
export const WORKER_KUBELET_CLIENT = `${WORKER}/${KUBELET_PKI_DIR}/kubelet-client-current.pem`;
