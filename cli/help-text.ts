/** The text of `k8s-pki --help`: usage, options, exit codes and examples. */
export const HELP_TEXT = `k8s-pki — audit a Kubernetes cluster's certificates and trust relationships

Usage:
  k8s-pki audit <dir|archive|file>... [options]
  k8s-pki plan-rotation <ca> <dir|archive|file>... [--format text|markdown|json] [--now ISO]
  k8s-pki diff <old dir|archive> <new dir|archive> [--format table|markdown|json] [--now ISO] [--old-now ISO]
  k8s-pki generate <scenario|healthy> <dir> [--force]
  k8s-pki generate <scenario|healthy> --tar <FILE.tar.gz> [--force]
  k8s-pki generate --list
  k8s-pki collect [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]
  k8s-pki explain "<error or alert>" <dir|archive|file>... [--format table|markdown|json]
                            which certificate an x509/TLS error or a certificate alert means
                            (exit 0 explained, 1 nothing in the drop matches; see explain --help)

Reads a Kubernetes PKI folder (/etc/kubernetes with pki/, *.conf, manifests/; /var/lib/kubelet),
a .tar, .tgz or .zip of one, or single certificate and kubeconfig files; checks the twelve trust
relationships; prints what is wrong or about to expire. Nothing leaves the machine.
With several inputs, each one's files are named under its own folder name (node-a/pki/ca.crt).

Options:
  -f, --format <table|json|markdown|plan|sarif|junit|prometheus|html>
                            output format (default: table); plan is the renewal plan: what
                            expires when, what stops then, and the commands to run
                            sarif, junit, prometheus: for code scanning, CI test reports, and
                            node_exporter's textfile collector
                            html: one self-contained file to hand over or print to PDF, with
                            drawings, every finding's fix and the input's SHA-256 digest
  --now <ISO date or date-time>
                            judge validity at this instant, e.g. 2026-12-01 or
                            2026-12-01T00:00:00Z (default: the current time)
  --warn-days <N>           a certificate is due within N days of expiry (default: 30; only
                            while N days are at most a third of its lifetime)
  --warn-fraction <F>       ... or once less than F of its lifetime is left: 0..1 or a
                            percentage, e.g. 0.1 or 10% (default: 0.1)
  --ca-horizon-days <N>     report a CA expiring within N days: a CA rotation needs planning
                            (default: 365)
  --fail-on <error|warning> exit 1 when a finding of this severity or worse exists (default: error)
  --allow-missing           judge what could be read: inputs that were not read (INPUT_SKIPPED)
                            or an input with nothing to judge do not make the exit code 2
  --password-file <FILE>    passwords for password-protected PKCS#12 (.p12/.pfx) inputs, one a
                            line; may be given several times. Never printed or reported
  --policy <FILE>           judge with this audit policy (YAML: lifetimes, keys, signature
                            algorithms, expiry windows, EKUs per role; docs/policies/*.yaml);
                            violations are POLICY_* findings. Default: kubeadm's limits (1-year
                            leaves, 10-year CAs) on what kubeadm made
  --what-if <ACTION>        judge a simulated copy of the input after ACTION, in memory (no file
                            is written); may be given several times, applied in order:
                            date:<YYYY-MM-DD> lets time pass; renew:<name|all> reissues from the
                            drop's own CA key with a fresh key, as kubeadm certs renew <name|all>
                            does; renew:plan runs the renewal plan's kubeadm commands for what is
                            due; rotate:<ca>[:1|2|3|5] takes a CA rotation through that step with a
                            fresh CA key; stop-rotation:<node> stops that kubelet's client rotation.
                            Prints what changed colour per action and what is still broken
                            (table, markdown or json)
  --no-color                no colours (also off when NO_COLOR is set or output is not a terminal)
  -h, --help                show this help
  --version                 print the version

Plan a CA rotation:
  The staged procedure for one trust root with this cluster's own nodes, files and commands:
  distribute the new CA next to the old one, reissue the leaves, switch the signer, restart,
  remove the old CA; mid-rotation, which node has done which step. <ca> is one of cluster-ca,
  etcd-ca, front-proxy-ca, sa (kubeadm), client-ca, server-ca, request-header-ca (k3s, RKE2);
  an unknown one lists those the input holds (exit 2).
  --format <text|markdown|json>  text (default), a Markdown runbook, or the plan as JSON

Compare two snapshots of one cluster (diff):
  Each drop judged at its own instant, then compared: which certificates were renewed (same or new
  key), rotated to another CA, appeared or disappeared, whose SANs or identity changed; what should
  have rotated and did not (a kubelet past its rotation window, a leaf that expired in between, a
  bundle left on a replaced CA); relationships and findings that changed. Drops that share no CA
  are refused (exit 2). Exit 1 when something regressed, else 0.
  --now <ISO>               judge the new drop at this instant (default: the collector archive's
                            own time, else the current time)
  --old-now <ISO>           judge the old drop at this instant (default: the collector archive's
                            own time, else the newest modification time of its files)
  --format <table|markdown|json>  json is a versioned shape (schemaVersion)

Generate (labs):
  Writes the demo cluster (control-1, worker-1) with one real fault — a break-it scenario — or
  without faults (healthy), signed with the demo's own keys; only keys a fault needs are new.
  Judge the files at the demo's date: k8s-pki audit <dir> --now 2026-06-01.
  --list                    the scenarios: id, the relationship it breaks, title
  --tar <FILE.tar.gz>       write one .tar.gz instead of a folder
  --force                   write into a folder that has files, or replace the archive

Collect (on a node):
  Runs the node collector (the k8s-pki-collect.sh the page offers, with sh): gathers this node's
  certificates, keys, kubeconfigs, manifests, kubelet and etcd configuration and units into one
  <hostname>-k8s-pki.tgz to audit or drop on the page. Its exit code is the collector's.
  --root <DIR>              read the node's files below DIR instead of /
  --out <FILE>              where to write the archive (default: ./<hostname>-k8s-pki.tgz)
  --public-keys-only        replace every private key by its public key, tokens and passwords by
                            placeholders: the archive holds no secret (needs openssl)
  --objects                 also dump, with kubectl and the node's admin kubeconfig, the webhook
                            configurations, APIServices, CRDs, CSRs, cert-manager objects and TLS
                            Secrets into objects/*.yaml (their certificates only with
                            --public-keys-only)

Exit codes:
  0  no finding at or above --fail-on
  1  at least one finding at or above --fail-on (errors only, by default)
  2  usage error or the audit could not run; or some input was not read (unreadable, a link to
     nothing, over a size limit: each is named in the report as INPUT_SKIPPED), or there is
     nothing to judge (an empty folder, no PKI material) — unless --allow-missing; for
     generate, the files could not be written

Examples:
  sudo k8s-pki audit /etc/kubernetes /var/lib/kubelet
  sudo k8s-pki audit /etc/kubernetes /var/lib/kubelet --format plan
  k8s-pki audit control-plane-backup.tgz --format markdown > audit.md
  k8s-pki audit control-plane-backup.tgz --format html > audit.html   # to hand over or print
  k8s-pki plan-rotation etcd-ca cp-1.tgz cp-2.tgz cp-3.tgz --format markdown > runbook.md
  k8s-pki audit ./pki --fail-on warning --warn-days 60 --format json > report.json   # a CI gate
  k8s-pki audit ./backup --what-if date:2027-11-20 --what-if renew:all
  k8s-pki diff last-month.tgz today.tgz --format markdown > changes.md
  k8s-pki generate key-mismatch lab/ && k8s-pki audit lab/ --now 2026-06-01
  sudo k8s-pki collect --public-keys-only --out node.tgz && k8s-pki audit node.tgz
`;
