/**
 * The page's comparison: the new drop (what is shown) and an earlier one, both read and judged in
 * the Worker, then compared (diff-reports.ts). The new drop is judged at the page's judge date; the
 * old one at the collector's `when:` in it, else at the newest `notBefore` among its certificates
 * (a drop is at least as recent as the newest certificate in it: a lower bound, said as such).
 */
import { analyze } from "../analyze";
import type { Policy } from "../policy/policy";
import { ingest } from "../ingest/ingest";
import type { InputFile } from "../inventory";
import { diffReports } from "./diff-reports";
import type { DiffRefusal, ReportDiff } from "./diff-types";
import { collectorInstant } from "./drop-instant";
import { keyIdentitiesOf } from "./key-identities";

export interface CompareOptions {
  /** The new drop's judge date (ISO 8601). */
  now: string;
  warnDays?: number;
  warnFraction?: number;
  caHorizonDays?: number;
  passwords?: readonly string[];
  crypto: Crypto;
  pause?: () => Promise<void>;
  /** The audit policy both drops are judged by (absent: the built-in one). */
  policy?: Policy;
}

/** Compare `newFiles` (judged at `options.now`) with `oldFiles` (judged when they were taken). */
export async function compareDrops(
  oldFiles: InputFile[],
  newFiles: InputFile[],
  options: CompareOptions,
): Promise<ReportDiff | DiffRefusal> {
  const read = (files: InputFile[]) =>
    ingest(files, {
      crypto: options.crypto,
      ...(options.passwords ? { passwords: options.passwords } : {}),
      ...(options.pause ? { pause: options.pause } : {}),
    });
  const oldInventory = await read(oldFiles);
  const newInventory = await read(newFiles);
  const collected = collectorInstant(oldFiles);
  const newest = oldInventory.certificates.reduce(
    (latest, cert) => (cert.notBefore > latest ? cert.notBefore : latest),
    "",
  );
  if (collected === undefined && newest === "")
    return { refused: "the earlier snapshot holds no certificate: nothing to compare" };
  const oldNow = collected ?? newest;
  const judge = (files: InputFile[], now: string) =>
    analyze(files, {
      now,
      crypto: options.crypto,
      ...(options.warnDays !== undefined ? { warnDays: options.warnDays } : {}),
      ...(options.warnFraction !== undefined ? { warnFraction: options.warnFraction } : {}),
      ...(options.caHorizonDays !== undefined ? { caHorizonDays: options.caHorizonDays } : {}),
      ...(options.passwords ? { passwords: options.passwords } : {}),
      ...(options.pause ? { pause: options.pause } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
    });
  return diffReports(
    { report: await judge(oldFiles, oldNow), keys: keyIdentitiesOf(oldInventory) },
    { report: await judge(newFiles, options.now), keys: keyIdentitiesOf(newInventory) },
    {
      oldSource:
        collected !== undefined
          ? "the collector's list (when:)"
          : "its newest certificate's notBefore (at least that recent)",
      newSource: "the page's judge date",
    },
  );
}
