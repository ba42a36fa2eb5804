"use client";

import { testIds } from "@/components/test-ids";
import { themeStorageKey } from "../theme-script";
import { LineIcon } from "@/components/shared/icons";

type Theme = "light" | "dark";

/** The theme in effect: an explicit choice on <html>, else the system preference. */
function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch (error) {
    // Storage can be blocked; the switch still applies to this page, it just is not remembered.
    console.warn("Theme choice not saved:", error);
  }
}

/**
 * Switches between light and dark. Both icons are rendered and CSS shows the right one, so the
 * server-rendered markup never depends on a preference only the browser knows.
 */
export function ThemeToggle() {
  const toggle = () => {
    const next: Theme = currentTheme() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    storeTheme(next);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      data-testid={testIds.themeToggle}
      aria-label="Switch between light and dark theme"
      title="Switch theme"
      className="border-line bg-surface text-muted hover:text-fg inline-flex size-9 items-center justify-center rounded-lg border transition-colors"
    >
      <LineIcon grid={24} weight={2} roundJoins className="size-4.5 dark:hidden">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </LineIcon>
      <LineIcon grid={24} weight={2} roundJoins className="hidden size-4.5 dark:block">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </LineIcon>
    </button>
  );
}
