import { testIds } from "@/components/test-ids";
import { LineIcon } from "@/components/shared/icons";

/** The privacy promise, kept in one place; the Content-Security-Policy is what enforces it. */
export function PrivacyBadge() {
  return (
    <p
      data-testid={testIds.privacyNote}
      className="border-ok/30 bg-ok-soft text-ok inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium"
    >
      <LineIcon grid={24} weight={2} roundJoins>
        <rect x="4" y="10.5" width="16" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      </LineIcon>
      Processed locally — nothing leaves this tab
    </p>
  );
}
