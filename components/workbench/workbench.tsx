"use client";
/**
 * The explorer's one client island: it owns the loaded sources, the analysis (through useAnalysis,
 * which owns the Worker), the judge date and the selection, and composes the views. Views talk to each
 * other only through `onSelect`; everything they light up is derived from the selection here.
 */
import { useStepsPending } from "@/components/explorer/steps-pending";
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useAnalysis } from "@/components/analysis/use-analysis";
import { EMPTY_HIGHLIGHT, highlightFor, type Selection } from "@/components/explorer/selection";
import { FindingsList } from "@/components/findings/findings-list";
import { DropZone } from "@/components/input/drop-zone";
import type { ReadProblem } from "@/components/input/picked-file";
import { loadDemo } from "@/components/input/load-demo";
import { SourcePicker } from "@/components/input/source-picker";
import { filesForAnalysis, INITIAL_SOURCES, sourceActions, sourcesReducer } from "@/components/input/sources";
import { ExportMenu } from "@/components/export/export-menu";
import { filesOriginOf } from "@/components/input/files-origin";
import { FilesOriginContext } from "@/components/teach/files-origin-context";
import { ThresholdSettings } from "@/components/settings/threshold-settings";
import { useThresholds } from "@/components/settings/use-thresholds";
import { PolicySettings } from "@/components/policy/policy-settings";
import { usePolicy } from "@/components/policy/use-policy";
import { testIds } from "@/components/test-ids";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { nothingToJudge } from "@/lib/format/nothing-to-judge";
import type { Report } from "@/lib/report";
import { ClusterChoiceDialog } from "./cluster-choice-dialog";
import { EmptyState } from "./empty-state";
import { effectiveJudgeAt, judgeDateSource, judgeDayFromSearch, searchWithJudgeDay } from "./judge-date";
import { JudgeDateField } from "./judge-date-field";
import { landmarkIds } from "./landmarks";
import { nextLockedInput } from "./locked-files";
import { ReportViews } from "./report-views";
import { NothingToJudgeState } from "./nothing-to-judge-state";
import { PasswordDialog } from "./password-dialog";
import { PrivacyBadge } from "./privacy-badge";
import { ProgressLine } from "./progress-line";
import { SourcesBar } from "./sources-bar";
import { SummaryBar } from "./summary-bar";
import { useDropAdmission } from "./use-drop-admission";
import { TeachPanel, teachRelationshipKey } from "@/components/teach/teach-panel";
import { useTeachRoute } from "@/components/teach/use-teach-route";
import { parseTeachRoute } from "@/components/teach/teach-route";
import { useScenarioMode } from "@/components/teach/use-scenario-mode";
import { LearnBar } from "@/components/teach/learn-bar";
import { PresenterKeys } from "@/components/teach/presenter-keys";
import { InputText } from "@/components/shared/input-text";
import { rotationRoots } from "@/lib/rotation/rotation-plan";
import { isFleetKubelet } from "@/components/detail/kubelet-fleet";
import type { WhatIfAction } from "@/lib/whatif/actions";
import { WhatIfContext } from "@/components/whatif/what-if-context";
import { CompareButton, CompareSnapshot } from "@/components/diff/compare-snapshot";
import { DiffMarksContext, NO_DIFF_MARKS, diffMarksOf, type DiffMarks } from "@/components/diff/diff-marks";
import type { ReportDiff } from "@/lib/diff/diff-types";

const noSubscription = () => () => {};

function isValid(report: Report, selection: Selection): boolean {
  if (!selection) return true;
  switch (selection.kind) {
    case "relationship":
      return report.relationships.some((r) => r.key === selection.key);
    case "component":
      return report.components.some((c) => c.id === selection.id);
    case "anchor":
      return report.trustAnchors.some((a) => a.id === selection.id);
    case "certificate":
      return report.certificates.some((c) => c.id === selection.id);
    case "finding":
      return selection.index < report.findings.length;
    case "rotation":
      return rotationRoots(report).includes(selection.root);
    case "what-if":
    case "explain":
      return true;
    case "kubelet-group":
      return report.components.some(isFleetKubelet);
  }
}

export function Workbench() {
  const [sources, dispatch] = useReducer(sourcesReducer, INITIAL_SOURCES);
  const {
    state: analysis,
    analyze,
    reportLoading,
    identify,
    generate,
    exportReport,
    whatIf,
    compare,
  } = useAnalysis();
  const [comparing, setComparing] = useState(false);
  // What the graph and the timeline mark after a comparison (components/diff).
  const [diffMarks, setDiffMarks] = useState<DiffMarks>(NO_DIFF_MARKS);
  const showDiff = useCallback((diff: ReportDiff | undefined) => setDiffMarks(diffMarksOf(diff)), []);
  // null: the person has not picked a day, so the URL's `?at=` (or the automatic choice) applies.
  const [pickedDay, setPickedDay] = useState<string | undefined | null>(null);
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => "",
  );
  const chosenDay = pickedDay === null ? judgeDayFromSearch(search) : pickedDay;
  // A chosen day is kept in the address (`?at=`), so a reload or a shared link judges at it too.
  const chooseDay = useCallback((day: string | undefined) => {
    setPickedDay(day);
    const { pathname, search: current, hash } = window.location;
    window.history.replaceState(null, "", `${pathname}${searchWithJudgeDay(current, day)}${hash}`);
  }, []);
  const [selection, setSelection] = useState<Selection>(null);
  const { route, navigate } = useTeachRoute();
  const loadScenario = useCallback(
    (generated: AnalysisFile[], judgeAt: string, label: string, choice: string) => {
      setSelection(null);
      dispatch(sourceActions.loadScenario(generated, judgeAt, label, choice));
    },
    [],
  );
  const [hover, setHover] = useState<Selection>(null);
  const [notice, setNotice] = useState<string>();
  const [thresholds, setThresholds] = useThresholds();
  const [policyState, setPolicy] = usePolicy();
  // The thresholds and the audit policy every judgement of the shown files uses.
  const judgeWith = useMemo(
    () => ({ ...thresholds, ...(policyState.policy ? { policy: policyState.policy } : {}) }),
    [thresholds, policyState.policy],
  );
  const [demoPending, setDemoPending] = useState(true);
  // Passwords for locked PKCS#12 files: this tab's memory only (no storage, no URL).
  const [passwords, setPasswords] = useState<string[]>([]);
  const [skippedLocked, setSkippedLocked] = useState<ReadonlySet<string>>(() => new Set());
  /** Read only in callbacks: a demo that finishes loading after the person's drop must not replace it. */
  const userLoaded = useRef(false);

  const requestDemo = useCallback(() => {
    setNotice(undefined);
    void loadDemo({ onProgress: reportLoading }).then((result) => {
      if (!result.ok) {
        setNotice(`The demo cluster could not be loaded: ${result.reason}`);
        return;
      }
      userLoaded.current = false;
      dispatch(sourceActions.loadDemo(result.demo.files, result.demo.judgeAt, result.demo.label));
    });
  }, [reportLoading]);

  // First visit: the demo, unless the person dropped their own files first.
  useEffect(() => {
    void loadDemo({ onProgress: reportLoading }).then((result) => {
      setDemoPending(false);
      // A person's drop came first, or the address asks for a scenario, which loads itself.
      const asked = parseTeachRoute(window.location.hash)?.kind;
      if (userLoaded.current || asked === "scenario" || asked === "round") return;
      if (result.ok)
        dispatch(sourceActions.loadDemo(result.demo.files, result.demo.judgeAt, result.demo.label));
      else setNotice(`The demo cluster could not be loaded: ${result.reason}`);
    });
  }, [reportLoading]);

  const drops = useDropAdmission({
    sources: sources.sources,
    identify,
    passwords,
    add: useCallback(
      (label: string, files: AnalysisFile[]) => dispatch(sourceActions.addUser(label, files)),
      [],
    ),
    replace: useCallback((label: string, files: AnalysisFile[]) => {
      setSelection(null);
      dispatch(sourceActions.replaceWithUser(label, files));
    }, []),
  });
  const { admit } = drops;
  const onFiles = useCallback(
    (files: AnalysisFile[], label: string, problems: ReadProblem[]) => {
      if (problems.length > 0) {
        const shown = problems.slice(0, 3).map((p) => `${p.path} (${p.reason})`);
        setNotice(
          `${problems.length} file${problems.length === 1 ? "" : "s"} not read: ${shown.join("; ")}${problems.length > 3 ? "; …" : ""}`,
        );
      } else {
        setNotice(undefined);
      }
      if (files.length === 0) return;
      userLoaded.current = true;
      admit(label, files);
    },
    [admit],
  );
  const files = useMemo(() => filesForAnalysis(sources), [sources]);
  const demoJudgeAt = sources.judgeAt;

  useEffect(() => {
    if (files.length === 0) return;
    analyze(files, {
      now: effectiveJudgeAt({ chosen: chosenDay }, demoJudgeAt, new Date()),
      ...judgeWith,
      ...(passwords.length > 0 ? { passwords } : {}),
    });
  }, [analyze, files, chosenDay, demoJudgeAt, judgeWith, passwords]);

  const report = files.length > 0 ? analysis.report : undefined;
  // What-if runs on the files and judge options the shown report came from.
  const simulate = useCallback(
    (actions: WhatIfAction[]) =>
      whatIf(files, actions, {
        now: effectiveJudgeAt({ chosen: chosenDay }, demoJudgeAt, new Date()),
        ...judgeWith,
        ...(passwords.length > 0 ? { passwords } : {}),
      }),
    [whatIf, files, chosenDay, demoJudgeAt, judgeWith, passwords],
  );
  // A comparison judges the shown files as the shown report was judged.
  const compareWith = useCallback(
    (oldFiles: AnalysisFile[]) =>
      compare(oldFiles, files, {
        now: effectiveJudgeAt({ chosen: chosenDay }, demoJudgeAt, new Date()),
        ...judgeWith,
        ...(passwords.length > 0 ? { passwords } : {}),
      }),
    [compare, files, chosenDay, demoJudgeAt, judgeWith, passwords],
  );
  const liveSelection = report && isValid(report, selection) ? selection : null;
  // A tour step or a handshake lights up its relationship, whatever is hovered or selected.
  const teachKey = report ? teachRelationshipKey(report, route) : undefined;
  const highlight = useMemo(
    () =>
      report
        ? highlightFor(report, teachKey ? { kind: "relationship", key: teachKey } : (hover ?? liveSelection))
        : EMPTY_HIGHLIGHT,
    [report, hover, liveSelection, teachKey],
  );
  // Views that build a large report in steps keep the page "running" until they show it.
  const stepsPending = useStepsPending();
  const running =
    analysis.status === "running" ||
    drops.admitting ||
    (files.length > 0 && !analysis.report) ||
    (demoPending && !sources.sources.some((source) => source.kind === "user"));
  const scenarios = useScenarioMode({
    route,
    navigate,
    report,
    files,
    loadedScenario: sources.scenario,
    run: analysis.run,
    running,
    generate,
    load: loadScenario,
    onProblem: setNotice,
  });
  // The views are memoised, so a progress update does not re-render a large report's views: what
  // they get stays the same while the report and the selection do.
  const { guess } = scenarios;
  // A selection or a hover re-renders every view of the report: as transitions React renders them
  // a view at a time, answering input in between, rather than as one long task on a fleet's report.
  const select = useCallback(
    (next: Selection) => {
      if (!guess(next)) startTransition(() => setSelection(next));
    },
    [guess],
  );
  const hoverOver = useCallback((next: Selection) => startTransition(() => setHover(next)), []);
  const lesson =
    report && route && route.kind !== "scenario" && route.kind !== "scenarios" && route.kind !== "round";
  // The lessons speak of the demo's or a scenario's files as such, and of a person's drop as theirs.
  const filesOrigin = filesOriginOf(sources);
  const teachPanel = useMemo(
    () =>
      lesson ? (
        <FilesOriginContext.Provider value={filesOrigin}>
          <TeachPanel report={report} route={route} navigate={navigate} />
        </FilesOriginContext.Provider>
      ) : undefined,
    [lesson, report, route, navigate, filesOrigin],
  );
  const teach = teachPanel ?? scenarios.panel;
  // How a lesson sits on the presenter's stage (app/globals.css): a lesson's card over the graph
  // beside its lit edge, a question's card in the corner that hides least, the rest beside the graph.
  const question = route?.kind === "round" || (route?.kind === "scenario" && route.quiz);
  const lessonLayout = teachPanel ? "over" : question ? "corner" : "side";
  const isDemo = sources.sources.some((s) => s.kind === "demo");
  const closeDetails = useCallback(() => setSelection(null), []);
  const locked = running ? undefined : nextLockedInput(report, skippedLocked);
  // No certificate, key, kubeconfig or manifest: an honest "nothing to judge" instead of the views.
  const empty = report !== undefined && nothingToJudge(report);
  const viewProps = useMemo(
    () =>
      report
        ? { report, selection: liveSelection, onSelect: select, highlight, onHover: hoverOver }
        : undefined,
    [report, liveSelection, select, highlight, hoverOver],
  );

  return (
    <WhatIfContext.Provider value={simulate}>
      <main
        id={landmarkIds.main}
        tabIndex={-1}
        data-testid={testIds.main}
        data-analysis={running || stepsPending ? "running" : "done"}
        data-analysis-run={analysis.run}
        data-scenario={scenarios.shownScenario}
        data-quiz={scenarios.quizHidden ? "hidden" : undefined}
        data-lesson={report && teach ? lessonLayout : undefined}
        className="mx-auto flex w-full max-w-[1600px] flex-col gap-3 px-3 py-3 outline-none sm:px-5 sm:py-4"
      >
        <PresenterKeys report={report} route={route} navigate={navigate} quizOpen={scenarios.quizHidden} />
        <DropZone onFiles={onFiles} onReading={reportLoading} />
        <section
          aria-label="Input"
          data-chrome=""
          className="border-line bg-surface flex flex-col gap-3 rounded-xl border px-3 py-3 sm:px-4 print:hidden"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SourcePicker onFiles={onFiles} onReading={reportLoading} />
            <PrivacyBadge />
          </div>
          <div className="border-line flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t pt-3">
            <SourcesBar
              sources={sources.sources}
              onRemove={(id) => dispatch(sourceActions.remove(id))}
              onClear={() => {
                setSelection(null);
                setPasswords([]);
                setSkippedLocked(new Set());
                dispatch(sourceActions.clear());
              }}
              onLoadDemo={requestDemo}
            />
            {report ? (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {/* The policy's panel opens rightwards, the thresholds' leftwards: both stay on screen. */}
                <PolicySettings value={policyState} onChange={setPolicy} />
                <ThresholdSettings value={thresholds} onChange={setThresholds} />
                <JudgeDateField
                  chosen={chosenDay}
                  effective={report.now}
                  source={judgeDateSource({ chosen: chosenDay }, demoJudgeAt)}
                  onChange={chooseDay}
                />
              </div>
            ) : null}
          </div>
        </section>

        {locked ? (
          <PasswordDialog
            key={`${locked.path}#${analysis.run}`}
            path={locked.path}
            wrong={locked.status === "wrong-password"}
            onOpen={(password) =>
              setPasswords((given) => (given.includes(password) ? given : [...given, password]))
            }
            onSkip={() => setSkippedLocked((skipped) => new Set(skipped).add(locked.path))}
          />
        ) : null}
        {drops.pending ? (
          <ClusterChoiceDialog
            label={drops.pending.label}
            fileCount={drops.pending.files.length}
            authorities={drops.pending.authorities}
            loadedAuthorities={drops.pending.loadedAuthorities}
            onReplace={() => drops.answer("replace")}
            onAdd={() => drops.answer("add")}
            onCancel={() => drops.answer("cancel")}
          />
        ) : null}
        {notice ? (
          <p
            role="alert"
            className="border-warning/40 bg-warning-soft text-warning rounded-lg border px-3 py-2 text-sm"
          >
            <InputText text={notice} dir="ltr" />
          </p>
        ) : null}
        {analysis.status === "error" ? (
          <p
            role="alert"
            className="border-error/40 bg-error-soft text-error rounded-lg border px-3 py-2 text-sm"
          >
            The analysis failed: <InputText text={analysis.error ?? ""} dir="ltr" />. Your other files are
            unaffected — remove the source that caused it and try again.
          </p>
        ) : null}

        {report && viewProps ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 px-1">
              <SummaryBar report={report} millis={analysis.millis} engine={analysis.engine} />
              <div className="flex flex-wrap items-center gap-3">
                {running ? <ProgressLine progress={analysis.progress} /> : null}
                <span data-chrome="" className="contents">
                  <ExportMenu report={report} makeReportFile={exportReport} />
                  <button
                    type="button"
                    data-testid={testIds.whatIfOpen}
                    onClick={() => select({ kind: "what-if" })}
                    className="border-line hover:bg-raised rounded-md border px-2.5 py-1.5 text-sm font-medium"
                  >
                    What if…
                  </button>
                  <button
                    type="button"
                    data-testid={testIds.explainOpen}
                    onClick={() => select({ kind: "explain", text: "" })}
                    className="border-line hover:bg-raised rounded-md border px-2.5 py-1.5 text-sm font-medium whitespace-nowrap"
                  >
                    Paste an error
                  </button>
                  <CompareButton onOpen={() => setComparing(true)} />
                </span>
              </div>
            </div>
            <LearnBar report={report} selection={liveSelection} quiz={scenarios.quizHidden} />
            {comparing ? (
              <CompareSnapshot
                // A new report (other files, another judge date): the comparison is made again.
                key={analysis.run}
                compare={compareWith}
                onClose={() => {
                  setComparing(false);
                  setDiffMarks(NO_DIFF_MARKS);
                }}
                onDiff={showDiff}
              />
            ) : null}
            {isDemo && !sources.scenario ? (
              <p className="text-muted px-1 text-xs">
                <span className="text-accent font-semibold">Demo cluster (sample data)</span> — a kubeadm
                v1.31 control plane and one worker, judged as of {report.now.slice(0, 10)}
                {chosenDay ? " (the day you chose)" : " (its fixed sample date), with two faults to find"}.
                Drop your own <code className="font-mono">/etc/kubernetes</code> and{" "}
                <code className="font-mono">/var/lib/kubelet</code> to analyse them; nothing is uploaded.
              </p>
            ) : null}
            {empty ? (
              <>
                <NothingToJudgeState report={report} />
                {report.findings.length > 0 ? (
                  <section
                    aria-label="Findings"
                    data-testid={testIds.findings}
                    className="border-line bg-surface rounded-xl border"
                  >
                    <FindingsList {...viewProps} />
                  </section>
                ) : null}
              </>
            ) : (
              <DiffMarksContext.Provider value={diffMarks}>
                <ReportViews
                  viewProps={viewProps}
                  plan={analysis.plan}
                  closeDetails={closeDetails}
                  teach={teach}
                  statusHidden={scenarios.quizHidden}
                />
              </DiffMarksContext.Provider>
            )}
          </>
        ) : (
          <EmptyState running={running} progress={analysis.progress} onLoadDemo={requestDemo} />
        )}
      </main>
    </WhatIfContext.Provider>
  );
}
