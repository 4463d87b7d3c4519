import { appStarted, expect, test } from "./helpers/test";
import { signInSeededCustomer } from "./helpers/seed";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, saveScreenshots } from "./helpers/page-checks";

test.describe("/fixer-ai signed out", () => {
  test("never sends the chat to a signed-out visitor", async ({ request }) => {
    const response = await request.get("/fixer-ai");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Chat with AI Fixer needs sign-in");
    expect(html).not.toContain("Ask me about home repairs, heating tips, or maintenance advice...");
    expect(html).not.toContain('role="log"');
    expect(html).not.toContain("Quick Help");
    expect(html).not.toContain("Online &amp; Ready to Help");
  });

  test("shows the hero, four features, the tips block, a five-question FAQ and sign-in buttons back to /fixer-ai", async ({ page }) => {
    await page.goto("/fixer-ai");
    await appStarted(page);
    await expect(page.getByRole("heading", { level: 1, name: "AI Fixer" })).toBeVisible();
    await expect(page.getByText("Chat with AI Fixer needs sign-in").first()).toBeVisible();

    for (const title of ["Instant Answers", "UK-Specific Advice", "Safety First", "Energy Savings"]) {
      await expect(page.getByRole("heading", { name: title, exact: true }).first()).toBeVisible();
    }

    const heating = page.getByRole("button", { name: "Heating & Boilers" });
    const energy = page.getByRole("button", { name: "Energy Savings" });
    await expect(heating).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("between 1 and 2 bar")).toBeVisible();
    await energy.click();
    await expect(energy).toHaveAttribute("aria-pressed", "true");
    await expect(heating).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("each degree lower saves about 10%")).toBeVisible();
    await expect(page.getByText("between 1 and 2 bar")).toHaveCount(0);

    const faq = page.locator('[data-slot="accordion-item"]');
    await expect(faq).toHaveCount(5);
    await faq.nth(3).locator("summary").click();
    await expect(faq.nth(3)).toHaveAttribute("open", "");
    await expect(page.getByText("Gas Safe registered engineer and electrical work")).toBeVisible();
    // One answer at a time: opening another closes it.
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(1)).toHaveAttribute("open", "");
    await expect(faq.nth(3)).not.toHaveAttribute("open");

    const signIn = page.getByRole("link", { name: "Sign in to chat" }).first();
    await expect(signIn).toHaveAttribute("href", "/auth?from=/fixer-ai");
    await expect(page.getByRole("link", { name: "Create a free account" }).first()).toHaveAttribute("href", "/auth?from=/fixer-ai&view=signup");

    await expect(page.getByRole("log")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("fits a 360 px phone and a 1440 px desktop", async ({ page }) => {
    await saveScreenshots(page, "fixer-ai-signed-out", "/fixer-ai");
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await hasHorizontalOverflow(page), `overflow at ${width}px`).toBe(false);
    }
  });
});

test.describe("/fixer-ai signed in", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
    });
    await signInSeededCustomer(page, `chat-${testInfo.workerIndex}-${Date.now()}@example.com`);
  });

  test("a quick prompt → thinking for 1500 ms → the reply with question, answer, safety note and category; sends blocked while pending", async ({ page }) => {
    const start = new Date("2026-11-22T10:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto("/fixer-ai");
    await appStarted(page);

    // One Back control: the site's Back button (the chat's own Back link was a second one).
    await expect(page.getByRole("link", { name: "Back" })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: "AI Fixer" })).toBeVisible();
    await expect(page.getByText("Online & Ready to Help")).toBeVisible();
    for (const title of ["Smart Diagnostics", "UK-Specific Advice", "Energy Savings"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    const log = page.getByRole("log", { name: "Chat with AI Fixer" });
    // The greeting is written on a timer once the chat has hydrated, which on a busy machine can be
    // after any fixed step: the paused clock moves on 10 ms at a time until it shows.
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        return log.textContent();
      })
      .toContain("Hi! I'm your AI Fixer assistant");
    await expect(log).toContainText("what can I help you fix today?");
    await expect(log.locator("time").first()).toHaveText("10:00");

    const input = page.getByPlaceholder("Ask me about home repairs, heating tips, or maintenance advice...");
    const send = page.getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await expect(send).toBeDisabled();

    const prompt = page.getByRole("button", { name: "Boiler not heating properly" });
    await prompt.click();
    await expect(log.locator('[data-message-type="user"]').last()).toContainText("Boiler not heating properly");
    await expect(page.getByText("AI Fixer is thinking...")).toBeVisible();
    for (const quick of ["Boiler not heating properly", "How to reduce heating bills", "Radiator making noise", "Light switch not working"]) {
      await expect(page.getByRole("button", { name: quick })).toBeDisabled();
    }
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    // A second send while pending is ignored.
    await page.getByRole("button", { name: "Radiator making noise" }).dispatchEvent("click");
    await page.locator("form:has(#ai-fixer-input)").evaluate((form: HTMLFormElement) => form.requestSubmit());

    await page.clock.runFor(1400);
    await expect(page.getByText("AI Fixer is thinking...")).toBeVisible();
    await page.clock.runFor(150);
    await expect(page.getByText("AI Fixer is thinking...")).toHaveCount(0);
    const reply = log.locator('[data-message-type="ai"]').last();
    await expect(reply.locator("strong")).toHaveText("Boiler not heating properly?");
    await expect(reply).toContainText("between 1 and 2 bar");
    await expect(reply).toContainText("⚠️ Never open the boiler casing");
    await expect(reply).toContainText("0800 111 999");
    await expect(reply).toContainText("Category: Heating");
    await expect(log.locator('[data-message-type="user"]')).toHaveCount(1);
    await expect(input).toBeEnabled();

    // Typed questions: a match and the fallback.
    await input.fill("my fuse keeps tripping");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await page.clock.runFor(1600);
    await expect(log.locator('[data-message-type="ai"]').last()).toContainText("Category: Electrical");
    await input.fill("hello there");
    await send.click();
    await page.clock.runFor(1600);
    const fallback = log.locator('[data-message-type="ai"]').last();
    for (const area of ["Heating & Boilers", "Electrical", "Plumbing", "General Maintenance", "Insulation & Energy", "Emergency Repairs"]) {
      await expect(fallback).toContainText(area);
    }
    await expect(fallback).toContainText("Safety First");
  });

  test("works with the keyboard alone and fits 360 px and 1440 px", async ({ page }) => {
    await page.goto("/fixer-ai");
    await appStarted(page);
    const input = page.getByPlaceholder("Ask me about home repairs, heating tips, or maintenance advice...");
    // The field is disabled until the chat's own chunk has hydrated (a disabled field takes no focus).
    await expect(input).toBeEnabled();
    await input.focus();
    await page.keyboard.type("radiator banging");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("log").locator('[data-message-type="ai"]').last()).toContainText("Category: Heating", { timeout: 5000 });
    // Focus comes back to the field for the next question.
    await expect(input).toBeFocused();
    // With a conversation under way (axe needs real timers, so no fake clock in this test).
    await expectNoSeriousA11yViolations(page);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await hasHorizontalOverflow(page), `overflow at ${width}px`).toBe(false);
      await saveScreenshot(page, `fixer-ai-signed-in-${width}`, { fullPage: true });
    }
  });
});
