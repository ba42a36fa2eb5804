/**
 * Where PKI material lives on a node, and how to bring it in one piece: shown before anything is
 * loaded and when a drop held nothing to judge.
 */

const PLACES = [
  { path: "/etc/kubernetes", what: "pki/, the *.conf kubeconfigs and manifests/ of a control-plane node" },
  { path: "/var/lib/kubelet", what: "pki/ and config.yaml of any node" },
  {
    path: "node.tgz",
    what: "a tarball or zip of the above (tar czf node.tgz /etc/kubernetes /var/lib/kubelet)",
  },
  { path: "~/.kube/config", what: "a single kubeconfig" },
];

/** The places as a grid of cards; `className` sets the grid's width and alignment. */
export function WhereToLook({ className = "" }: { className?: string }) {
  return (
    <ul className={`grid gap-2 sm:grid-cols-2 ${className}`}>
      {PLACES.map((item) => (
        <li key={item.path} className="border-line bg-raised rounded-lg border px-3 py-2">
          <code className="font-mono text-sm">{item.path}</code>
          <p className="text-muted text-xs">{item.what}</p>
        </li>
      ))}
    </ul>
  );
}
