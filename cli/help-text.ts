/** The text of `k8s-pki --help`: usage, options, exit codes and two examples. */
export const HELP_TEXT = `k8s-pki — audit a Kubernetes cluster's certificates and trust relationships

Usage:
  k8s-pki audit <dir|archive|file>... [options]

Reads a Kubernetes PKI folder (/etc/kubernetes with pki/, *.conf, manifests/; /var/lib/kubelet),
a .tar, .tgz or .zip of one, or single certificate and kubeconfig files; checks the twelve trust
relationships; prints what is wrong or about to expire. Nothing leaves the machine.
With several inputs, each one's files are named under its own folder name (node-a/pki/ca.crt).

Options:
  -f, --format <table|json|markdown>  output format (default: table)
  --now <ISO date or date-time>       judge validity at this instant, e.g. 2026-12-01 or
                                      2026-12-01T00:00:00Z (default: the current time)
  --warn-days <N>                     warn about certificates expiring within N days (default: 30)
  --no-color                          no colours (also off when NO_COLOR is set or output is not a terminal)
  -h, --help                          show this help
  --version                           print the version

Exit codes:
  0  no error-severity finding
  1  at least one error-severity finding
  2  usage error, unreadable input, or the audit could not run

Examples:
  sudo k8s-pki audit /etc/kubernetes /var/lib/kubelet
  k8s-pki audit control-plane-backup.tgz --format markdown > audit.md
`;
