/**
 * Test support: `kubectl get csr -o yaml` dumps of real PKCS#10 requests (the project's generator),
 * judged with or without the healthy node, for the CSR rules' table tests.
 */
import { analyze } from "../analyze";
import { issueCsr } from "../generate/issue-csr";
import { generateKey } from "../generate/keys";
import { csrObject, kubectlList, renderKubectl, type CsrCondition } from "../generate/kubectl-dump";
import { encodePem } from "../generate/pem";
import type { Report } from "../report";
import { FIXTURE_NOW, fixtureDir, readTree } from "./fixtures";

export interface TestCsr {
  name: string;
  signer: string;
  /** The request's CN; `system:node:<node>` for a kubelet. */
  cn: string;
  o?: string[];
  username?: string;
  dns?: string[];
  ips?: string[];
  created: string;
  conditions?: CsrCondition[];
  /** PEM of an issued certificate. */
  certificate?: string;
}

/** The CSRs as kubectl prints them, each request signed with a fresh P-256 key. */
export async function csrDump(csrs: readonly TestCsr[]): Promise<string> {
  const crypto = globalThis.crypto;
  const items = [];
  for (const csr of csrs) {
    const key = await generateKey({ algorithm: "ECDSA-P256" }, crypto);
    const der = await issueCsr(
      { cn: csr.cn, o: csr.o ?? ["system:nodes"], dns: csr.dns, ips: csr.ips },
      key,
      crypto,
    );
    items.push(
      csrObject({
        name: csr.name,
        request: encodePem("CERTIFICATE REQUEST", der),
        signerName: csr.signer,
        username: csr.username ?? csr.cn,
        groups: ["system:authenticated"],
        usages: ["digital signature", "server auth"],
        created: csr.created,
        ...(csr.conditions ? { conditions: csr.conditions } : {}),
        ...(csr.certificate ? { certificate: csr.certificate } : {}),
      }),
    );
  }
  return renderKubectl(kubectlList(items), "yaml");
}

/** The report on the CSRs, judged at the fixtures' date with the healthy node (control-1) or alone. */
export async function judgeCsrs(csrs: readonly TestCsr[], withNode = true): Promise<Report> {
  const files = [
    ...(withNode ? readTree(fixtureDir("healthy")) : []),
    { path: "csr.yaml", bytes: new TextEncoder().encode(await csrDump(csrs)) },
  ];
  return analyze(files, { now: FIXTURE_NOW });
}
