/**
 * Which password-protected file the explorer asks about next: the first locked PKCS#12 of the
 * report that a password could open (not one under an unsupported scheme) and that the person has
 * not skipped. Passwords themselves live only in the workbench's memory, never here.
 */
import type { LockedInput, Report } from "@/lib/report";

/** The locked input to ask a password for, or undefined when there is none left to ask about. */
export function nextLockedInput(
  report: Report | undefined,
  skipped: ReadonlySet<string>,
): LockedInput | undefined {
  return report?.inputs.locked?.find((input) => input.status !== "unsupported" && !skipped.has(input.path));
}
