import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { SEED_PATH, SEED_SECRET_HEADER, type SeedAnswer } from "~/features/seeding/seed-schema";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The browser tests' seeding endpoint (decision 085) over the real production build: with APP_ENV=test
 * and TEST_SEED_SECRET it makes signed-in people and bookings through the features' own services;
 * without the secret, with a wrong one, or in production it is not there (404); bad input is a 400
 * and stores nothing.
 */

const secret = "seed-secret-".padEnd(48, "x");
let server: InProcessServer;

const post = (body: unknown, headers: Record<string, string> = { [SEED_SECRET_HEADER]: secret }, at = server.url) =>
  fetch(`${at}${SEED_PATH}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
const cookieHeader = (person: SeedAnswer["people"][string]) => person.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const stored = async () => {
  const [people] = await server.services.db.select({ n: count() }).from(users);
  const [booked] = await server.services.db.select({ n: count() }).from(bookings);
  return { people: people!.n, bookings: booked!.n };
};

const scene = (suffix: string) => ({
  people: [
    { key: "cat", role: "customer", name: "Cat Customer", email: `cat-${suffix}@example.com` },
    { key: "flo", role: "fixer", name: "Flo Fixwell", email: `flo-${suffix}@example.com` },
    { key: "sam", role: "staff", name: "Sam Staff" },
  ],
  bookings: [{ key: "tap", customer: "cat", fixer: "flo", title: "Dripping bath tap", pricePence: 8_500, state: "booked" }],
});

beforeAll(async () => {
  server = await startServerInProcess({ env: { TEST_SEED_SECRET: secret } });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe("the seeding endpoint", () => {
  it("makes signed-in people and a paid booking that each of them sees as a person would", async () => {
    const res = await post(scene("ok"));
    expect(res.status).toBe(201);
    const seeded = (await res.json()) as SeedAnswer;
    const { cat, flo, sam } = seeded.people;
    const tap = seeded.bookings.tap!;
    expect(cat!.email).toBe("cat-ok@example.com");
    expect(sam!.email).toMatch(/^sam-[0-9a-f]{12}@example\.com$/);

    const customerPage = await fetch(`${server.url}${tap.path}`, { headers: { cookie: cookieHeader(cat!) } });
    expect(customerPage.status).toBe(200);
    const customerHtml = await customerPage.text();
    expect(customerHtml).toContain("Dripping bath tap");
    expect(customerHtml).toContain("Paid: money held by FixiT");

    const fixerPage = await fetch(`${server.url}${tap.fixerPath}`, { headers: { cookie: cookieHeader(flo!) } });
    expect(fixerPage.status).toBe(200);
    expect(await fixerPage.text()).toContain("Dripping bath tap");
    // The approved fixer covers plumbing in SW1: their dashboard offers leads, not the application.
    const dashboard = await fetch(`${server.url}/fixer`, { headers: { cookie: cookieHeader(flo!) } });
    expect(dashboard.status).toBe(200);

    const staffPage = await fetch(`${server.url}/staff/bookings/${tap.id}`, { headers: { cookie: cookieHeader(sam!) } });
    expect(staffPage.status).toBe(200);
    expect(await staffPage.text()).toContain(`Booking #${tap.id}`);
    // The customer is not staff, nor does their cookie open the fixer's page.
    expect((await fetch(`${server.url}/staff`, { headers: { cookie: cookieHeader(cat!) }, redirect: "manual" })).status).not.toBe(200);
    expect((await fetch(`${server.url}${tap.fixerPath}`, { headers: { cookie: cookieHeader(cat!) }, redirect: "manual" })).status).not.toBe(200);
  });

  it("is not there without the secret or with a wrong one, and stores nothing", async () => {
    const before = await stored();
    const wrong: Record<string, string>[] = [{}, { [SEED_SECRET_HEADER]: "" }, { [SEED_SECRET_HEADER]: secret.slice(0, -1) }, { [SEED_SECRET_HEADER]: `${secret}x` }, { [SEED_SECRET_HEADER]: secret.toUpperCase() }];
    for (const headers of wrong) {
      expect((await post(scene("nosecret"), headers)).status, JSON.stringify(headers)).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses bad input with a 400 that names the problem, and stores nothing", async () => {
    const before = await stored();
    const person = { key: "cat", role: "customer", name: "Cat" };
    const cases: [string, unknown][] = [
      ["not JSON", "{people:"],
      ["empty", {}],
      ["NUL in a name", { people: [{ ...person, name: "Cat\u0000" }] }],
      ["CR/LF in a name", { people: [{ ...person, name: "Cat\r\nBcc: x@example.com" }] }],
      ["a 10,000-character name", { people: [{ ...person, name: "C".repeat(10_000) }] }],
      ["an unknown role", { people: [{ ...person, role: "root" }] }],
      ["a field nobody asked for", { people: [{ ...person, password: "x" }] }],
      ["a key used twice", { people: [person, person] }],
      ["a key with a NUL", { people: [{ ...person, key: "c\u0000" }] }],
      ["a booking of nobody", { people: [person], bookings: [{ key: "b", customer: "cat", fixer: "nobody", title: "T", pricePence: 1000, state: "booked" }] }],
      ["a booking whose fixer is a customer", { people: [person], bookings: [{ key: "b", customer: "cat", fixer: "cat", title: "T", pricePence: 1000, state: "booked" }] }],
      ["a price in pounds", { people: [person, { key: "flo", role: "fixer", name: "Flo" }], bookings: [{ key: "b", customer: "cat", fixer: "flo", title: "T", pricePence: 85.5, state: "booked" }] }],
      ["a customer with coverage", { people: [{ ...person, services: ["plumbing"] }] }],
      ["coverage for a customer", { people: [{ ...person, coverage: false }] }],
      ["an unknown service", { people: [{ key: "flo", role: "fixer", name: "Flo", services: ["alchemy"] }] }],
      ["a bad email", { people: [{ ...person, email: "not-an-email" }] }],
    ];
    for (const [label, body] of cases) {
      const res = await post(body);
      expect(res.status, label).toBe(400);
      expect(((await res.json()) as { message: string }).message, label).toMatch(/^The seed was not understood: ./);
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses an address that already has an account (409), and stores nothing", async () => {
    expect((await post({ people: [{ key: "cat", role: "customer", name: "Cat", email: "taken@example.com" }] })).status).toBe(201);
    const before = await stored();
    const again = await post({ people: [{ key: "new", role: "customer", name: "New" }, { key: "cat", role: "customer", name: "Cat", email: "TAKEN@example.com" }] });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain("taken@example.com");
    expect(await stored()).toEqual(before);
  });
});

describe("where there is no seeding endpoint", () => {
  it("a test server without TEST_SEED_SECRET answers 404", async () => {
    const plain = await startServerInProcess();
    try {
      expect((await post(scene("plain"), { [SEED_SECRET_HEADER]: secret }, plain.url)).status).toBe(404);
      expect((await post(scene("plain"), {}, plain.url)).status).toBe(404);
    } finally {
      await plain.dispose();
    }
  }, 120_000);

  it("a production server answers 404 (and would not start with the secret set)", async () => {
    const production = await startServerInProcess({ env: { APP_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://fixit.example", SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      expect((await post(scene("prod"), { [SEED_SECRET_HEADER]: secret }, production.url)).status).toBe(404);
    } finally {
      await production.dispose();
    }
  }, 120_000);
});
