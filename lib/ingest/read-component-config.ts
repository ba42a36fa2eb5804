/**
 * Component configuration files that hold flags a static pod's command names by one flag:
 * OpenShift's `--openshift-config` files (`KubeAPIServerConfig` with `apiServerArguments`,
 * `servingInfo` and `serviceAccountPublicKeyFiles`; `KubeControllerManagerConfig` with
 * `extendedArguments`, openshift/api kubecontrolplane/v1) and the scheduler's `--config`
 * (`KubeSchedulerConfiguration` `clientConnection.kubeconfig`). Each becomes the flags it stands for.
 */
import type { ComponentFlagsRecord, FlagMap } from "../inventory";
import { asMap, listAt, mapAt, stringAt, type YamlMap } from "./yaml-values";

/** Flags given once per value, each value a comma list of its own. */
const REPEATED = new Set(["tls-sni-cert-key"]);

const OPENSHIFT_API = /^kubecontrolplane\.config\.openshift\.io\//;

/** The component a configuration document configures, or undefined when it is none of these. */
export function componentConfigKind(doc: YamlMap): string | undefined {
  const apiVersion = typeof doc.apiVersion === "string" ? doc.apiVersion : "";
  if (OPENSHIFT_API.test(apiVersion) && doc.kind === "KubeAPIServerConfig") return "kube-apiserver";
  if (OPENSHIFT_API.test(apiVersion) && doc.kind === "KubeControllerManagerConfig")
    return "kube-controller-manager";
  if (/^kubescheduler\.config\.k8s\.io\//.test(apiVersion) && doc.kind === "KubeSchedulerConfiguration")
    return "kube-scheduler";
  return undefined;
}

/** `{flag: [values]}` maps as OpenShift writes them (a value may also be a lone string). */
function argumentMap(value: unknown): FlagMap {
  const flags: FlagMap = {};
  for (const [name, values] of Object.entries(asMap(value) ?? {})) {
    const list = Array.isArray(values) ? values : [values];
    const strings = list.filter((v): v is string => typeof v === "string");
    // A list is one comma-separated value on the command line the operator writes from it, but
    // for the flags whose values hold commas themselves.
    if (strings.length > 0) flags[name] = REPEATED.has(name) ? strings : [strings.join(",")];
  }
  return flags;
}

/** The flags a configuration document stands for. */
export function readComponentConfig(doc: YamlMap, component: string): Omit<ComponentFlagsRecord, "source"> {
  const flags: FlagMap = {};
  if (component === "kube-scheduler") {
    const kubeconfig = stringAt(mapAt(doc, "clientConnection"), "kubeconfig");
    if (kubeconfig) flags.kubeconfig = [kubeconfig];
  } else {
    const serving = mapAt(doc, "servingInfo");
    const cert = stringAt(serving, "certFile");
    const key = stringAt(serving, "keyFile");
    const clientCA = stringAt(serving, "clientCA");
    if (cert) flags["tls-cert-file"] = [cert];
    // namedCertificates are --tls-sni-cert-key: `cert,key` or `cert,key:name,name`.
    const named = listAt(serving, "namedCertificates")
      .map(asMap)
      .flatMap((entry) => {
        const certFile = stringAt(entry, "certFile");
        const keyFile = stringAt(entry, "keyFile");
        const names = listAt(entry, "names").filter((n): n is string => typeof n === "string");
        if (!certFile || !keyFile) return [];
        return [`${certFile},${keyFile}${names.length > 0 ? `:${names.join(",")}` : ""}`];
      });
    if (named.length > 0) flags["tls-sni-cert-key"] = named;
    if (key) flags["tls-private-key-file"] = [key];
    if (clientCA) flags["client-ca-file"] = [clientCA];
    const publicKeys = listAt(doc, "serviceAccountPublicKeyFiles").filter(
      (v): v is string => typeof v === "string",
    );
    if (publicKeys.length > 0) flags["service-account-key-file"] = publicKeys;
    // The arguments win over the structured fields, as the operator's merge does.
    Object.assign(flags, argumentMap(doc.apiServerArguments), argumentMap(doc.extendedArguments));
  }
  return { origin: "config-file", component, flags, environment: {}, environmentFiles: [] };
}
