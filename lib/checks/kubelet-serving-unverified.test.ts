import { describeRule } from "../test-support/rule-cases";

describeRule("KUBELET_SERVING_UNVERIFIED", [
  {
    name: "kubeadm default: no --kubelet-certificate-authority, self-signed kubelet.crt",
    fixture: "healthy",
    want: { severity: "info", relationship: "kubelet-serving", detail: /self-signed/, count: 1 },
  },
  {
    name: "real kubeadm output (no kubelet files)",
    fixture: "kubeadm-v1.20",
    want: { severity: "info", file: "manifests/kube-apiserver.yaml", count: 1 },
  },
  { name: "verification configured", fixture: "kubelet-ca-configured-self-signed" },
]);
