/**
 * The words of an inventory group's heading: "Secrets in cert-manager · 3 certificates", the
 * namespace isolated as the input's text it is.
 */
import { InputText } from "@/components/shared/input-text";
import type { InventoryGroup } from "./inventory-groups";

export function GroupHeading({ group }: { group: InventoryGroup }) {
  return (
    <>
      {group.namespace === undefined ? (
        "Secrets without a namespace"
      ) : (
        <>
          Secrets in <InputText text={group.namespace} />
        </>
      )}
      <span className="text-muted font-normal">
        {` · ${group.count} certificate${group.count === 1 ? "" : "s"}`}
      </span>
    </>
  );
}
