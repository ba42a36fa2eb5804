/**
 * MicroK8s keeps each component's flags in a file of its own, `$SNAP_DATA/args/<component>`, one
 * flag per line (canonical/microk8s microk8s-resources/default-args). kubelite reads them
 * (ReadArgsFromFile in its kubelite integration patch): lines trimmed, `#` lines skipped, every `"`
 * and `'` deleted, `--flag=value` or `--flag value`, and `$VAR`/`${VAR}` expanded from the snap's
 * environment. `args/etcd` and `args/flanneld` are left alone: current MicroK8s keeps its datastore
 * in dqlite over a Unix socket and never starts them.
 */
import type { ComponentFlagsRecord, FlagMap, ServingNamesRecord } from "../inventory";

/** `var/snap/microk8s/<revision or current>/args/<component>`. */
const ARGS_FILE =
  /(?:^|\/)var\/snap\/microk8s\/[^/]+\/args\/(kube-apiserver|kube-controller-manager|kube-scheduler|kube-proxy|kubelet|kubelite)$/;

/** The snap data folder (`microk8s-2/var/snap/microk8s/current`) of a file under it. */
export function snapDataDir(path: string): string | undefined {
  return /^(.*?(?:^|\/)var\/snap\/microk8s\/[^/]+)\//.exec(path)?.[1];
}

/** Components kubelite runs only with --start-control-plane (kubelite's own flag, true by default). */
const CONTROL_PLANE_ARGS = new Set(["kube-apiserver", "kube-controller-manager", "kube-scheduler"]);

/**
 * The snap data folders whose args/kubelite says `--start-control-plane=false` (a node joined with
 * `microk8s join … --worker`): the control-plane args and credentials left there by the install are
 * not run. Their args records are dropped, each named as skipped.
 */
export function dropWorkerControlPlane(
  records: ComponentFlagsRecord[],
  skipped: { path: string; reason: string }[],
): { records: ComponentFlagsRecord[]; workers: string[] } {
  const workers = records
    .filter((r) => r.origin === "args-file" && r.component === "kubelite")
    .filter((r) => r.flags["start-control-plane"]?.at(-1) === "false")
    .map((r) => snapDataDir(r.source.path))
    .filter((dir): dir is string => dir !== undefined);
  if (workers.length === 0) return { records, workers };
  const kept = records.filter((record) => {
    const dir = snapDataDir(record.source.path);
    const idle =
      record.origin === "args-file" &&
      CONTROL_PLANE_ARGS.has(record.component ?? "") &&
      dir !== undefined &&
      workers.includes(dir);
    if (idle)
      skipped.push({
        path: record.source.path,
        reason: "not run: args/kubelite says --start-control-plane=false (a MicroK8s worker)",
      });
    return !idle;
  });
  return { records: kept, workers };
}

/** The snap's environment as kubelite expands it (`/var/snap/microk8s/current` is $SNAP_DATA). */
const SNAP_ENV: Record<string, string> = {
  SNAP_DATA: "/var/snap/microk8s/current",
  SNAP_COMMON: "/var/snap/microk8s/common",
  SNAP: "/snap/microk8s/current",
};

/** The component a MicroK8s args file configures, or undefined when the path is not one. */
export function microk8sArgsComponent(path: string): string | undefined {
  return ARGS_FILE.exec(path)?.[1];
}

function expand(value: string): string {
  return value.replace(
    /\$\{([A-Z_]+)\}|\$([A-Z_]+)/g,
    (all, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare ?? "";
      return SNAP_ENV[name] ?? all;
    },
  );
}

/** The flags of one args file, read as kubelite reads them. */
export function readMicrok8sArgs(text: string, component: string): Omit<ComponentFlagsRecord, "source"> {
  const flags: FlagMap = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/["']/g, "");
    if (!line.startsWith("--")) continue;
    const equals = line.indexOf("=");
    const space = line.search(/\s/);
    const cut = equals >= 0 && (space < 0 || equals < space) ? equals : space;
    const name = (cut < 0 ? line : line.slice(0, cut)).slice(2);
    const value = cut < 0 ? "true" : expand(line.slice(cut + 1).trim());
    if (name) (flags[name] ??= []).push(value);
  }
  return { origin: "args-file", component, flags, environment: {}, environmentFiles: [] };
}

/** `certs/csr.conf`: what MicroK8s renders from csr.conf.template with the node's addresses now. */
const CSR_CONF = /(?:^|\/)var\/snap\/microk8s\/[^/]+\/certs\/csr\.conf$/;

/**
 * The names `server.crt` is issued with, from `[ alt_names ]` of `certs/csr.conf`: MicroK8s renders
 * it anew with the node's current addresses (utils.sh render_csr_conf) and signs server.crt from it,
 * so a name here that server.crt lacks is an address the certificate was not re-issued for.
 */
export function readCsrConf(text: string, path: string): Omit<ServingNamesRecord, "source"> | undefined {
  if (!CSR_CONF.test(path)) return undefined;
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      section = header[1] ?? "";
      continue;
    }
    if (section !== "alt_names") continue;
    const entry = /^(DNS|IP)\.\d+\s*=\s*(\S+)$/.exec(line);
    if (entry?.[1] === "DNS" && entry[2]) dnsNames.push(entry[2]);
    if (entry?.[1] === "IP" && entry[2]) ipAddresses.push(entry[2]);
  }
  return {
    component: "kube-apiserver",
    certificate: `${SNAP_ENV.SNAP_DATA ?? ""}/certs/server.crt`,
    dnsNames,
    ipAddresses,
  };
}
