import { describeRule } from "../test-support/rule-cases";

describeRule("CA_ROTATION_IN_PROGRESS", [
  {
    name: "a cluster-CA rotation at step 2 names the step and the leaves left to reissue",
    fixture: "cluster-ca-rotation-step-2",
    want: {
      severity: "info",
      file: "etc/kubernetes/pki/ca.crt",
      detail: /new one \("CN=kubernetes" \(etc\/kubernetes\/pki\/ca\.crt#block 2\)/,
    },
  },
  { name: "the healthy node is not rotating", fixture: "healthy" },
  // One stale CA in a kubeconfig is not a rotation: no bundle trusts both keys.
  { name: "a stale kubeconfig CA is not a rotation", fixture: "stale-ca-admin-kubeconfig" },
]);
