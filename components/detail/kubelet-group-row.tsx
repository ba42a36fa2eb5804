/**
 * One kubelet of the group's list: its status, node name and the titles of the findings that make it
 * so. The row opens the relationship at that status; the kubelet itself is one more click away.
 */
import { memo } from "react";
import { testIds } from "@/components/test-ids";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";
import { type LinkProps } from "./detail-links";
import { hoverProps } from "./hover-props";
import type { FleetKubelet } from "./kubelet-fleet";
import { TONE_TEXT } from "./status-badge";
import { StatusIcon } from "./status-icon";

/** Finding titles drawn under a row before "+N more". */
const TITLES_SHOWN = 2;

/**
 * Memoised: a keystroke in the filter redraws the list, and the rows it keeps (the same kubelet, the
 * same report and handlers) are not drawn again.
 */
export const KubeletGroupRow = memo(function KubeletGroupRow({
  kubelet,
  ...links
}: LinkProps & { kubelet: FleetKubelet }) {
  const component = { kind: "component", id: kubelet.id } as const;
  // A kubelet with no relationship in scope has none to open: the row opens the kubelet.
  const target = kubelet.worstKey ? ({ kind: "relationship", key: kubelet.worstKey } as const) : component;
  const hidden = kubelet.findings.length - TITLES_SHOWN;
  return (
    <div
      className="hover:bg-raised flex min-w-0 items-start gap-1 rounded-md px-2 py-1"
      data-testid={testIds.kubeletGroupRow}
      data-node={kubelet.node}
      data-status={kubelet.status}
    >
      <button
        type="button"
        onClick={() => links.onSelect(target)}
        {...hoverProps(links.onHover, target)}
        className="flex min-w-0 flex-1 items-start gap-2 text-left"
      >
        <span
          className={`inline-flex w-17 shrink-0 items-center gap-1 text-xs leading-5 ${TONE_TEXT[kubelet.status]}`}
        >
          <StatusIcon tone={kubelet.status} />
          {kubelet.status}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-mono text-xs leading-5 font-medium">
            <InputText text={kubelet.node} />
          </span>
          {kubelet.findings.slice(0, TITLES_SHOWN).map((title) => (
            <span key={title} className="text-muted line-clamp-2 text-xs wrap-anywhere">
              <InputText text={title} dir="ltr" />
            </span>
          ))}
          {hidden > 0 && <span className="text-muted text-xs">+{hidden} more</span>}
        </span>
      </button>
      {kubelet.worstKey && (
        <button
          type="button"
          onClick={() => links.onSelect(component)}
          {...hoverProps(links.onHover, component)}
          aria-label={`kubelet on ${inertText(kubelet.node)}`}
          className="text-accent shrink-0 text-xs leading-5 hover:underline"
        >
          kubelet
        </button>
      )}
    </div>
  );
});
