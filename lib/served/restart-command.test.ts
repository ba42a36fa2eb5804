import { describe, expect, it } from "vitest";
import { buildClusterModel } from "../cluster/build-model";
import { ingest } from "../ingest/ingest";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { restartCommand } from "./restart-command";

async function modelOf(fixture: string) {
  return buildClusterModel(await ingest(readTree(fixtureDir(fixture)), { crypto: globalThis.crypto }));
}

describe("restartCommand, by how the layout runs the component", () => {
  const cases = [
    {
      fixture: "healthy",
      component: "kube-apiserver",
      want: "mv /etc/kubernetes/manifests/kube-apiserver.yaml /etc/kubernetes/ && sleep 20 && mv /etc/kubernetes/kube-apiserver.yaml /etc/kubernetes/manifests/",
    },
    {
      fixture: "healthy",
      component: "etcd",
      want: "mv /etc/kubernetes/manifests/etcd.yaml /etc/kubernetes/ && sleep 20 && mv /etc/kubernetes/etcd.yaml /etc/kubernetes/manifests/",
    },
    { fixture: "healthy", component: "kubelet:control-1", want: "systemctl restart kubelet" },
    { fixture: "layouts/k3s/server-1", component: "kube-apiserver", want: "systemctl restart k3s" },
    { fixture: "layouts/k3s/agent-1", component: "kubelet:agent-1", want: "systemctl restart k3s-agent" },
    { fixture: "layouts/rke2/server-1", component: "kube-apiserver", want: "systemctl restart rke2-server" },
    { fixture: "layouts/rke2/agent-1", component: "kubelet:agent-1", want: "systemctl restart rke2-agent" },
    {
      fixture: "layouts/hard-way/server",
      component: "kube-apiserver",
      want: "systemctl restart kube-apiserver.service",
    },
  ];
  for (const { fixture, component, want } of cases)
    it(`${fixture}: ${component} → ${want}`, async () => {
      expect(restartCommand(await modelOf(fixture), component)?.command).toBe(want);
    });
});
