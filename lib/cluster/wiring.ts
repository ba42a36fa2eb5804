/**
 * A small constructor for relationship wirings, so the builders state only what differs.
 */
import type { RelationshipId } from "../report";
import { PRIMARY_RELATIONSHIPS } from "../report";
import type { Credential, RelationshipWiring, TrustBundle } from "./model";

export type WiringInput = Pick<RelationshipWiring, "id" | "client" | "server" | "summary"> &
  Partial<
    Omit<RelationshipWiring, "id" | "client" | "server" | "summary" | "clientVerifiers" | "serverVerifiers">
  > & {
    key?: string;
    clientVerifiers?: (TrustBundle | undefined)[];
    serverVerifiers?: (TrustBundle | undefined)[];
  };

const isPrimary = (id: RelationshipId) => (PRIMARY_RELATIONSHIPS as readonly string[]).includes(id);

const certIdOf = (credential: Credential | undefined) => (credential?.cert ? [credential.cert.id] : []);

/** Fill a wiring's defaults: key = id, verifiers without holes, subject = the credentials' leaves. */
export function makeWiring(input: WiringInput): RelationshipWiring {
  const clientVerifiers = (input.clientVerifiers ?? []).filter((b): b is TrustBundle => !!b);
  const serverVerifiers = (input.serverVerifiers ?? []).filter((b): b is TrustBundle => !!b);
  return {
    key: input.key ?? input.id,
    primary: isPrimary(input.id),
    clientEku: [],
    serverEku: [],
    dialedNames: [],
    missing: [],
    subjectCertIds: input.subjectCertIds ?? [
      ...certIdOf(input.clientCredential),
      ...certIdOf(input.serverCredential),
    ],
    ...input,
    clientVerifiers,
    serverVerifiers,
  };
}
