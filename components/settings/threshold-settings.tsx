"use client";
import type { Thresholds } from "./thresholds";

export interface ThresholdSettingsProps {
  value: Thresholds;
  onChange: (next: Thresholds) => void;
}

/** Expiry thresholds: warning window, fraction of lifetime, CA horizon. */
export function ThresholdSettings({ value }: ThresholdSettingsProps) {
  return (
    <span className="text-muted text-xs">
      Warn at {value.warnDays} days or {Math.round(value.warnFraction * 100)} % of lifetime left
    </span>
  );
}
