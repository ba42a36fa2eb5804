/**
 * Every HTML view of the explorer rendered on a cluster whose names try to fool the reader (an
 * override, zero-width spaces, escape sequences and a newline in a CA, a client, kubeconfig users
 * and file names): no such character may reach the markup a person reads or hears. Attributes that
 * are never shown (test ids and element ids, `data-*`) are left out; the browser test
 * (e2e/hostile-names.spec.ts) checks the drawn page, SVG included.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { HOSTILE, hostileClusterFiles } from "@/e2e/support/hostile-cluster";
import { analyze } from "@/lib/analyze";
import { renewalPlan } from "@/lib/plan/renewal-plan";
import type { Report } from "@/lib/report";
import { FIXTURE_NOW } from "@/lib/test-support/fixtures";
import { rotationRoots } from "@/lib/rotation/rotation-plan";
import { DetailPanel } from "@/components/detail/detail-panel";
import { highlightFor, type Selection } from "@/components/explorer/selection";
import { FindingsList } from "@/components/findings/findings-list";
import { InventoryCards } from "@/components/inventory/inventory-cards";
import { InventoryTable } from "@/components/inventory/inventory-table";
import { RenewalPlanView } from "@/components/plan/renewal-plan-view";
import { FlowPanel } from "@/components/teach/flow-panel";
import { HandshakePanel } from "@/components/teach/handshake-panel";
import { LearnBar } from "@/components/teach/learn-bar";
import { TourPanel } from "@/components/teach/tour-panel";
import { ClusterChoiceDialog } from "@/components/workbench/cluster-choice-dialog";
import { NothingToJudgeState } from "@/components/workbench/nothing-to-judge-state";
import { PasswordDialog } from "@/components/workbench/password-dialog";
import { SourcesBar } from "@/components/workbench/sources-bar";
import { SummaryBar } from "@/components/workbench/summary-bar";

/**
 * Bidi embeddings, overrides and isolates, zero-width characters and marks, ESC and the other C0
 * controls but the newline, which our own tooltips use between paths (one on each line).
 */
const ACTING = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u0000-\u0009\u000b-\u001f]/g;

/** Where `markup`, without the attributes no one reads, holds an acting character, with context. */
function actingIn(markup: string): string[] {
  const read = markup.replace(/ (data-[a-z-]+|id|href|aria-controls|aria-labelledby)="[^"]*"/g, "");
  return [...read.matchAll(ACTING)].map((match) =>
    JSON.stringify(read.slice(Math.max(0, match.index - 60), match.index + 10)),
  );
}

let report: Report;
beforeAll(async () => {
  report = await analyze(await hostileClusterFiles(), { now: FIXTURE_NOW });
});

const noop = () => {};
const views = (): [string, ReactElement][] => {
  const props = {
    report,
    onSelect: noop,
    onHover: noop,
    highlight: highlightFor(report, null),
    selection: null,
  };
  const rows = {
    report,
    certificates: report.certificates,
    expanded: new Set(report.certificates.map((certificate) => certificate.id)),
    sort: { key: "path", direction: "ascending" } as const,
    onSort: noop,
    onActivate: noop,
    onHover: noop,
    stateOf: () => "plain" as const,
    groupOf: () => undefined,
  };
  return [
    ["findings list", createElement(FindingsList, props)],
    ["inventory table, every row unfolded", createElement(InventoryTable, rows)],
    ["inventory cards, every card unfolded", createElement(InventoryCards, rows)],
    ["renewal plan", createElement(RenewalPlanView, { ...props, plan: renewalPlan(report) })],
    ["summary bar", createElement(SummaryBar, { report, engine: "worker" })],
    ["learn bar", createElement(LearnBar, { report, selection: null })],
    [
      "sources bar",
      createElement(SourcesBar, {
        sources: [{ id: "1", label: HOSTILE.userCn, kind: "user", fileCount: 3, files: [] }],
        onRemove: noop,
        onClear: noop,
        onLoadDemo: noop,
      }),
    ],
    [
      "cluster choice",
      createElement(ClusterChoiceDialog, {
        label: HOSTILE.userKubeconfig,
        fileCount: 3,
        authorities: [HOSTILE.clusterCa, HOSTILE.controllerManager],
        loadedAuthorities: [HOSTILE.adminUser],
        onReplace: noop,
        onAdd: noop,
        onCancel: noop,
      }),
    ],
    [
      "password dialog",
      createElement(PasswordDialog, { path: HOSTILE.spoofedFile, wrong: true, onOpen: noop, onSkip: noop }),
    ],
    [
      "nothing to judge",
      createElement(NothingToJudgeState, {
        report: {
          ...report,
          inputs: {
            ...report.inputs,
            skipped: [{ path: HOSTILE.unreadableFile, reason: `not PEM: ${HOSTILE.clusterCa}` }],
          },
        },
      }),
    ],
    ...["admin-client", "controller-manager-client"].map((step): [string, ReactElement] => [
      `tour step ${step}`,
      createElement(TourPanel, { report, step, navigate: noop }),
    ]),
    ...["kubelet-bootstrap", "kubelet-serving", "service-account-tokens", "ca-rotation"].map(
      (id): [string, ReactElement] => [
        `flow ${id}`,
        createElement(FlowPanel, { report, flowId: id, navigate: noop }),
      ],
    ),
  ];
};

/**
 * The markup without the contents of its text boxes: a pasted error stays in its box exactly as
 * pasted, to be edited; what the page says about it is what must be inert.
 */
const withoutTextBoxes = (markup: string) => markup.replace(/(<textarea[^>]*>)[^<]*(<\/textarea>)/g, "$1$2");

describe("the explorer's views on hostile names", () => {
  it("no view shows a bidi control, zero-width or control character of the input", () => {
    expect(
      views().flatMap(([name, view]) => actingIn(renderToStaticMarkup(view)).map((at) => `${name}: ${at}`)),
    ).toEqual([]);
  });

  it("the detail panel shows none, whatever is selected", () => {
    const selections: Selection[] = [
      null,
      ...report.relationships.map((r) => ({ kind: "relationship", key: r.key }) as const),
      ...report.components.map((c) => ({ kind: "component", id: c.id }) as const),
      ...report.trustAnchors.map((a) => ({ kind: "anchor", id: a.id }) as const),
      ...report.certificates.map((c) => ({ kind: "certificate", id: c.id }) as const),
      ...report.findings.map((_, index) => ({ kind: "finding", index }) as const),
      ...rotationRoots(report).map((root) => ({ kind: "rotation", root }) as const),
      { kind: "what-if" } as const,
      // Answers to pasted errors quote the certificates and files they match.
      { kind: "explain", text: "KubeClientCertificateExpiration" } as const,
      {
        kind: "explain",
        text: `x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "${HOSTILE.clusterCa}")`,
      } as const,
      {
        kind: "explain",
        text: "x509: certificate has expired or is not yet valid: current time 2030-01-01T00:00:00Z is after 2029-01-01T00:00:00Z",
      } as const,
    ];
    const props = {
      report,
      onSelect: noop,
      onHover: noop,
      onClose: noop,
      highlight: highlightFor(report, null),
    };
    const found = selections.flatMap((selection) =>
      actingIn(
        withoutTextBoxes(renderToStaticMarkup(createElement(DetailPanel, { ...props, selection }))),
      ).map((at) => `${JSON.stringify(selection)}: ${at}`),
    );
    expect(found).toEqual([]);
  });

  it("an answer to a pasted error quotes the name it matched, as escapes", () => {
    const text = `x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "${HOSTILE.clusterCa}")`;
    const markup = renderToStaticMarkup(
      createElement(DetailPanel, {
        report,
        onSelect: noop,
        onHover: noop,
        onClose: noop,
        highlight: highlightFor(report, null),
        selection: { kind: "explain", text },
      }),
    );
    expect(actingIn(withoutTextBoxes(markup))).toEqual([]);
    // The text box holds the text as pasted; the answer quotes the name from it as escapes.
    expect(markup).toMatch(/<textarea[^>]*>x509: certificate signed/);
    expect(withoutTextBoxes(markup)).toContain(">\\u202E</span>");
  });

  it("every handshake shows none", () => {
    const found = report.relationships.flatMap((relationship) =>
      actingIn(
        renderToStaticMarkup(
          createElement(HandshakePanel, { report, relationshipKey: relationship.key, navigate: noop }),
        ),
      ).map((at) => `${relationship.key}: ${at}`),
    );
    expect(found).toEqual([]);
  });

  it("the hostile names are there, as escapes: the check is looking at them", () => {
    const markup = renderToStaticMarkup(
      createElement(FindingsList, {
        report,
        onSelect: noop,
        onHover: noop,
        highlight: highlightFor(report, null),
        selection: null,
      }),
    );
    expect(markup).toContain(">\\x1B</span>");
    expect(markup).toContain(">\\u202E</span>");
    // The newline in the controller-manager's subject is shown too, not folded into a space.
    expect(markup).toContain(">\\n</span>");
  });
});
