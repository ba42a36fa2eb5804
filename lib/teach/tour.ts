/**
 * The guided tour: one step per trust relationship, always fifteen, in the catalogue's order. Each
 * step pairs the lesson (who talks, what each end presents and trusts, who the client is to the
 * authorizer, how it breaks) with the loaded cluster's own values, and says plainly what the drop
 * does not hold.
 */
import { componentName, relationshipFindings } from "../format/report-view";
import type { RelationshipId, RelationshipStatus, Report, ReportRelationship } from "../report";
import { endNames } from "./handshake";
import { halvesOf, type Halves } from "./handshake-evidence";
import {
  authorizer,
  clientPresents,
  clientVerifies,
  sanCheck,
  serverPresents,
  serverVerifies,
} from "./handshake-steps";
import { lessonFor, PHRASES, type RelationshipLesson } from "./lessons";
import { breakParagraphs, findingParagraph, missing, pathValue } from "./quote";
import { componentOf, instancesOf, primaryInstance, relationshipByKey, TOUR_ORDER } from "./report-facts";
import { fill, joinSegments, plainText, sentence, text, value, type Paragraph } from "./segments";

export interface TourSection {
  heading: string;
  body: Paragraph[];
}

export interface TourStep {
  relationship: RelationshipId;
  /** The report relationship key this step shows (the primary instance, unless chosen). */
  key?: string;
  /** "kube-apiserver → etcd: the apiserver's etcd client certificate". */
  title: string;
  client: string;
  server: string;
  /** Who talks · What each presents · What each trusts · Who it is to the authorizer · When it breaks. */
  sections: TourSection[];
  status: RelationshipStatus | "absent";
  /** Every instance of the relationship in the report (per node, per kubeconfig), report order. */
  instances: { key: string; status: RelationshipStatus }[];
}

export interface TourOptions {
  /** The instance to show per relationship id (a report key), instead of the primary one. */
  instances?: Partial<Record<RelationshipId, string>>;
}

const COMPONENT_KINDS_WITH_CONFIG = new Set([
  "etcd",
  "kube-apiserver",
  "kube-controller-manager",
  "kube-scheduler",
  "kubelet",
]);

function whoTalks(report: Report, lesson: RelationshipLesson, relationship: ReportRelationship): Paragraph[] {
  const name = (id: string) => value(componentName(report, id), componentOf(report, id)?.sources[0]);
  const paragraphs: Paragraph[] = [
    fill(lesson.talk, { client: name(relationship.client), server: name(relationship.server) }),
    fill(PHRASES.statusHere, { status: value(PHRASES.status[relationship.status]) }),
  ];
  const all = instancesOf(report, relationship.id);
  if (all.length > 1) {
    const list = all.map((instance) =>
      fill(PHRASES.instance, { key: value(instance.key), status: PHRASES.status[instance.status] }),
    );
    paragraphs.push(fill(PHRASES.instances, { count: String(all.length), list: joinSegments(list) }));
  }
  for (const id of new Set([relationship.client, relationship.server])) {
    const component = componentOf(report, id);
    if (!component) continue;
    if (component.sources.length > 0) {
      paragraphs.push(
        fill(PHRASES.configuredIn, {
          component: component.name,
          sources: joinSegments(component.sources.map(pathValue)),
        }),
      );
    } else if (COMPONENT_KINDS_WITH_CONFIG.has(component.kind)) {
      paragraphs.push([missing(plainText(fill(PHRASES.configNotDropped, { component: component.name })))]);
    }
  }
  return paragraphs;
}

function label(template: string, who: string): Paragraph {
  return [text(plainText(fill(template, { who })))];
}

function presentSections(
  report: Report,
  lesson: RelationshipLesson,
  halves: Halves,
  ends: { client: string; server: string },
): TourSection[] {
  const findings = relationshipFindings(report, halves.relationship);
  const auth = authorizer(report, halves);
  const verifies = clientVerifies(report, halves);
  const names = sanCheck(report, halves);
  return [
    {
      heading: PHRASES.sections.presents,
      body: [
        label(PHRASES.clientLabel, ends.client),
        fill(lesson.clientPresents),
        ...clientPresents(report, halves).body,
        label(PHRASES.serverLabel, ends.server),
        fill(lesson.serverPresents),
        ...serverPresents(report, halves).body,
      ],
    },
    {
      heading: PHRASES.sections.trusts,
      body: [
        label(PHRASES.clientLabel, ends.client),
        fill(lesson.clientTrusts),
        ...verifies.body,
        fill(lesson.dials),
        // A name check skipped for the same reason as the chain check says nothing new.
        ...(verifies.state === "skipped" && names.state === "skipped" ? [] : names.body),
        label(PHRASES.serverLabel, ends.server),
        fill(lesson.serverTrusts),
        ...serverVerifies(report, halves).body,
      ],
    },
    {
      heading: PHRASES.sections.identity,
      // Where no authorizer runs the lesson says why; otherwise the identity the drop shows, in context.
      body: auth.state === "skipped" ? [fill(lesson.identity), fill(lesson.authorizer)] : auth.body,
    },
    {
      heading: PHRASES.sections.breaks,
      body: [
        fill(findings.length > 0 ? PHRASES.hereFindings : PHRASES.hereNoFindings),
        ...findings.map(findingParagraph),
        fill(PHRASES.typical),
        ...breakParagraphs(lesson.breaks),
      ],
    },
  ];
}

function absentSections(lesson: RelationshipLesson): TourSection[] {
  return [
    {
      heading: PHRASES.sections.talk,
      body: [
        sentence(fill(lesson.talk, { client: lesson.client, server: lesson.server })),
        fill(PHRASES.absent),
        [missing(lesson.carriers)],
      ],
    },
    {
      heading: PHRASES.sections.presents,
      body: [fill(lesson.clientPresents), fill(lesson.serverPresents)],
    },
    {
      heading: PHRASES.sections.trusts,
      body: [fill(lesson.clientTrusts), fill(lesson.dials), fill(lesson.serverTrusts)],
    },
    { heading: PHRASES.sections.identity, body: [fill(lesson.identity), fill(lesson.authorizer)] },
    { heading: PHRASES.sections.breaks, body: [fill(PHRASES.typical), ...breakParagraphs(lesson.breaks)] },
  ];
}

function stepFor(report: Report, id: RelationshipId, chosen: string | undefined): TourStep {
  const lesson = lessonFor(id);
  const picked = chosen ? relationshipByKey(report, chosen) : undefined;
  const relationship = picked?.id === id ? picked : primaryInstance(report, id);
  const instances = instancesOf(report, id).map(({ key, status }) => ({ key, status }));
  if (!relationship) {
    return {
      relationship: id,
      title: lesson.title,
      client: lesson.client,
      server: lesson.server,
      sections: absentSections(lesson),
      status: "absent",
      instances,
    };
  }
  const halves = halvesOf(report, relationship);
  const names = endNames(report, halves);
  return {
    relationship: id,
    key: relationship.key,
    title: lesson.title,
    ...names,
    sections: [
      { heading: PHRASES.sections.talk, body: whoTalks(report, lesson, relationship) },
      ...presentSections(report, lesson, halves, names),
    ],
    status: relationship.status,
    instances,
  };
}

/**
 * The tour of a report: always fifteen steps, the twelve primary relationships then the three
 * secondary ones. Each step shows one instance (the primary one, or the key `options.instances`
 * picks) with the report's status, or `absent` with the lesson alone and a `missing` segment naming
 * the files that would carry the relationship.
 */
export function tourSteps(report: Report, options: TourOptions = {}): TourStep[] {
  return TOUR_ORDER.map((id) => stepFor(report, id, options.instances?.[id]));
}
