/**
 * The instances of a relationship the graph draws as one edge (one per control plane of an HA
 * cluster): each by its node and status, the one shown marked, any other one click away.
 */
import { testIds } from "@/components/test-ids";
import type { ReportRelationship } from "@/lib/report";
import { type LinkProps } from "./detail-links";
import { DetailSection } from "./detail-section";
import { hoverProps } from "./hover-props";
import { relationshipInstances } from "./relationship-instances";
import { TONE_TEXT } from "./status-badge";
import { StatusIcon } from "./status-icon";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";

/** Nothing for a relationship found once; a short list for one found on several nodes. */
export function InstanceList({ relationship, ...links }: LinkProps & { relationship: ReportRelationship }) {
  const instances = relationshipInstances(links.report, relationship);
  if (instances.length < 2) return null;
  return (
    <DetailSection title="Instances drawn as this edge" count={instances.length}>
      <ul className="flex flex-col" data-testid={testIds.relationshipInstances}>
        {instances.map(({ relationship: instance, node }) => {
          const current = instance.key === relationship.key;
          const selection = { kind: "relationship", key: instance.key } as const;
          return (
            <li key={instance.key}>
              <button
                type="button"
                aria-current={current ? "true" : undefined}
                onClick={() => links.onSelect(selection)}
                {...hoverProps(links.onHover, selection)}
                className={`hover:bg-raised flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1 text-left text-sm ${current ? "bg-raised font-medium" : ""}`}
              >
                <span
                  className={`inline-flex w-17 shrink-0 items-center gap-1 text-xs ${TONE_TEXT[instance.status]}`}
                >
                  <StatusIcon tone={instance.status} />
                  {instance.status}
                </span>
                <span className="min-w-0 flex-1 truncate font-mono text-xs" title={inertText(instance.key)}>
                  <InputText text={node} />
                </span>
                {current && <span className="text-muted shrink-0 text-xs">shown</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}
