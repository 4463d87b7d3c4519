import { request as httpRequest } from "@playwright/test";
import { SEED_PATH, SEED_SECRET_HEADER, type SeedAnswer } from "~/features/seeding/seed-schema";
import { newPerson } from "./accounts";
import { baseUrl, type Browser, type Page } from "./test";

/**
 * People and bookings seeded straight into the test server's database (decision 085), for specs
 * whose subject comes after signing up, onboarding or paying: those journeys have specs of their own
 * (auth, fixer-journey, bookings, quotes-loop), so a dispute's spec need not walk them again. The
 * seeding endpoint exists only on the test server (APP_ENV=test), with the secret playwright.config.ts
 * gives it and its workers.
 */

export type SeededPerson = { key: string; role: "customer" | "fixer" | "staff" | "admin"; name: string; email?: string; services?: string[]; areas?: string[]; payoutAccount?: boolean; coverage?: boolean };
export type SeededBooking = { key: string; customer: string; fixer: string; title: string; pricePence: number; slotDaysAhead?: number; state: "awaiting_payment" | "booked" | "started" };
export type Seeded = SeedAnswer;

/** Asks the test server to make these people (each signed in) and bookings; answers their ids, emails, cookies and booking paths. */
export async function seed(people: SeededPerson[], bookings: SeededBooking[] = []): Promise<Seeded> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error("E2E_SEED_SECRET is not set: run the browser tests through playwright.config.ts");
  // A request context of its own: the seed comes from this machine, not from a person's address.
  const context = await httpRequest.newContext({ baseURL: baseUrl() });
  try {
    const res = await context.post(SEED_PATH, { headers: { [SEED_SECRET_HEADER]: secret }, data: { people, bookings } });
    if (res.status() !== 201) throw new Error(`seeding answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as Seeded;
  } finally {
    await context.dispose();
  }
}

/** A browser of their own (as newPerson) already signed in as the seeded person. */
export async function signedIn(browser: Browser, person: Seeded["people"][string], viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPerson(browser, viewport);
  await page.context().addCookies(browserCookies(person));
  return page;
}

/** A stamp that keeps one run's names and addresses apart from another test's. */
export const uniqueStamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** The test's own page signed in as a new seeded customer (what signUpAndConfirm leaves, without the sign-up: auth.spec.ts walks that). */
export async function signInSeededCustomer(page: Page, email: string, name = "Ada Lovelace"): Promise<void> {
  const seeded = await seed([{ key: "customer", role: "customer", name, email }]);
  await page.context().addCookies(browserCookies(seeded.people.customer!));
}

/** The session's cookies as the server sets them (HttpOnly, SameSite=Lax), for the test server's origin. */
const browserCookies = (person: Seeded["people"][string]) => person.cookies.map((cookie) => ({ ...cookie, url: baseUrl(), httpOnly: true, sameSite: "Lax" as const }));
