/**
 * Test ids shared by the components that render them and the Playwright specs that find them, so a
 * renamed id breaks the type check instead of silently breaking an e2e selector.
 */
export const testIds = {
  main: "main",
  privacyNote: "privacy-note",
  cliExample: "cli-example",
  themeToggle: "theme-toggle",
  summary: "summary",
  sources: "sources",
  judgeDate: "judge-date",
  judgeDateSource: "judge-date-source",
  nothingToJudge: "nothing-to-judge",
  skippedFiles: "skipped-files",
  detailPanel: "detail-panel",
  /** A relationship's facts and where each came from (configured, convention, guess). */
  evidenceList: "evidence-list",
  /** What the report could not judge, said first: an unrecognised layout, a drop without control plane. */
  scopeNote: "scope-note",
  graph: "graph",
  findings: "findings",
  inventory: "inventory",
  /** A heading row of the inventory: the certificates of one namespace's Secrets. */
  inventoryGroup: "inventory-group",
  dropOverlay: "drop-overlay",
  folderInput: "folder-input",
  filesInput: "files-input",
  pasteButton: "paste-button",
  pasteDialog: "paste-dialog",
  closeDetails: "close-details",
  detailVerdict: "detail-verdict",
  edgeTooltip: "edge-tooltip",
  topologyGraph: "topology-graph",
  graphZoomIn: "graph-zoom-in",
  graphZoomOut: "graph-zoom-out",
  graphFit: "graph-fit",
  graphLegend: "graph-legend",
  graphStatusHidden: "graph-status-hidden",
  graphNote: "graph-note",
  relationshipInstances: "relationship-instances",
  /** The kubelet group's view, its counts per relationship, and one kubelet's row in its list. */
  kubeletGroup: "kubelet-group",
  kubeletGroupCounts: "kubelet-group-counts",
  kubeletGroupRow: "kubelet-group-row",
  /** What the server of a relationship really served, beside its file on disk. */
  servedChain: "served-chain",
  layoutLabel: "layout-label",
  layoutEvidence: "layout-evidence",
  publicHalves: "public-halves",
  publicHalvesList: "public-halves-list",
  genericPki: "generic-pki",
  genericPkiNote: "generic-pki-note",
  timeline: "timeline",
  timelineBar: "timeline-bar",
  /** A group heading of the timeline (a namespace's Secrets, certificates without an issuer). */
  timelineGroup: "timeline-group",
  timelineZoomIn: "timeline-zoom-in",
  timelineZoomOut: "timeline-zoom-out",
  timelineFocus: "timeline-focus",
  timelineAll: "timeline-all",
  timelineLegend: "timeline-legend",
  timelineScroll: "timeline-scroll",
  renewalPlan: "renewal-plan",
  renewalDay: "renewal-day",
  renewalItem: "renewal-item",
  renewalCommands: "renewal-commands",
  /** The button that opens a CA's rotation plan (a CA's panel, a CA finding, the overview). */
  rotationPlanOpen: "rotation-plan-open",
  /** The rotation plan in the detail panel. */
  rotationPlan: "rotation-plan",
  /** Where a rotation stands per node. */
  rotationStand: "rotation-stand",
  rotationRunbook: "rotation-runbook",
  /** The what-if panel, its run button and its answer. */
  whatIf: "what-if",
  whatIfOpen: "what-if-open",
  whatIfRun: "what-if-run",
  whatIfResult: "what-if-result",
  /** The comparison with an earlier snapshot: its control, its file inputs, the changes list, its exports. */
  diffOpen: "diff-open",
  diffPanel: "diff-panel",
  diffFiles: "diff-files",
  diffFolder: "diff-folder",
  diffChanges: "diff-changes",
  diffExportMarkdown: "diff-export-markdown",
  diffExportJson: "diff-export-json",
  /** The "Paste an error" panel: its opening button, the text box, the button and the answer. */
  explain: "explain",
  explainOpen: "explain-open",
  explainInput: "explain-input",
  explainRun: "explain-run",
  explainAnswer: "explain-answer",
  exportMenu: "export-menu",
  thresholdSettings: "threshold-settings",
  /** The audit policy's toolbar button and panel (components/policy). */
  policySettings: "policy-settings",
  passwordDialog: "password-dialog",
  passwordInput: "password-input",
  passwordOpen: "password-open",
  passwordSkip: "password-skip",
  fixBlock: "fix-block",
  tour: "tour",
  tourNext: "tour-next",
  handshake: "handshake",
  handshakeNext: "handshake-next",
  flow: "flow",
  teachPanel: "teach-panel",
  learnMenu: "learn-menu",
  learnQuizTask: "learn-quiz-task",
  scenarioPanel: "scenario-panel",
  scenarioList: "scenario-list",
  scenarioUserSees: "scenario-user-sees",
  scenarioFix: "scenario-fix",
  scenarioDownload: "scenario-download",
  /** A scenario's lab: its commands to try, each with a Copy button. */
  scenarioLab: "scenario-lab",
  /** A quiz round: its panel, countdown, feedback, next button, score, review; the list's round builder. */
  quizRound: "quiz-round",
  quizRoundCountdown: "quiz-round-countdown",
  quizRoundFeedback: "quiz-round-feedback",
  quizRoundNext: "quiz-round-next",
  quizRoundScore: "quiz-round-score",
  quizRoundReview: "quiz-round-review",
  quizRoundAgain: "quiz-round-again",
  quizRoundStart: "quiz-round-start",
  quizRoundLink: "quiz-round-link",
  quizRoundQr: "quiz-round-qr",
  clusterChoice: "cluster-choice",
  clusterChoiceReplace: "cluster-choice-replace",
  clusterChoiceAdd: "cluster-choice-add",
  clusterChoiceCancel: "cluster-choice-cancel",
  collectorPanel: "collector-panel",
  collectorCommand: "collector-command",
  collectorScript: "collector-script",
} as const;

export type TestId = (typeof testIds)[keyof typeof testIds];

/** Test id of one relationship edge; pass the relationship's `key` (`kubelet-client:node-1`) or its id. */
export function edgeTestId(key: string): `edge-${string}` {
  return `edge-${key}`;
}

/** Test id of one finding row, keyed by its stable code (`CERT_EXPIRED`). */
export function findingTestId(code: string): `finding-${string}` {
  return `finding-${code}`;
}
