import { expect, test } from "./pages/explorer-page";

test.describe("static build", () => {
  test("loads with the privacy note, the analysis contract, no errors and no foreign requests", async ({
    explorer,
  }) => {
    await explorer.goto();

    await expect(explorer.page).toHaveTitle("K8s PKI Explorer");
    await expect(explorer.privacyNote).toHaveText("Processed locally — nothing leaves this tab");
    // The demo cluster is analysed on first visit: exactly one report rendered, nothing else queued.
    await expect(explorer.page.locator('main[data-analysis="done"]')).toHaveAttribute(
      "data-analysis-run",
      "1",
    );
    await expect(
      explorer.page.getByText("npx --yes k8s-pki-explorer audit /etc/kubernetes /var/lib/kubelet"),
    ).toBeVisible();
    await expect(explorer.page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");

    const policy = await explorer.page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute("content");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("object-src 'none'");

    // Hydration must have run under the policy: a client handler works only if Next's scripts executed.
    await explorer.themeToggle.click();
    await expect(explorer.page.locator("html")).toHaveAttribute("data-theme", /^(light|dark)$/);

    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("the Content-Security-Policy blocks connections to other origins", async ({ explorer }) => {
    await explorer.goto();
    const outcome = await explorer.page.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective)),
      );
      const fetched = await fetch("http://127.0.0.2:9/").then(
        () => "fetched",
        (error: unknown) => `refused: ${String(error)}`,
      );
      // The violation event is queued as its own task, so it may land after the rejection.
      const timeout = new Promise<string>((resolve) => setTimeout(resolve, 2000, "no violation reported"));
      return { fetched, directive: await Promise.race([violation, timeout]) };
    });
    expect(outcome.fetched).toMatch(/^refused/);
    expect(outcome.directive).toBe("connect-src");
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("a stored theme choice applies before paint and survives a reload", async ({ explorer }) => {
    await explorer.page.emulateMedia({ colorScheme: "light" });
    await explorer.goto();
    const light = await explorer.backgroundColor();

    await explorer.themeToggle.click();
    await expect(explorer.page.locator("html")).toHaveAttribute("data-theme", "dark");
    const dark = await explorer.backgroundColor();
    expect(dark).not.toBe(light);

    await explorer.page.reload();
    await expect(explorer.page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await explorer.backgroundColor()).toBe(dark);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("screenshots at desktop and mobile size in light and dark", async ({ explorer }) => {
    await explorer.goto();
    const paths = await explorer.screenshotAll("home");
    expect(paths).toHaveLength(4);

    // The two themes must actually differ, and mobile must not scroll sideways.
    await explorer.page.emulateMedia({ colorScheme: "light" });
    const light = await explorer.backgroundColor();
    await explorer.page.emulateMedia({ colorScheme: "dark" });
    expect(await explorer.backgroundColor()).not.toBe(light);
    await explorer.page.setViewportSize({ width: 390, height: 844 });
    const overflow = await explorer.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(explorer.consoleErrors).toEqual([]);
  });
});
