import { describe, expect, it } from "vitest";
import { PRIMARY_RELATIONSHIPS, SECONDARY_RELATIONSHIPS } from "../report";
import { FLOWS, HANDSHAKE, lessonFor, PHRASES, RELATIONSHIP_LESSONS } from "./lessons";
import { fill, plainText } from "./segments";

const IDS = [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS];
const SLOT = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Every string of a nested content object, with where it sits. */
function strings(node: unknown, at = ""): { at: string; text: string }[] {
  if (typeof node === "string") return [{ at, text: node }];
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([key, child]) => strings(child, at ? `${at}.${key}` : key));
  return [];
}

describe("relationship lessons", () => {
  it("cover exactly the fifteen relationships of the report contract", () => {
    expect(Object.keys(RELATIONSHIP_LESSONS).sort()).toEqual([...IDS].sort());
  });

  it.each(IDS)("%s has every part, filled without a stray mark", (id) => {
    const lesson = lessonFor(id);
    const parts = [
      lesson.title,
      lesson.client,
      lesson.server,
      lesson.clientPresents,
      lesson.serverPresents,
      lesson.clientTrusts,
      lesson.serverTrusts,
      lesson.identity,
      lesson.authorizer,
      lesson.dials,
      lesson.carriers,
    ];
    for (const part of parts) expect(part.trim().length).toBeGreaterThan(0);
    const talk = plainText(fill(lesson.talk, { client: lesson.client, server: lesson.server }));
    expect(talk).toContain(lesson.server);
    for (const part of [
      lesson.clientPresents,
      lesson.serverPresents,
      lesson.clientTrusts,
      lesson.serverTrusts,
    ]) {
      expect(plainText(fill(part))).not.toMatch(/[`{}]/);
    }
    // carriers is shown inside a `missing` segment, which is plain text.
    expect(lesson.carriers).not.toMatch(/`/);
    for (const example of lesson.breaks) {
      expect(example.when.length).toBeGreaterThan(0);
      expect(example.source.length).toBeGreaterThan(0);
    }
  });

  it("name the flag or kubeconfig field each end presents and trusts through", () => {
    const cases: { id: (typeof IDS)[number]; presents: string; trusts: string }[] = [
      { id: "apiserver-etcd-client", presents: "--etcd-certfile", trusts: "--trusted-ca-file" },
      { id: "etcd-serving", presents: "--cert-file", trusts: "--etcd-cafile" },
      {
        id: "controller-manager-client",
        presents: "users[].user.client-certificate-data",
        trusts: "--client-ca-file",
      },
      { id: "apiserver-serving", presents: "--tls-cert-file", trusts: "certificate-authority-data" },
      { id: "apiserver-kubelet-client", presents: "--kubelet-client-certificate", trusts: "clientCAFile" },
      {
        id: "front-proxy-client",
        presents: "--proxy-client-cert-file",
        trusts: "--requestheader-client-ca-file",
      },
      {
        id: "service-account-signing",
        presents: "--service-account-signing-key-file",
        trusts: "--service-account-key-file",
      },
    ];
    for (const { id, presents, trusts } of cases) {
      const lesson = lessonFor(id);
      expect(`${lesson.clientPresents} ${lesson.serverPresents}`, id).toContain(presents);
      expect(`${lesson.clientTrusts} ${lesson.serverTrusts}`, id).toContain(trusts);
    }
  });
});

describe("shared phrases, handshake and flow texts", () => {
  const all = [
    ...strings(PHRASES, "PHRASES"),
    ...strings(HANDSHAKE, "HANDSHAKE"),
    ...strings(FLOWS, "FLOWS"),
  ];
  it.each(all)("$at fills with its own slots and leaves no stray mark", ({ text }) => {
    const slots = Object.fromEntries([...text.matchAll(SLOT)].map(([, name]) => [name ?? "", "x"]));
    expect(plainText(fill(text, slots))).not.toMatch(/[`]|\{[A-Za-z]/);
  });
});
