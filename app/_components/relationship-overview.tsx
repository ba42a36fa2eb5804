import { PRIMARY_RELATIONSHIPS, type RelationshipId } from "@/lib/report";

type Primary = (typeof PRIMARY_RELATIONSHIPS)[number];

/** Who talks to whom, and the credential that carries it, in kubeadm's terms. */
const describe: Record<Primary, { client: string; server: string; via: string }> = {
  "etcd-peer": { client: "etcd", server: "etcd", via: "etcd/peer.crt" },
  "etcd-serving": { client: "kube-apiserver", server: "etcd", via: "etcd/server.crt" },
  "apiserver-etcd-client": { client: "kube-apiserver", server: "etcd", via: "apiserver-etcd-client.crt" },
  "apiserver-serving": { client: "every client", server: "kube-apiserver", via: "apiserver.crt" },
  "controller-manager-client": {
    client: "controller-manager",
    server: "kube-apiserver",
    via: "controller-manager.conf",
  },
  "scheduler-client": { client: "scheduler", server: "kube-apiserver", via: "scheduler.conf" },
  "kube-proxy-client": { client: "kube-proxy", server: "kube-apiserver", via: "service-account token" },
  "kubelet-client": { client: "kubelet", server: "kube-apiserver", via: "kubelet-client-current.pem" },
  "admin-client": { client: "kubectl", server: "kube-apiserver", via: "admin.conf" },
  "kubelet-serving": { client: "kube-apiserver", server: "kubelet", via: "kubelet.crt" },
  "apiserver-kubelet-client": {
    client: "kube-apiserver",
    server: "kubelet",
    via: "apiserver-kubelet-client.crt",
  },
  "service-account-signing": {
    client: "controller-manager",
    server: "kube-apiserver",
    via: "sa.key / sa.pub",
  },
};

/** The twelve trust relationships the explorer checks, so the page says what it will look at. */
export function RelationshipOverview() {
  return (
    <section aria-labelledby="relationships-heading">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="relationships-heading" className="text-base font-semibold text-balance">
          Twelve trust relationships, each checked both ways
        </h2>
        <span className="text-muted hidden text-sm sm:inline">client → server</span>
      </div>
      <ol className="divide-line border-line bg-surface mt-4 divide-y overflow-hidden rounded-xl border sm:grid sm:grid-cols-2 sm:gap-2 sm:divide-y-0 sm:overflow-visible sm:rounded-none sm:border-0 sm:bg-transparent lg:grid-cols-3">
        {PRIMARY_RELATIONSHIPS.map((id: RelationshipId & Primary, index) => {
          const { client, server, via } = describe[id];
          return (
            <li
              key={id}
              className="sm:border-line sm:bg-surface flex gap-3 px-3.5 py-2.5 sm:rounded-xl sm:border sm:py-3"
            >
              <span className="text-muted mt-0.5 font-mono text-xs tabular-nums">
                {String(index + 1).padStart(2, "0")}
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  {client} <span className="text-muted">→</span> {server}
                </p>
                <p className="text-muted truncate font-mono text-xs">{via}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
