/**
 * Where a cluster-CA rotation stands, on the healthy kubeadm node taken through the steps of the
 * manual rotation by the generator: a second "kubernetes" CA with its own key, distributed,
 * used to reissue leaves, put in the signer, and the old one removed. Each stage is judged from
 * the rendered files, as a drop would be.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildClusterModel } from "../cluster/build-model";
import { buildCheckContext } from "../engine/context";
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_FRACTION } from "../expiry";
import { caCert, healthyNode } from "../generate/healthy-node";
import { KeyStore } from "../generate/keys";
import { cloneNode, K8S_DIR, certSpec, pkiPath, type NodeModel } from "../generate/node-model";
import { NodeRenderer } from "../generate/render-node";
import { ingest } from "../ingest/ingest";
import { createSignatureVerifier } from "../pki/signature-verifier";
import { FIXTURE_NOW } from "../test-support/fixtures";
import { rotationStands, type RotationStand } from "./rotation-stand";

const crypto = globalThis.crypto;
const keys = new KeyStore(crypto);

/** The cluster CA's leaves on a kubeadm control plane (their cert ids in the model). */
const CLUSTER_LEAVES = [
  "apiserver",
  "apiserver-kubelet-client",
  "admin",
  "super-admin",
  "controller-manager",
  "scheduler",
  "kubelet-client",
];

function kubeconfigs(model: NodeModel): string[] {
  return Object.entries(model.files)
    .filter(([, spec]) => spec.kind === "kubeconfig")
    .map(([path]) => path);
}

/** The healthy node with a new cluster CA, taken to `step` of the manual rotation. */
function rotated(step: 1 | 2 | 3 | 5 | "done", options: { leaves?: string[] } = {}): NodeModel {
  const model = cloneNode(healthyNode());
  model.keys["ca-new"] = { algorithm: "RSA", bits: 2048 };
  model.certs["ca-new"] = { ...caCert("kubernetes", "ca-new"), notBefore: "2026-04-01T00:00:00Z" };
  const both = {
    kind: "pem" as const,
    blocks: [
      { type: "certificate" as const, cert: "ca" },
      { type: "certificate" as const, cert: "ca-new" },
    ],
  };
  // Step 1: the new CA beside the old one in ca.crt and in every kubeconfig.
  model.files[pkiPath("ca.crt")] = both;
  for (const path of kubeconfigs(model)) {
    const spec = model.files[path];
    if (spec?.kind === "kubeconfig") spec.kubeconfig.extraCaCerts = ["ca-new"];
  }
  if (step === 1) return model;
  // Step 2: leaves reissued from the new CA (all of them from step 3 on).
  const leaves = step === 2 ? (options.leaves ?? ["apiserver"]) : CLUSTER_LEAVES;
  for (const id of leaves) if (model.certs[id]) certSpec(model, id).issuer = "ca-new";
  if (step === 2 || step === 3) return model;
  // Step 5 (signer switched, restarted): the old CA leaves the bundles.
  model.files[pkiPath("ca.crt")] = { kind: "pem", blocks: [{ type: "certificate", cert: "ca-new" }] };
  for (const path of kubeconfigs(model)) {
    const spec = model.files[path];
    if (spec?.kind === "kubeconfig") {
      spec.kubeconfig.caCert = "ca-new";
      delete spec.kubeconfig.extraCaCerts;
    }
  }
  return model;
}

async function stands(model: NodeModel): Promise<RotationStand[]> {
  const files = await new NodeRenderer(keys, crypto).render(model);
  const inventory = await ingest(
    [...files].map(([path, bytes]) => ({ path, bytes })),
    { crypto },
  );
  const clusterModel = buildClusterModel(inventory);
  const ctx = await buildCheckContext(inventory, clusterModel, {
    now: new Date(FIXTURE_NOW),
    warnDays: 30,
    warnFraction: DEFAULT_WARN_FRACTION,
    caHorizonDays: DEFAULT_CA_HORIZON_DAYS,
    verifier: createSignatureVerifier(crypto),
  });
  return rotationStands(ctx);
}

const cluster = (list: RotationStand[]) => list.find((stand) => stand.lineage.subject === "CN=kubernetes");

describe("rotationStands", () => {
  beforeAll(async () => {
    await stands(healthyNode());
  }, 120_000);

  it("sees no rotation on the healthy node", async () => {
    expect(await stands(healthyNode())).toEqual([]);
  });

  it("step 1: the new CA is everywhere beside the old one, nothing signed by it yet", async () => {
    const stand = cluster(await stands(rotated(1)));
    expect(stand?.lineage.generations).toHaveLength(2);
    expect(stand?.bundles.every((b) => b.holds === "both")).toBe(true);
    expect(stand?.leaves.every((l) => l.from === "old")).toBe(true);
    expect(stand?.role).toBe("cluster-ca");
    expect(stand?.step).toBe(2);
    expect(stand?.hazards).toEqual([]);
  });

  it("step 2: the apiserver serves a leaf of the new CA, the rest are old", async () => {
    const stand = cluster(await stands(rotated(2)));
    expect(stand?.step).toBe(2);
    const apiserver = stand?.leaves.find((l) => l.source.endsWith("pki/apiserver.crt"));
    expect(apiserver?.from).toBe("new");
    expect(stand?.leaves.some((l) => l.from === "old")).toBe(true);
    expect(stand?.hazards).toEqual([]);
  });

  it("a new leaf shown to a kubeconfig that trusts only the old CA is a hazard on apiserver-serving", async () => {
    const model = rotated(2);
    const admin = model.files[`${K8S_DIR}/admin.conf`];
    if (admin?.kind === "kubeconfig") delete admin.kubeconfig.extraCaCerts;
    const stand = cluster(await stands(model));
    expect(stand?.step).toBe(1);
    expect(stand?.hazards).toContainEqual(
      expect.objectContaining({ relationship: "apiserver-serving", why: "new-leaf-old-bundle" }),
    );
    expect(stand?.hazards.every((h) => h.bundle.startsWith(`${K8S_DIR}/admin.conf`))).toBe(true);
  });

  it("step 3: every leaf from the new CA, but the signer still signs with the old key", async () => {
    // kube-controller-manager signs with the first certificate of --cluster-signing-cert-file
    // (tls.X509KeyPair), here ca.crt with the old CA first and ca.key the old key.
    const stand = cluster(await stands(rotated(3)));
    expect(stand?.leaves.every((l) => l.from === "new")).toBe(true);
    expect(stand?.signer).toBe("old");
    expect(stand?.step).toBe(3);
    expect(stand?.nodes).toHaveLength(1);
    expect(stand?.nodes[0]?.signer?.source).toBe(pkiPath("ca.crt"));
  });

  it("step 5: the new CA first in ca.crt, the signer on the new key; the old CA can go", async () => {
    const model = rotated(3);
    model.files[pkiPath("ca.crt")] = {
      kind: "pem",
      blocks: [
        { type: "certificate", cert: "ca-new" },
        { type: "certificate", cert: "ca" },
      ],
    };
    const stand = cluster(await stands(model));
    expect(stand?.signer).toBe("new");
    expect(stand?.step).toBe(5);
    expect(stand?.signerHazards).toEqual([]);
  });

  it("done: the old CA is in no file any more, so no rotation is under way", async () => {
    expect(cluster(await stands(rotated("done")))).toBeUndefined();
  });
});
