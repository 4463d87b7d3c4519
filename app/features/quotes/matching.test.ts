import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { fixerAreas, fixerProfiles, fixerServices, jobMatches, jobs } from "#server/db/schema/quotes.ts";
import { fixerChecks } from "#server/db/schema/fixers.ts";
import { requiredChecks } from "~/features/fixers/required-checks";
import type { QuotesDeps } from "./access.server";
import { coverageFor } from "./coverage.server";
import { DASHBOARD_PAGE_SIZE, openJobsForFixer } from "./dashboard.server";
import { QuotesError } from "./errors";
import { closeJob } from "./quotes.server";
import { postJob } from "./jobs.server";
import { serviceSlugs, type JobInput } from "./schemas";
import { clearOutbox, createApprovedFixer, createUser, databaseKinds, openTestDatabase, queuedEmails } from "#tests/helpers/marketplace.ts";

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const CODES = ["M", "M1", "M2", "SW", "SW1", "SW1A", "SW2", "LS", "LS6", "LS1", "B", "B33", "E", "E1", "N1", "G", "G2", "BS1", "EC", "EC1A"];
const PLACES = ["SW1A 1AA", "SW2 1AA", "M1 1AE", "M2 3BB", "LS6 2AB", "LS1 4DY", "B33 8TH", "E1 6AN", "N1 9GU", "G2 1DY", "BS1 5TR", "EC1A 1BB", "CF10 1EP"];

type SeededFixer = { id: string; email: string; services: string[]; areas: string[]; eligible: boolean };

const job = (service: string, postcode: string, title = "A job that needs doing"): JobInput => ({
  service: service as JobInput["service"],
  postcode,
  title,
  description: "A description long enough to be accepted by the rules.",
  timing: "flexible",
  preferredDate: null,
  budget: null,
});

function placeOf(postcode: string) {
  const outward = postcode.split(" ")[0]!;
  const area = /^[A-Z]+/.exec(outward)![0];
  const district = /^[A-Z]+\d+/.exec(outward)![0];
  return [area, district, outward];
}

describe.each(databaseKinds)("matching jobs to fixers (%s)", (kind) => {
  let deps: QuotesDeps;
  let close: () => Promise<void>;
  const fixers: SeededFixer[] = [];

  beforeAll(async () => {
    ({ deps, close } = await openTestDatabase(kind));
    const next = random(17);
    const pick = <T,>(list: readonly T[], n: number) => [...new Set(Array.from({ length: n }, () => list[Math.floor(next() * list.length)]!))];
    // 400 fixers written in bulk (the matching is what is tested here, not how profiles are made).
    const rows = Array.from({ length: 400 }, (_, i) => {
      const disabled = next() < 0.08;
      const leadsOff = next() < 0.08;
      return {
        id: `bulk-fixer-${i}`,
        email: `bulk-fixer-${i}@example.com`,
        services: pick(serviceSlugs, 1 + Math.floor(next() * 3)),
        areas: pick(CODES, 1 + Math.floor(next() * 4)),
        disabled,
        leadsOff,
        // One in ten has no vetting checks recorded (decision 065): never matched.
        unchecked: i % 10 === 3,
      };
    });
    await deps.db.insert(users).values(rows.map((r) => ({ id: r.id, name: `Bulk ${r.id}`, email: r.email, disabledAt: r.disabled ? new Date() : null })));
    await deps.db.insert(fixerProfiles).values(rows.map((r) => ({ userId: r.id, slug: r.id, displayName: "Bulk F.", leadsDisabledAt: r.leadsOff ? new Date() : null })));
    await deps.db.insert(fixerServices).values(rows.flatMap((r) => r.services.map((service) => ({ fixerUserId: r.id, service }))));
    await deps.db.insert(fixerAreas).values(rows.flatMap((r) => r.areas.map((code) => ({ fixerUserId: r.id, code }))));
    await deps.db
      .insert(fixerChecks)
      .values(rows.filter((r) => !r.unchecked).flatMap((r) => [...new Set(r.services.flatMap((s) => requiredChecks(s)))].map((kind) => ({ fixerUserId: r.id, kind, evidence: "seen" }))));
    fixers.push(...rows.map((r) => ({ id: r.id, email: r.email, services: r.services, areas: r.areas, eligible: !r.disabled && !r.leadsOff && !r.unchecked })));
    // And a few through the product's own path (approval, then coverage).
    for (const [services, areas] of [
      [["plumbing"], ["SW"]],
      [["plumbing", "electrical"], ["SW1A", "M"]],
      [["electrical"], ["SW"]],
      [["plumbing"], ["LS6"]],
    ] as const) {
      const fixer = await createApprovedFixer(deps.db, { services: [...services], areas: [...areas] });
      fixers.push({ id: fixer.id, email: fixer.email, services: [...services], areas: [...areas], eligible: true });
    }
  }, 120_000);
  afterAll(async () => close?.());

  const expectedFor = (service: string, postcode: string, customerId = "") =>
    fixers
      .filter((f) => f.eligible && f.id !== customerId && f.services.includes(service) && f.areas.some((a) => placeOf(postcode).includes(a)))
      .map((f) => f.id)
      .sort();

  it("matches every eligible fixer offering the service and covering the area, district or outward code, and no one else; each is emailed once", async () => {
    const next = random(99);
    let checkedWithMatches = 0;
    for (let i = 0; i < 24; i++) {
      const service = serviceSlugs[Math.floor(next() * serviceSlugs.length)]!;
      const postcode = PLACES[Math.floor(next() * PLACES.length)]!;
      const customer = await createUser(deps.db);
      await clearOutbox(deps.db);
      const posted = await postJob(deps, customer.id, job(service, postcode));

      const expected = expectedFor(service, postcode);
      const matched = (await deps.db.select({ id: jobMatches.fixerUserId }).from(jobMatches).where(eq(jobMatches.jobId, posted.jobId))).map((r) => r.id).sort();
      expect(matched, `${service} at ${postcode}`).toEqual(expected);
      expect(posted.matchedFixers).toBe(expected.length);
      if (expected.length) checkedWithMatches++;

      const emails = await queuedEmails(deps.db);
      const fixerEmails = new Set(fixers.map((f) => f.email));
      const toFixers = emails.filter((e) => fixerEmails.has(e.to)).map((e) => e.to).sort();
      expect(toFixers).toEqual(fixers.filter((f) => expected.includes(f.id)).map((f) => f.email).sort());
      expect(emails.filter((e) => e.to === customer.email)).toHaveLength(1);
      // The emails to fixers name the district, never the full postcode.
      for (const email of emails.filter((e) => fixerEmails.has(e.to))) expect(email.text).not.toContain(postcode);
      expect(((await coverageFor(deps.db, service, postcode))?.fixers ?? 0) > 0).toBe(expected.length > 0);
    }
    expect(checkedWithMatches).toBeGreaterThan(10);
  }, 120_000);

  it("never matches a customer to their own job", async () => {
    const fixer = fixers.find((f) => f.eligible && f.services.includes("plumbing") && f.areas.includes("SW"))!;
    const posted = await postJob(deps, fixer.id, job("plumbing", "SW1A 1AA"));
    const matched = (await deps.db.select({ id: jobMatches.fixerUserId }).from(jobMatches).where(eq(jobMatches.jobId, posted.jobId))).map((r) => r.id);
    expect(matched).not.toContain(fixer.id);
    expect(matched.sort()).toEqual(expectedFor("plumbing", "SW1A 1AA", fixer.id));
    expect((await openJobsForFixer(deps.db, fixer.id)).jobs.map((j) => j.id)).not.toContain(posted.jobId);
  });

  it("answers no coverage for a place nobody covers and for a postcode that is not one", async () => {
    expect(await coverageFor(deps.db, "plumbing", "CF10 1EP")).toMatchObject({ fixers: 0 });
    expect(await coverageFor(deps.db, "plumbing", "not a postcode")).toBeNull();
  });

  it("shows each fixer exactly the open jobs that match them now, newest first, with the district and never the postcode", async () => {
    const sample = fixers.filter((f) => f.eligible).slice(0, 40);
    const open = await deps.db.select().from(jobs).where(eq(jobs.status, "open"));
    for (const fixer of sample) {
      const expected = open
        .filter((j) => j.customerUserId !== fixer.id && fixer.services.includes(j.service) && fixer.areas.some((a) => [j.area, j.district, j.outward].includes(a)))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((j) => j.id);
      const seen: number[] = [];
      for (let after: number | null = null; ; ) {
        const result = await openJobsForFixer(deps.db, fixer.id, { after });
        seen.push(...result.jobs.map((j) => j.id));
        for (const card of result.jobs) {
          expect(card).not.toHaveProperty("postcode");
          expect(JSON.stringify(card)).not.toMatch(/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/);
        }
        if (result.next === null) break;
        after = result.next;
      }
      expect(seen, fixer.id).toEqual(expected);
    }
  }, 120_000);

  it("pages the dashboard 20 at a time", async () => {
    const fixer = await createApprovedFixer(deps.db, { services: ["dog-walking"], areas: ["ZE"] });
    for (let i = 0; i < 5; i++) {
      const customer = await createUser(deps.db);
      for (let j = 0; j < 5; j++) await postJob(deps, customer.id, job("dog-walking", "ZE1 0AA", `Walk number ${i}-${j}`));
    }
    const first = await openJobsForFixer(deps.db, fixer.id);
    const second = await openJobsForFixer(deps.db, fixer.id, { after: first.next });
    expect(first.jobs).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(first.next).toBe(first.jobs.at(-1)!.id);
    expect(second.jobs).toHaveLength(5);
    expect(second.next).toBe(null);
    expect(first.jobs[0]!.title).toBe("Walk number 4-4");
    expect(second.jobs.at(-1)!.title).toBe("Walk number 0-0");
  });

  it("refuses the dashboard to a disabled fixer, a fixer with leads paused, and someone who is not a fixer", async () => {
    const disabled = fixers.find((f) => !f.eligible)!;
    const customer = await createUser(deps.db);
    for (const id of [disabled.id, customer.id]) {
      await expect(openJobsForFixer(deps.db, id)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    }
  });

  it("lets a customer have at most 5 open jobs; closing one makes room", async () => {
    const customer = await createUser(deps.db);
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push(await postJob(deps, customer.id, job("cleaning", "M1 1AE")));
    const refused = await postJob(deps, customer.id, job("cleaning", "M1 1AE")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QuotesError);
    expect(refused).toMatchObject({ code: "limit", status: 409 });
    await closeJob(deps, customer.id, posted[0]!.jobId);
    await expect(postJob(deps, customer.id, job("cleaning", "M1 1AE"))).resolves.toMatchObject({ jobId: expect.any(Number) });
  });

  it("rate-limits posting: the 11th job in an hour is refused with a wait", async () => {
    const customer = await createUser(deps.db);
    for (let i = 0; i < 10; i++) {
      const { jobId } = await postJob(deps, customer.id, job("painting", "LS6 2AB"));
      await closeJob(deps, customer.id, jobId);
    }
    await expect(postJob(deps, customer.id, job("painting", "LS6 2AB"))).rejects.toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: expect.any(Number) });
  });

  it("refuses a job whose details break the rules, writing nothing", async () => {
    const customer = await createUser(deps.db);
    await expect(postJob(deps, customer.id, { ...job("plumbing", "ZZ9 9ZZ") })).rejects.toMatchObject({ code: "invalid" });
    await expect(postJob(deps, customer.id, { ...job("plumbing", "M1 1AE"), description: "short" })).rejects.toMatchObject({ code: "invalid" });
    await expect(postJob(deps, customer.id, { ...job("plumbing", "M1 1AE"), title: "Tap\u0000 fix" })).rejects.toMatchObject({ code: "invalid" });
    await expect(postJob(deps, customer.id, { ...job("plumbing", "M1 1AE"), timing: "date", preferredDate: null })).rejects.toMatchObject({ code: "invalid" });
    const photos = Array.from({ length: 6 }, (_, i) => ({ storageKey: `job-photos/${i}.jpg`, contentType: "image/jpeg" as const, size: 1000 }));
    await expect(postJob(deps, customer.id, job("plumbing", "M1 1AE"), photos)).rejects.toMatchObject({ code: "invalid" });
    expect(await deps.db.select().from(jobs).where(eq(jobs.customerUserId, customer.id))).toEqual([]);
  });
});
