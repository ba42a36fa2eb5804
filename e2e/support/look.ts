/**
 * Sets the page's look without a reload: the theme on <html>, and presenter mode as the Learn bar's
 * switch sets it (the attribute, the tab's session key, and the event its views listen to). Nothing
 * stays focused, so the styles read afterwards are the resting ones.
 */
import type { Page } from "@playwright/test";
import { presenterStorageKey } from "../../app/theme-script";

export async function setLook(page: Page, theme: "light" | "dark", presenter: boolean): Promise<void> {
  await page.evaluate(
    ({ theme, presenter, key }) => {
      const root = document.documentElement;
      root.dataset.theme = theme;
      if (presenter) {
        root.dataset.presenter = "on";
        sessionStorage.setItem(key, "on");
      } else {
        delete root.dataset.presenter;
        sessionStorage.removeItem(key);
      }
      window.dispatchEvent(new Event("k8s-pki:presenter"));
      (document.activeElement as HTMLElement | null)?.blur();
    },
    { theme, presenter, key: presenterStorageKey },
  );
}
