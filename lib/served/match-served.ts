/**
 * Which component served a chain: the one whose configuration names the port it was read on
 * (kube-apiserver --secure-port, etcd --listen-client-urls / --listen-peer-urls, the kubelet's
 * port, kube-controller-manager and kube-scheduler --secure-port), each port's default standing
 * only where the component's configuration sets none (k8s-pki-spec §7.1). The collector's
 * metadata naming the component is evidence too: it read the node's configuration to pick the
 * port. A chain on a port no configured component listens on is left unmatched, never guessed.
 */
import { flagValue, flagValues } from "../cluster/flags";
import type { ClusterModel, ComponentConfig, Credential, RelationshipWiring } from "../cluster/model";
import type { KubeletConfigRecord, ServedChainRecord } from "../inventory";

/** The relationship a served chain is the server end of, and what is configured on disk for it. */
export interface ServedMatch {
  record: ServedChainRecord;
  /** The component serving on that port (`kube-apiserver`, `etcd`, `kubelet:cp-1`, …). */
  component?: string;
  /** Why that component: `--secure-port=6443 in etc/kubernetes/manifests/kube-apiserver.yaml`. */
  because?: string;
  /** The relationship whose server end the chain is. */
  wiring?: RelationshipWiring;
  /** What the configuration says the server presents (its --tls-cert-file or the like). */
  onDisk?: Credential;
}

/** One port a component listens on, with the fact that says so. */
interface Listener {
  component: string;
  kinds: readonly string[];
  port: number;
  because: string;
  wiring?: RelationshipWiring;
}

function portOfUrl(url: string): number | undefined {
  const match = /^[a-z]{1,10}:\/\/[^/]{0,300}?:(\d{1,5})(?:\/.{0,300})?$/.exec(url);
  return match?.[1] ? Number(match[1]) : undefined;
}

function fromFile(config: ComponentConfig, flag: string): string {
  const source = config.flagSources?.[flag]?.path ?? config.source;
  return source ? ` in ${source}` : "";
}

/** `--secure-port` of a control-plane component, or its default when its configuration names none. */
function securePort(
  config: ComponentConfig | undefined,
  name: string,
  fallback: number,
): Omit<Listener, "kinds"> | undefined {
  if (!config || config.absent) return undefined;
  const set = flagValue(config.flags, "secure-port");
  if (set !== undefined && /^\d{1,5}$/.test(set))
    return {
      component: name,
      port: Number(set),
      because: `--secure-port=${set}${fromFile(config, "secure-port")}`,
    };
  return {
    component: name,
    port: fallback,
    because: `${name}'s default port ${fallback} (no --secure-port is set)`,
  };
}

/** etcd's listeners of one URL flag, or its default port when the flag is not set. */
function etcdPorts(
  etcd: ComponentConfig | undefined,
  flag: string,
  fallback: number,
): { port: number; because: string }[] {
  if (!etcd || etcd.absent) return [];
  const urls = flagValues(etcd.flags, flag);
  if (urls.length === 0)
    return [{ port: fallback, because: `etcd's default port ${fallback} (no --${flag} is set)` }];
  return urls.flatMap((url) => {
    const port = portOfUrl(url);
    return port === undefined ? [] : [{ port, because: `--${flag}=${url}${fromFile(etcd, flag)}` }];
  });
}

function wiringOf(model: ClusterModel, id: string, server?: string): RelationshipWiring | undefined {
  return model.wirings.find(
    (wiring) => wiring.id === id && (server === undefined || wiring.server === server),
  );
}

/** Every port the model's configuration says a component serves TLS on. */
function listeners(model: ClusterModel, kubeletConfigs: readonly KubeletConfigRecord[]): Listener[] {
  const found: Listener[] = [];
  // k3s runs kube-apiserver on 6444 behind its own listener on 6443, which serves another certificate.
  const apiserver = securePort(model.apiserver, "kube-apiserver", model.layout.name === "k3s" ? 6444 : 6443);
  const apiserverWiring = wiringOf(model, "apiserver-serving");
  if (apiserver)
    found.push({
      ...apiserver,
      kinds: ["kube-apiserver", "apiserver"],
      ...(apiserverWiring ? { wiring: apiserverWiring } : {}),
    });
  const serving = wiringOf(model, "etcd-serving");
  for (const listener of etcdPorts(model.etcd, "listen-client-urls", 2379))
    found.push({ component: "etcd", kinds: ["etcd"], ...listener, ...(serving ? { wiring: serving } : {}) });
  const peer = wiringOf(model, "etcd-peer");
  for (const listener of etcdPorts(model.etcd, "listen-peer-urls", 2380))
    found.push({
      component: "etcd",
      kinds: ["etcd-peer", "etcd"],
      ...listener,
      ...(peer ? { wiring: peer } : {}),
    });
  for (const [config, name, port] of [
    [model.controllerManager, "kube-controller-manager", 10257],
    [model.scheduler, "kube-scheduler", 10259],
  ] as const) {
    const listener = securePort(config, name, port);
    if (listener) found.push({ ...listener, kinds: [name] });
  }
  for (const kubelet of model.kubelets) {
    const wiring = wiringOf(model, "kubelet-serving", kubelet.id);
    const set = kubeletConfigs.find((config) => config.source.path === kubelet.configSource)?.port;
    found.push({
      component: kubelet.id,
      kinds: ["kubelet"],
      port: set ?? 10250,
      because:
        set !== undefined
          ? `port: ${set} in ${kubelet.configSource ?? "the kubelet's configuration"}`
          : `the kubelet's default port 10250 (${kubelet.configSource ?? "no kubelet configuration"} sets no port)`,
      ...(wiring ? { wiring } : {}),
    });
  }
  return found;
}

/** The folder a served file lies in, for telling which node's kubelet served it. */
function folderOf(path: string): string {
  const served = path.lastIndexOf("/served/");
  return served < 0 ? "" : path.slice(0, served);
}

function pick(record: ServedChainRecord, all: Listener[]): Listener | undefined {
  // One component on several addresses of one port (etcd on 127.0.0.1:2379 and 10.0.0.10:2379) is one.
  const candidates = all.filter(
    (c, i) => all.findIndex((o) => o.component === c.component && o.wiring === c.wiring) === i,
  );
  if (candidates.length <= 1) return candidates[0];
  // Several kubelets listen on 10250: the one of the node folder the chain was collected in.
  const folder = folderOf(record.source.path);
  const local = candidates.filter((c) => c.wiring?.serverCredential?.source.startsWith(folder) ?? false);
  if (folder !== "" && local.length === 1) return local[0];
  const kinds = record.component ? candidates.filter((c) => c.kinds.includes(record.component ?? "")) : [];
  return kinds.length === 1 ? kinds[0] : undefined;
}

/**
 * Match every served chain of the inventory to the component the configuration says serves on its
 * port, or to the component the collector dialled it for; the rest stay unmatched.
 */
export function matchServed(
  records: readonly ServedChainRecord[],
  model: ClusterModel,
  kubeletConfigs: readonly KubeletConfigRecord[] = [],
): ServedMatch[] {
  const known = listeners(model, kubeletConfigs);
  return records.map((record): ServedMatch => {
    const byPort = record.port === undefined ? [] : known.filter((l) => l.port === record.port);
    let listener = pick(record, byPort);
    let because = listener?.because;
    if (!listener && record.component !== undefined && record.format === "collector") {
      listener = pick(
        record,
        known.filter((l) => l.kinds.includes(record.component ?? "")),
      );
      if (listener)
        because = `the collector dialled it for ${record.component}, from the node's configuration`;
    }
    if (!listener && record.port === undefined) {
      // No port: only the very certificate a component is configured to serve names it.
      const leaf = record.certificates[0];
      listener = leaf ? known.find((l) => l.wiring?.serverCredential?.cert?.id === leaf.id) : undefined;
      if (listener) because = `it is the very certificate ${listener.component} is configured to serve`;
    }
    if (!listener) return { record };
    const onDisk = listener.wiring?.serverCredential;
    return {
      record,
      component: listener.component,
      ...(because !== undefined ? { because } : {}),
      ...(listener.wiring ? { wiring: listener.wiring } : {}),
      ...(onDisk ? { onDisk } : {}),
    };
  });
}
