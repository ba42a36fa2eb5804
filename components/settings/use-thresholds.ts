"use client";
import { useState } from "react";
import { DEFAULT_THRESHOLDS, type Thresholds } from "./thresholds";

/** The thresholds in effect and a setter. */
export function useThresholds(): [Thresholds, (next: Thresholds) => void] {
  return useState<Thresholds>(DEFAULT_THRESHOLDS);
}
