import { appStarted, expect, hydrated, test, type Page } from "./helpers/test";
import { watchScriptsAndErrors } from "./helpers/page-checks";

/**
 * A public page loads no framework code until the visitor reaches for a part that needs it, and
 * the interaction that started the load is not lost (decision 041). Each test slows the page's
 * scripts down, as a phone on a slow connection would see them, so that the interaction really
 * happens before React has arrived.
 */

/** Every script of the site arrives `ms` late. */
async function slowScripts(page: Page, ms: number) {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Opens a page as a visitor does, without starting its app (the fixtures' goto would). */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  // Time for anything the page would start by itself (after its paint, on idle) to ask for its code.
  await page.waitForTimeout(1_500);
}

test("/terms at 360 px: the menu opens at once with no script at all (a popover), and loads none", async ({ page }) => {
  const { problems, scripts } = watchScriptsAndErrors(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await slowScripts(page, 800);
  await open(page, "/terms");
  expect(scripts).toEqual([]);
  // The page works as HTML meanwhile: its links are links.
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");

  const toggle = page.getByRole("banner").getByRole("button", { name: "Open menu" });
  await toggle.click();
  // The browser opens it: no framework code was needed, and none was fetched.
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Help Center" })).toHaveAttribute("href", "/help");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(1_000);
  expect(scripts).toEqual([]);
  expect(problems).toEqual([]);
});

test("/: a letter typed into the search shows its results before React has loaded, and React's list takes over", async ({ page }) => {
  const { problems, scripts } = watchScriptsAndErrors(page);
  // React arrives late; the search's own small module does not wait for it.
  await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await open(page, "/");
  expect(scripts).toEqual([]);
  const search = page.getByRole("combobox", { name: "Search FixiT" }).first();
  await search.click();
  await page.keyboard.type("p");
  const results = page.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("option").first()).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(search).toHaveAttribute("aria-controls", (await results.getAttribute("id"))!);
  // Answered without React: React has not hydrated the box (React marks each node it hydrates).
  expect(await search.evaluate((field) => Object.keys(field).some((key) => key.startsWith("__reactProps$")))).toBe(false);
  expect(await page.locator("html").getAttribute("data-islands")).not.toBe("started");
  expect(scripts.some((script) => /search-before-react/.test(script))).toBe(true);
  await page.keyboard.type("lum");
  await expect(results.getByRole("option", { name: /Plumbing/ }).first()).toBeVisible();

  await expect(page.locator("html")).toHaveAttribute("data-islands", "started");
  // One list, React's: what was typed is still there and its results show.
  await expect(results).toHaveCount(1);
  await expect(search).toHaveAttribute("aria-controls", (await results.getAttribute("id"))!);
  await expect(search).toHaveValue("plum");
  await expect(results.getByRole("option", { name: /Plumbing/ }).first()).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(results.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/categories\/plumbing$/);
  expect(problems).toEqual([]);
});

test("/: a letter typed into the search before React has loaded lands, and the results open", async ({ page }) => {
  const { problems, scripts } = watchScriptsAndErrors(page);
  await slowScripts(page, 800);
  await open(page, "/");
  expect(scripts).toEqual([]);
  const search = page.getByRole("combobox", { name: "Search FixiT" }).first();
  await search.click();
  await page.keyboard.type("p");
  await expect(search).toHaveValue("p");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "started");
  // React hydrated the field with what it held: the results for "p" open, the letter is still there.
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toBeVisible();
  await expect(search).toHaveValue("p");
  await page.keyboard.type("lum");
  await expect(search).toHaveValue("plum");
  await expect(page.getByRole("option", { name: /Plumbing/ }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("/request: focusing the first field loads the app, and what was typed stays", async ({ page }) => {
  const { problems, scripts } = watchScriptsAndErrors(page);
  await slowScripts(page, 800);
  await open(page, "/request");
  expect(scripts).toEqual([]);
  const postcode = page.getByLabel("Postcode of the job");
  await page.getByLabel("Service").focus();
  await postcode.fill("SW1A 1AA");
  await page.getByLabel("Job title").click();
  await page.keyboard.type("Leaking kitchen tap");
  await appStarted(page);
  expect(scripts.some((script) => /entry\.client-[^/]+\.js$/.test(script))).toBe(true);
  await expect(postcode).toHaveValue("SW1A 1AA");
  await expect(page.getByLabel("Job title")).toHaveValue("Leaking kitchen tap");
  expect(problems).toEqual([]);
});

test("/request: Post job pressed before the app has loaded posts the form as plain HTML", async ({ page }) => {
  await slowScripts(page, 5_000);
  await open(page, "/request?service=plumbing");
  await page.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await page.getByLabel("Job title").fill("Leaking kitchen tap");
  await page.getByLabel("Describe the job").fill("The kitchen tap drips all night and the washer looks worn.");
  await page.getByRole("radio", { name: "Within a week" }).check();
  await page.getByLabel("Budget").selectOption({ label: "£100 to £250" });
  const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/request");
  await page.getByRole("button", { name: "Post job" }).click();
  await posted;
  // Signed out: what was typed is kept, and the visitor is asked to sign in (the server's answer, no script needed).
  await page.waitForURL(/\/auth\?/);
});

test("a cookie choice tapped before the page's script has run saves in place: what the visitor types meanwhile stays (issue 37, item 7)", async ({ page }) => {
  const consentPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/consent") consentPosts.push(request.url());
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await slowScripts(page, 1_000);
  await page.goto("/fixer-register", { waitUntil: "commit" });
  // At once, as a visitor taps the banner that covers the foot of the screen.
  await page.getByRole("button", { name: "Accept All Cookies" }).click();
  const firstName = page.getByLabel("First name");
  await firstName.fill("Priya");
  // Typed before React has hydrated the field (React marks each node it hydrates).
  expect(await firstName.evaluate((field) => Object.keys(field).some((key) => key.startsWith("__reactProps$")))).toBe(false);
  // Once React has hydrated the field, the name is still there.
  await hydrated(firstName);
  await expect(firstName).toHaveValue("Priya");
  // The form's state has it too: moving on re-renders the field (it trims on blur) and keeps the name.
  await page.getByLabel("Last name").fill("Shah");
  await expect(firstName).toHaveValue("Priya");
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  expect(consentPosts).toEqual([]);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookieConsent"))) ?? "null")).toMatchObject({ analytics: true, marketing: true });
});

test("without JavaScript, the cookie banner's choice still posts and comes back", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/terms");
  await page.getByRole("button", { name: "Reject Non-Essential" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("essential");
  await context.close();
});
