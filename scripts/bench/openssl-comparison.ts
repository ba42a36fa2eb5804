/**
 * Our figures as multiples of `openssl verify` on the same certificates, next to the reference
 * figures measured earlier on this kind of machine (docs: tech-notes "Speed reference": 10,000
 * leaves under one RSA-2048 CA, µs per certificate, medians).
 */
import type { InputResult } from "./measure-input";
import type { OpensslResult } from "./openssl-baseline";

/** tech-notes "Speed reference", RSA-2048 column: the worker certificates are signed by the RSA cluster CA. */
export const SPEED_REFERENCE_US = {
  opensslVerify: 181,
  nodeNativeParseVerify: 118,
  peculiarParseOnly: 244,
  peculiarParseReadAll: 650,
  cachedKeyVerifySequential: 50,
} as const;

export interface OpensslComparison {
  input: string;
  opensslMs: number;
  opensslUsPerCert: number;
  oursTotalMs: number;
  oursUsPerCert: number;
  /** Our whole analysis ÷ openssl verifying the kubelet client chains. */
  totalRatio: number;
  /** Our chain-verification stage alone ÷ openssl. */
  contextRatio: number;
  /** openssl here ÷ the tech-notes openssl figure: how this machine runs today. */
  machineFactor: number;
}

function stageMedian(result: InputResult, stage: string): number {
  const found = result.stages.find((s) => s.stage === stage);
  if (!found) throw new Error(`${result.input} has no ${stage} stage`);
  return found.median;
}

/** The comparison, or undefined when openssl could not be measured. */
export function compareWithOpenssl(ours: InputResult, openssl: OpensslResult): OpensslComparison | undefined {
  if (!openssl.available) return undefined;
  const total = stageMedian(ours, "total");
  const opensslUsPerCert = (openssl.median * 1000) / openssl.certificates;
  return {
    input: ours.input,
    opensslMs: openssl.median,
    opensslUsPerCert,
    oursTotalMs: total,
    oursUsPerCert: (total * 1000) / ours.certificates,
    totalRatio: total / openssl.median,
    contextRatio: stageMedian(ours, "context") / openssl.median,
    machineFactor: opensslUsPerCert / SPEED_REFERENCE_US.opensslVerify,
  };
}
