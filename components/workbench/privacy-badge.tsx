import { testIds } from "@/components/test-ids";

/** The privacy promise, kept in one place; the Content-Security-Policy is what enforces it. */
export function PrivacyBadge() {
  return (
    <p
      data-testid={testIds.privacyNote}
      className="border-ok/30 bg-ok-soft text-ok inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4" y="10.5" width="16" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      </svg>
      Processed locally — nothing leaves this tab
    </p>
  );
}
