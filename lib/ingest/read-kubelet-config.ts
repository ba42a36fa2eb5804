/**
 * The kubelet's config file (`/var/lib/kubelet/config.yaml`, kind KubeletConfiguration): which CA
 * it verifies client certificates with, which serving certificate it presents, and whether
 * certificates rotate.
 */
import type { KubeletConfigRecord } from "../inventory";
import { booleanAt, mapAt, numberAt, stringAt, type YamlMap } from "./yaml-values";

/** True for a `kind: KubeletConfiguration` document. */
export function isKubeletConfig(doc: YamlMap): boolean {
  return doc.kind === "KubeletConfiguration";
}

/** The TLS-relevant fields of a KubeletConfiguration (absent fields stay absent). */
export function readKubeletConfig(doc: YamlMap): Omit<KubeletConfigRecord, "source"> {
  const authn = mapAt(doc, "authentication");
  // Absent fields stay undefined (dropped by JSON), so "unset" and "false" remain distinct.
  return {
    clientCAFile: stringAt(mapAt(authn, "x509"), "clientCAFile"),
    tlsCertFile: stringAt(doc, "tlsCertFile"),
    tlsPrivateKeyFile: stringAt(doc, "tlsPrivateKeyFile"),
    port: numberAt(doc, "port"),
    rotateCertificates: booleanAt(doc, "rotateCertificates"),
    serverTLSBootstrap: booleanAt(doc, "serverTLSBootstrap"),
    anonymousAuth: booleanAt(mapAt(authn, "anonymous"), "enabled"),
    webhookAuthn: booleanAt(mapAt(authn, "webhook"), "enabled"),
    authorizationMode: stringAt(mapAt(doc, "authorization"), "mode"),
  };
}
