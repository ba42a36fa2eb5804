/**
 * Next.js runs this module in the browser before the page hydrates. The analysis Worker is started
 * here rather than when the workbench's own scripts run: it loads and compiles the analysis core
 * (its largest part by far) while the page's scripts still load and hydrate, so it is ready sooner
 * for the demo's files on a first visit. The workbench's engine takes this Worker over
 * (components/analysis/analysis-engine.ts).
 */
import { prestartAnalysisWorker } from "@/components/analysis/analysis-engine";

prestartAnalysisWorker();
