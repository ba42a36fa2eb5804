/**
 * What the panel shows before anything is selected: how the relationships came out, how many
 * findings of each severity, the cluster as recognised (layout, version, nodes) and what named its
 * layout, what was read, the relationships that need attention, and how to get both sides of an edge.
 * Files without PKI material get no relationship counts: nothing was judged, and it says so.
 */
import { testIds } from "@/components/test-ids";
import { clusterFacts, countNoun, scopeNotes } from "@/lib/format/labels";
import { isUnwired } from "@/lib/view/unwired";
import { NODES_NAMED } from "@/lib/plan/breakage";
import { perReport } from "@/lib/view/per-report";
import { naturalOrder } from "@/lib/shared/natural-order";
import { nothingToJudge, nothingToJudgePhrase } from "@/lib/format/nothing-to-judge";
import { DetailSection } from "./detail-section";
import { RelationshipLinks, type LinkProps } from "./detail-links";
import { orderedRelationships } from "./report-links";
import { TONE_TEXT } from "./status-badge";
import { SEVERITY_ORDER, STATUS_ORDER } from "@/lib/report";
import { countBySeverity, countByStatus } from "./status-counts";
import { StatusIcon } from "./status-icon";
import { InputText } from "@/components/shared/input-text";
import { RotationPlanButton } from "@/components/rotation/rotation-plan-detail";
import { ROTATION_STEPS, STEP_TITLES, stepNumber } from "@/lib/rotation/rotation-words";
import { trustRootName } from "@/lib/rotation/rotation-roots";

/**
 * The cluster's facts line, once per report, its nodes handed over already in order: clusterFacts
 * sorts them with a collator per comparison, which takes a fleet's five thousand names a while, and
 * an ordered list is sorted in one pass.
 */
const factsOf = perReport((report) =>
  clusterFacts({
    ...report,
    // A few nodes are named in the report's order; past NODES_NAMED clusterFacts sorts them.
    cluster:
      report.cluster.nodes.length > NODES_NAMED
        ? { ...report.cluster, nodes: [...report.cluster.nodes].sort(naturalOrder) }
        : report.cluster,
  }),
);

export function OverviewDetail(links: LinkProps) {
  const { report } = links;
  const byStatus = countByStatus(report.relationships);
  const bySeverity = countBySeverity(report.findings);
  const attention = orderedRelationships(report).filter((relationship) => relationship.status !== "ok");
  const facts = factsOf(report);
  const { inputs } = report;
  // A generic PKI has certificates, not relationships: say what to select there instead.
  const empty = nothingToJudge(report);
  const generic = !empty && isUnwired(report);
  const notes = scopeNotes(report);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">Overview</h2>
        <p className="text-muted text-sm">
          {empty
            ? `Nothing to judge: ${nothingToJudgePhrase(report)}. Drop certificates, keys, kubeconfigs, static-pod manifests or the kubelet config to see their trust relationships.`
            : generic
              ? "Select a certificate to see its subject, issuer, validity, key and what it may be used for. No Kubernetes relationship is assumed for these files."
              : "Select an edge in the graph to see both sides: what each end presents, what it verifies the other with, and the chain between them."}
        </p>
        {notes.map((note) => (
          <p
            key={note}
            data-testid={testIds.scopeNote}
            className="bg-unknown-soft mt-1 rounded-md px-3 py-2 text-sm leading-relaxed wrap-break-word"
          >
            <InputText text={note} dir="ltr" />
          </p>
        ))}
      </header>
      {!generic && !empty && (
        <DetailSection title="Relationships" count={report.relationships.length}>
          <ul className="grid grid-cols-2 gap-2 @sm:grid-cols-4">
            {STATUS_ORDER.map((status) => (
              <li key={status} className="border-line flex flex-col gap-0.5 rounded-md border px-3 py-2">
                <span className="text-lg font-semibold tabular-nums">{byStatus[status]}</span>
                <span
                  className={`inline-flex items-center gap-1 text-xs ${byStatus[status] > 0 ? TONE_TEXT[status] : "text-muted"}`}
                >
                  <StatusIcon tone={status} />
                  {status}
                </span>
              </li>
            ))}
          </ul>
        </DetailSection>
      )}
      <DetailSection title="Findings" count={report.findings.length}>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {SEVERITY_ORDER.map((severity) => {
            const tone = severity === "info" ? "info" : severity;
            return (
              <span
                key={severity}
                className={`inline-flex items-center gap-1 ${bySeverity[severity] > 0 ? TONE_TEXT[tone] : "text-muted"}`}
              >
                <StatusIcon tone={tone} />
                {countNoun(bySeverity[severity], severity)}
              </span>
            );
          })}
        </p>
      </DetailSection>
      {(report.rotations ?? []).map((rotation) =>
        rotation.root ? (
          <DetailSection key={rotation.root} title="CA rotation under way">
            <p className="text-sm">
              {trustRootName(rotation.role, rotation.subject)}: step {stepNumber(rotation.step)} of{" "}
              {ROTATION_STEPS}, {STEP_TITLES[rotation.step]}
              {rotation.hazards.length > 0
                ? ` — ${countNoun(rotation.hazards.length, "edge")} broken by a step out of order`
                : ""}
              .
            </p>
            <RotationPlanButton
              root={rotation.root}
              onSelect={links.onSelect}
              label="Open the plan and where each node stands"
            />
          </DetailSection>
        ) : null,
      )}
      {!empty && !generic && (
        <button
          type="button"
          data-testid={testIds.whatIfOpen}
          onClick={() => links.onSelect({ kind: "what-if" })}
          className="border-line hover:bg-raised self-start rounded-md border px-2.5 py-1 text-xs font-medium"
        >
          What if… (renew, let a date pass, stop a rotation)
        </button>
      )}
      {attention.length > 0 && (
        <DetailSection title="Needs a look" count={attention.length}>
          <RelationshipLinks {...links} relationships={attention} empty="" />
        </DetailSection>
      )}
      {facts && !empty && (
        <DetailSection title="Cluster">
          <p className="text-sm font-medium">
            <InputText text={facts} dir="ltr" />
          </p>
          {report.layout && report.layout.evidence.length > 0 && (
            <ul
              data-testid={testIds.layoutEvidence}
              aria-label="What named the layout"
              className="text-muted flex list-disc flex-col gap-0.5 pl-4 text-xs"
            >
              {report.layout.evidence.map((item) => (
                <li key={item} className="wrap-anywhere">
                  <InputText text={item} dir="ltr" />
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      )}
      <DetailSection title="Input">
        <p className="text-muted text-sm">
          {[
            countNoun(inputs.files, "file"),
            countNoun(inputs.certificates, "certificate"),
            countNoun(inputs.keys, "key"),
            countNoun(inputs.kubeconfigs, "kubeconfig"),
            countNoun(inputs.manifests, "manifest"),
          ].join(" · ")}
          {inputs.skipped.length > 0 && ` · ${inputs.skipped.length} skipped`}
        </p>
      </DetailSection>
    </div>
  );
}
