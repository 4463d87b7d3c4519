/**
 * The quotes marketplace at a realistic size, timed in-process on the real services (the bench's
 * HTTP server holds its own database, out of reach when it is in-memory PGlite): 1,000 open jobs
 * and 500 approved fixers bulk-inserted over 10 postcode areas and their districts, so a fixer
 * matches some tens of open jobs; then the server time of posting a job (`postJob`: validation,
 * rate limit, the insert, matching and one email per matched fixer, in its transaction) and of
 * opening the fixer dashboard (`openJobsForFixer`) across different fixers, as p50/p99.
 *
 * Its database is its own: in-memory PGlite, or a throwaway PostgreSQL database made from
 * BENCH_DATABASE_URL and dropped afterwards, so it never touches the bench server's data.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerAreas, fixerProfiles, fixerServices, jobMatches, jobs } from "#server/db/schema/quotes.ts";
import { fixerChecks } from "#server/db/schema/fixers.ts";
import { checkKinds } from "~/features/fixers/required-checks.ts";
import { openJobsForFixer } from "~/features/quotes/dashboard.server.ts";
import { postJob } from "~/features/quotes/jobs.server.ts";
import type { JobInput } from "~/features/quotes/schemas.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const JOBS = Number(process.env.BENCH_MARKET_JOBS ?? 1000);
const FIXERS = Number(process.env.BENCH_MARKET_FIXERS ?? 500);
const POSTS = Number(process.env.BENCH_MARKET_POSTS ?? 200);
const DASHBOARDS = Number(process.env.BENCH_MARKET_DASHBOARDS ?? 300);

/** Ten busy postcode areas, each with its first 12 districts (M1…M12, LS1…LS12, SW1…SW12, …). */
const AREAS = ["M", "LS", "B", "G", "SW", "SE", "BS", "CF", "EH", "NG"];
const DISTRICTS_PER_AREA = 12;
const SERVICES = ["plumbing", "electrical", "cleaning", "handyman", "painting"] as const;

/** A small seeded generator, so every run seeds the same marketplace. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export type Percentiles = { n: number; p50: number; p99: number; mean: number };

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length };
}

async function openBenchDatabase(pgAdminUrl: string | undefined): Promise<{ database: Database; close: () => Promise<void> }> {
  if (!pgAdminUrl) {
    const database = await openDatabase({ database: { kind: "pglite", dir: null } });
    return { database, close: () => database.close() };
  }
  const scratch = await createScratchDatabase(pgAdminUrl, "fixit_bench_market");
  try {
    const database = await openDatabase({ database: { kind: "postgres", url: scratch.url } });
    return {
      database,
      close: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Bulk-inserts the marketplace; answers the fixers' ids and a pool of fresh customers for posting. */
async function seed(db: Db) {
  const next = random(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const districtOf = (area: string) => `${area}${1 + Math.floor(next() * DISTRICTS_PER_AREA)}`;
  const now = Date.now();

  const customerCount = Math.ceil(JOBS / 4) + POSTS;
  const people = [
    ...Array.from({ length: customerCount }, (_, i) => ({ id: `bench-customer-${i}`, name: `Customer ${i}`, fullName: `Customer ${i}`, email: `bench-customer-${i}@example.com`, emailVerified: true })),
    ...Array.from({ length: FIXERS }, (_, i) => ({ id: `bench-fixer-${i}`, name: `Fixer ${i}`, fullName: `Fixer ${i}`, email: `bench-fixer-${i}@example.com`, emailVerified: true, userType: "fixer" })),
  ];
  await insertChunked(people, 500, (chunk) => db.insert(users).values(chunk));

  const fixerIds = Array.from({ length: FIXERS }, (_, i) => `bench-fixer-${i}`);
  await insertChunked(fixerIds, 500, (chunk) => db.insert(fixerProfiles).values(chunk.map((userId, i) => ({ userId, slug: `bench-fixer-${userId.slice(12)}-${i}`, displayName: `Fixer ${userId.slice(12)}.` }))));
  const offered: { fixerUserId: string; service: string }[] = [];
  const covered: { fixerUserId: string; code: string }[] = [];
  for (const fixerUserId of fixerIds) {
    // Two or three services; a whole area (three in ten) or four to eight of its districts.
    const services = new Set<string>();
    const wanted = 2 + Math.floor(next() * 2);
    while (services.size < wanted) services.add(pick(SERVICES));
    for (const service of services) offered.push({ fixerUserId, service });
    const area = pick(AREAS);
    if (next() < 0.3) covered.push({ fixerUserId, code: area });
    else {
      const codes = new Set<string>();
      const count = 4 + Math.floor(next() * 5);
      while (codes.size < count) codes.add(districtOf(area));
      for (const code of codes) covered.push({ fixerUserId, code });
    }
  }
  await insertChunked(offered, 1000, (chunk) => db.insert(fixerServices).values(chunk));
  await insertChunked(covered, 1000, (chunk) => db.insert(fixerAreas).values(chunk));
  // Every check recorded (decision 065), so each fixer is matched for all their services.
  const recorded = fixerIds.flatMap((fixerUserId) => checkKinds.map((kind) => ({ fixerUserId, kind, evidence: "bench" })));
  await insertChunked(recorded, 1000, (chunk) => db.insert(fixerChecks).values(chunk));

  const jobRows = Array.from({ length: JOBS }, (_, i) => {
    const area = pick(AREAS);
    const district = districtOf(area);
    const service = pick(SERVICES);
    return {
      customerUserId: `bench-customer-${Math.floor(i / 4)}`,
      service,
      postcode: `${district} ${1 + (i % 9)}AB`,
      outward: district,
      district,
      area,
      title: `Bench ${service} job ${i}`,
      description: "A realistic description of the work needed, long enough to look like a real job posting.",
      timing: "flexible",
      createdAt: new Date(now - (JOBS - i) * 60_000),
    };
  });
  await insertChunked(jobRows, 500, (chunk) => db.insert(jobs).values(chunk));
  // Each job's matches, as posting would have written them.
  await db.execute(sql`
    insert into ${jobMatches} (job_id, fixer_user_id, notified_at)
    select j.id, s.fixer_user_id, now() from ${jobs} j
    join ${fixerServices} s on s.service = j.service
    where exists (select 1 from ${fixerAreas} a where a.fixer_user_id = s.fixer_user_id and a.code in (j.area, j.district, j.outward))`);
  await db.execute(sql`analyze`);
  const posters = Array.from({ length: POSTS }, (_, i) => `bench-customer-${Math.ceil(JOBS / 4) + i}`);
  return { fixerIds, posters, pick, districtOf };
}

export async function benchMarketplace(pgAdminUrl: string | undefined): Promise<void> {
  const { database, close } = await openBenchDatabase(pgAdminUrl);
  const db = database.db;
  try {
    const seedStart = performance.now();
    const { fixerIds, posters, pick, districtOf } = await seed(db);
    const seeded = performance.now() - seedStart;
    const counts = await countsOf(db);
    console.log(`\nmarketplace (${pgAdminUrl ? "PostgreSQL" : "PGlite (memory)"}, in-process service time): seeded ${counts.jobs} open jobs, ${counts.fixers} fixers, ${counts.matches} matches in ${(seeded / 1000).toFixed(1)} s`);

    // Dashboard: a few hundred openings, each by a different fixer while there are fixers left.
    const dashboard: number[] = [];
    const opened = new Set<string>();
    const shown: number[] = [];
    for (let i = 0; i < 20; i++) await openJobsForFixer(db, fixerIds[i % fixerIds.length]!); // warm-up
    for (let i = 0; i < DASHBOARDS; i++) {
      const fixer = fixerIds[(i * 7) % fixerIds.length]!;
      opened.add(fixer);
      const t0 = performance.now();
      const page = await openJobsForFixer(db, fixer);
      dashboard.push(performance.now() - t0);
      shown.push(page.jobs.length);
    }
    const matchedPerFixer = await matchedCounts(db);

    // Posting: the real service, each by a customer of their own (the per-customer limits stay out of it).
    const posting: number[] = [];
    const matchedAtPost: number[] = [];
    for (let i = 0; i < posters.length; i++) {
      const area = pick(AREAS);
      const input: JobInput = {
        service: pick(SERVICES),
        postcode: `${districtOf(area)} ${1 + (i % 9)}AB`,
        title: `Bench posting ${i}`,
        description: "A realistic description of the work needed, long enough to look like a real job posting.",
        timing: "flexible",
        preferredDate: null,
        budget: null,
      };
      const t0 = performance.now();
      const posted = await postJob({ db, publicUrl: "http://127.0.0.1" }, posters[i]!, input);
      posting.push(performance.now() - t0);
      matchedAtPost.push(posted.matchedFixers);
    }

    const d = percentiles(dashboard);
    const p = percentiles(posting);
    const m = percentiles(matchedPerFixer);
    const a = percentiles(matchedAtPost);
    console.log(`  open jobs matched per fixer: p50 ${m.p50}, p99 ${m.p99}, mean ${m.mean.toFixed(1)}; dashboard shows ${percentiles(shown).p50} (page size 20) at p50`);
    console.log(`  fixers matched per new job: p50 ${a.p50}, p99 ${a.p99}, mean ${a.mean.toFixed(1)}`);
    console.log("\n| marketplace service | calls | p50 ms | p99 ms | mean ms |\n|---|---|---|---|---|");
    console.log(`| openJobsForFixer (fixer dashboard), ${opened.size} fixers | ${d.n} | ${d.p50.toFixed(2)} | ${d.p99.toFixed(2)} | ${d.mean.toFixed(2)} |`);
    console.log(`| postJob (insert, match, emails) | ${p.n} | ${p.p50.toFixed(2)} | ${p.p99.toFixed(2)} | ${p.mean.toFixed(2)} |`);
  } finally {
    await close();
  }
}

async function countsOf(db: Db): Promise<{ jobs: number; fixers: number; matches: number }> {
  const [jobsCount] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(jobs);
  const [fixersCount] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(fixerProfiles);
  const [matchesCount] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(jobMatches);
  return { jobs: jobsCount?.n ?? 0, fixers: fixersCount?.n ?? 0, matches: matchesCount?.n ?? 0 };
}

/** How many open jobs each fixer is matched to. */
async function matchedCounts(db: Db): Promise<number[]> {
  const rows = await db
    .select({ n: sql<number>`count(${jobMatches.jobId})`.mapWith(Number) })
    .from(fixerProfiles)
    .leftJoin(jobMatches, sql`${jobMatches.fixerUserId} = ${fixerProfiles.userId}`)
    .groupBy(fixerProfiles.userId);
  return rows.map((r) => r.n);
}
