/**
 * A break-it lab for students: LAB.md beside a scenario's files, and the same commands in the
 * scenario's panel. The task comes first, then 3–5 commands to try (the scenario's `lab` steps, with
 * the real paths of the files they read, and the analyser's audit last), then the answer folded in a
 * `<details>` block: the broken relationship, what each command shows, the exact error people meet
 * and the fix. The healthy cluster's LAB.md offers the same commands, to compare.
 */
import type { LabCertField, LabSource, LabStep } from "./lab-step";
import type { Scenario } from "./scenario";

/** The demo's date (DEMO_JUDGE_AT): labs judge their files at this instant, as the page does. */
export const LAB_DATE = "2026-06-01";
/** LAB_DATE as the seconds openssl verify's -attime takes. */
export const LAB_ATTIME = Date.parse(`${LAB_DATE}T00:00:00Z`) / 1000;
/** The analyser, as the README names it for a machine without this repository. */
export const LAB_AUDIT = `npx --yes k8s-pki-explorer audit . --now ${LAB_DATE}`;

export type LabVariant = "broken" | "healthy";

/** One command of a lab: why to run it, the line to copy, and the step it came from (none for the audit). */
export interface LabCommand {
  why: string;
  command: string;
  step?: LabStep;
}

const CERT_OPTIONS: Record<Exclude<LabCertField, "san" | "ski" | "aki">, string> = {
  subject: "-subject",
  issuer: "-issuer",
  dates: "-dates",
  fingerprint: "-fingerprint -sha256",
};
const CERT_EXTENSIONS: Record<"san" | "ski" | "aki", string> = {
  san: "subjectAltName",
  ski: "subjectKeyIdentifier",
  aki: "authorityKeyIdentifier",
};
const KUBECONFIG_FIELD = {
  ca: "{.clusters[0].cluster.certificate-authority-data}",
  client: "{.users[0].user.client-certificate-data}",
} as const;

/** A path as a shell word: the demo's paths need no quoting, and anything else is a bug. */
function word(path: string): string {
  if (!/^[\w./-]{1,200}$/.test(path)) throw new Error(`lab path needs quoting: ${path}`);
  return path;
}

/** The pipeline that writes a kubeconfig's embedded certificate(s) as PEM to stdout. */
function extract(source: Extract<LabSource, { kubeconfig: string }>): string {
  return (
    `kubectl config view --raw --kubeconfig ${word(source.kubeconfig)} ` +
    `-o jsonpath='${KUBECONFIG_FIELD[source.field]}' | base64 -d`
  );
}

function showOptions(fields: readonly LabCertField[]): string {
  const options: string[] = [];
  const extensions: string[] = [];
  for (const field of fields)
    if (field === "san" || field === "ski" || field === "aki") extensions.push(CERT_EXTENSIONS[field]);
    else options.push(CERT_OPTIONS[field]);
  if (extensions.length > 0) options.push(`-ext ${extensions.join(",")}`);
  return options.join(" ");
}

/** The command line of one step. */
export function labStepCommand(step: LabStep): string {
  switch (step.kind) {
    case "show": {
      const options = showOptions(step.fields);
      return "file" in step.source
        ? `openssl x509 -noout ${options} -in ${word(step.source.file)}`
        : `${extract(step.source)} | openssl x509 -noout ${options}`;
    }
    case "verify": {
      const ip = step.ip ? ` -verify_ip ${word(step.ip)}` : "";
      const verify = `openssl verify -attime ${LAB_ATTIME}${ip}`;
      if ("kubeconfig" in step.ca && "kubeconfig" in step.cert)
        throw new Error("a lab verifies at most one kubeconfig's data at a time");
      if ("kubeconfig" in step.ca)
        return `${extract(step.ca)} | ${verify} -CAfile /dev/stdin ${word(fileOf(step.cert))}`;
      if ("kubeconfig" in step.cert) return `${extract(step.cert)} | ${verify} -CAfile ${word(step.ca.file)}`;
      return `${verify} -CAfile ${word(step.ca.file)} ${word(step.cert.file)}`;
    }
    case "same-key": {
      const other = step.with.endsWith(".pub")
        ? `openssl pkey -pubin -in ${word(step.with)}`
        : `openssl x509 -noout -pubkey -in ${word(step.with)}`;
      return `openssl pkey -pubout -in ${word(step.key)} | openssl sha256; ${other} | openssl sha256`;
    }
    case "grep":
      if (!/^[\w=:,./ -]{1,80}$/.test(step.pattern))
        throw new Error(`lab pattern needs quoting: ${step.pattern}`);
      return `grep -n -e '${step.pattern}' ${word(step.file)}`;
    case "count":
      return "file" in step.source
        ? `grep -c 'BEGIN CERTIFICATE' ${word(step.source.file)}`
        : `${extract(step.source)} | grep -c 'BEGIN CERTIFICATE'`;
  }
}

function fileOf(source: LabSource): string {
  return "file" in source ? source.file : source.kubeconfig;
}

/** Every file a step reads, as the lab's paths run (`control-1/etc/kubernetes/…`). */
export function labStepPaths(step: LabStep): string[] {
  switch (step.kind) {
    case "show":
    case "count":
      return [fileOf(step.source)];
    case "verify":
      return [fileOf(step.ca), fileOf(step.cert)];
    case "same-key":
      return [step.key, step.with];
    case "grep":
      return [step.file];
  }
}

/**
 * The commands of a scenario's lab, the audit last. Given the files' paths, a step that reads a file
 * not among them is left out (the healthy cluster has no file a fault added).
 */
export function labCommands(scenario: Scenario, paths?: readonly string[]): LabCommand[] {
  const present = paths ? new Set(paths) : undefined;
  const steps = scenario.lab.filter(
    (step) => !present || labStepPaths(step).every((path) => present.has(path)),
  );
  return [
    ...steps.map((step) => ({ why: step.why, command: labStepCommand(step), step })),
    {
      why: "The analyser's verdict on every relationship, with the finding and its fix: run it last, it gives the answer away.",
      command: LAB_AUDIT,
    },
  ];
}

/** What a step shows, in words, for the answer (broken) or beside the command (healthy). */
export function labOutcome(step: LabStep, variant: LabVariant): string | undefined {
  if (step.kind === "verify") {
    const verdict = variant === "healthy" ? (step.healthy ?? "ok") : step.broken;
    return verdict === "ok" ? "openssl verify prints OK" : "openssl verify fails (exit status 2)";
  }
  if (step.kind === "same-key") {
    const verdict = variant === "healthy" ? "ok" : step.broken;
    return verdict === "ok" ? "the two digests are equal" : "the two digests differ";
  }
  return undefined;
}

const DATED =
  `The folders are the cluster's nodes as on their disks: \`control-1/\` (the control plane) and \`worker-1/\`. ` +
  `The cluster is dated ${LAB_DATE}: \`openssl verify -attime ${LAB_ATTIME}\` and \`--now ${LAB_DATE}\` judge it at ` +
  "that instant. Run the commands from this folder; they need OpenSSL 1.1.1 or later, kubectl (only to read a kubeconfig, no " +
  "cluster) and Node.js for the last one.";

function commandList(commands: readonly LabCommand[], variant: LabVariant): string[] {
  return commands.flatMap(({ why, command, step }, index) => {
    const outcome = variant === "healthy" && step ? labOutcome(step, "healthy") : undefined;
    return [
      `${index + 1}. ${why}${outcome ? ` Here: ${outcome}.` : ""}`,
      "",
      "   ```sh",
      `   ${command}`,
      "   ```",
      "",
    ];
  });
}

function answer(scenario: Scenario, commands: readonly LabCommand[]): string[] {
  const shows = commands.flatMap(({ step }, index) => {
    if (!step) return [];
    const words = [labOutcome(step, "broken"), step.reveals].filter(Boolean).join(": ");
    return words ? [`- Command ${index + 1}: ${words}.`] : [];
  });
  return [
    "<details><summary>Answer</summary>",
    "",
    `**${scenario.title}.** The broken relationship is \`${scenario.relationshipKey ?? scenario.relationship}\`.`,
    "",
    scenario.teaches,
    "",
    ...(shows.length > 0 ? ["What the commands show:", "", ...shows, ""] : []),
    `What people see — ${scenario.where}`,
    "",
    "```text",
    scenario.userSees,
    "```",
    "",
    `**The fix:** ${scenario.fix}`,
    "",
    "</details>",
  ];
}

/**
 * LAB.md for a scenario's files (`paths`: every file of the download). Broken: the task, the commands
 * and the answer folded at the end, with nothing of it above. Healthy: the same commands on the
 * healthy cluster, with what each verification shows there.
 */
export function labMarkdown(scenario: Scenario, paths: readonly string[], variant: LabVariant): string {
  const commands = labCommands(scenario, paths);
  const lines =
    variant === "broken"
      ? [
          "# Break-it lab",
          "",
          "Something in this cluster's TLS is broken. Find which relationship and why, using only these files.",
          "",
          DATED,
          "",
          "## Commands to try",
          "",
          ...commandList(commands, "broken"),
          ...answer(scenario, commands),
        ]
      : [
          "# Break-it lab: the healthy cluster",
          "",
          `This is the healthy cluster: the lab "${scenario.title}" with its fault fixed, every relationship ok. ` +
            "Run the same commands here and in the broken cluster's folder, and compare what they print.",
          "",
          DATED,
          "",
          "## Commands to compare",
          "",
          ...commandList(commands, "healthy"),
        ];
  return `${lines.join("\n").trimEnd()}\n`;
}
