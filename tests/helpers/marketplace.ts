/**
 * For the marketplace's tests (quotes and bookings, unit and integration): a fresh database of each
 * kind (in-memory PGlite; a new PostgreSQL database when TEST_DATABASE_URL is set), and people made
 * the way the product makes them: the one way tests build an approved fixer.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { openDatabase, type Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { reviewWindows, reviews } from "#server/db/schema/quotes.ts";
import type { PublicChangeDeps, QuotesDeps } from "~/features/quotes/access.server";
import { createFixerProfileFromApproval, setFixerCoverage } from "~/features/quotes/coverage.server";
import { createPublicFixerData } from "~/features/quotes/public-changes";
import { recordCheck } from "~/features/fixers/checks.server";
import { requiredChecks, type CheckKind } from "~/features/fixers/required-checks";
import type { ServiceSlug } from "~/content/services";
import { createMigratedDatabase } from "./postgres-templates.ts";
import { NOTIFICATION_EMAIL_JOB } from "~/features/notifications/notifications.server";

export type DatabaseKind = "pglite" | "postgres";
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The origin the tests' emails link to. */
export const testPublicUrl = "https://fixit.test";

export async function openTestDatabase(kind: DatabaseKind): Promise<{ deps: QuotesDeps; close: () => Promise<void> }> {
  const publicUrl = testPublicUrl;
  if (kind === "pglite") {
    const database = await openDatabase({ database: { kind: "pglite", dir: null } });
    return { deps: { db: database.db, publicUrl }, close: () => database.close() };
  }
  const scratch = await createMigratedDatabase(process.env.TEST_DATABASE_URL!, "fixit_quotes");
  const database = await openDatabase({ database: { kind: "postgres", url: scratch.url } });
  return {
    deps: { db: database.db, publicUrl },
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}-${randomBytes(3).toString("hex")}`;

export async function createUser(db: Db, options: { name?: string; phone?: string | null } = {}): Promise<{ id: string; email: string; name: string }> {
  const id = nextId("user");
  const name = options.name ?? `Person ${counter}`;
  const email = `${id}@example.com`;
  await db.insert(users).values({ id, name, fullName: name, email, emailVerified: true, phone: options.phone ?? null });
  return { id, email, name };
}

/**
 * An approved fixer through the product's own path: a paid registration, an onboarding application
 * with documents, approval (which makes the profile), then coverage set on the dashboard.
 */
export async function createApprovedFixer(
  db: Db,
  options: {
    first?: string;
    last?: string;
    services: string[];
    areas: string[];
    expertise?: string;
    documents?: ("insurance" | "certifications")[];
    /** The old review ticks (stored on the application; no longer shown anywhere). */
    checked?: ("identity" | "insurance" | "qualifications")[];
    /** The vetting checks staff recorded (decision 065); by default every check the services require, so the fixer gets their leads. */
    recorded?: CheckKind[];
    /** An account that already exists (signed up over HTTP, say) to approve, instead of a new one. */
    user?: { id: string; email: string; name: string };
    /** A running server's signal, so its cached service pages drop when the coverage is set (else a signal of the test's own). */
    publicFixerData?: PublicChangeDeps["publicFixerData"];
  },
) {
  const user = options.user ?? (await createUser(db, { name: `${options.first ?? "Fixer"} ${options.last ?? "Person"}`, phone: "+447700900123" }));
  const [registration] = await db
    .insert(fixerRegistrations)
    .values({ firstName: options.first ?? "Fixer", lastName: options.last ?? "Person", email: user.email, phone: "+447700900123", userId: user.id, paidAt: new Date() })
    .returning({ id: fixerRegistrations.id });
  const [application] = await db
    .insert(fixerOnboarding)
    .values({
      registrationId: registration!.id,
      userId: user.id,
      email: user.email,
      qualifications: "NVQ",
      expertise: options.expertise ?? "General work",
      insurance: "PL £2m",
      status: "approved",
      identityChecked: options.checked?.includes("identity") ?? false,
      insuranceChecked: options.checked?.includes("insurance") ?? false,
      qualificationsChecked: options.checked?.includes("qualifications") ?? false,
    })
    .returning({ id: fixerOnboarding.id });
  for (const folder of options.documents ?? ["insurance"]) {
    await db.insert(onboardingDocuments).values({ onboardingId: application!.id, folder, storageKey: `fixer-documents/${folder}/${nextId("doc")}.pdf`, originalName: "doc.pdf", storedName: "doc.pdf", contentType: "application/pdf", size: 100 });
  }
  const recorded = options.recorded ?? [...new Set(options.services.flatMap((s) => requiredChecks(s as ServiceSlug)))];
  for (const kind of recorded) {
    await recordCheck(db, { fixerUserId: user.id, kind, evidence: kind === "gas_safe" ? "123456" : `${kind} evidence`, documentId: null, onboardingId: application!.id, staffUserId: user.id });
  }
  const profile = await db.transaction((tx) => createFixerProfileFromApproval(tx, application!.id));
  // A fresh signal nobody listens to: a test seeds in its own process, apart from the server's page cache.
  // No services: an approved fixer whose checks are not recorded yet offers none (decision 065).
  if (options.services.length) await setFixerCoverage({ db, publicUrl: testPublicUrl, publicFixerData: options.publicFixerData ?? createPublicFixerData() }, user.id, options.services, options.areas);
  return { ...user, slug: profile!.slug, displayName: profile!.displayName };
}

export type QueuedEmail = { to: string; subject: string; text: string };

/** The emails in the outbox, oldest first: plain ones, and notifications' emails waiting for their unsubscribe headers. */
export async function queuedEmails(db: Db): Promise<QueuedEmail[]> {
  const rows = await db
    .select({ payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(inArray(outboxJobs.kind, ["email", NOTIFICATION_EMAIL_JOB]))
    .orderBy(outboxJobs.id);
  return rows.map((r) => r.payload as QueuedEmail);
}

export async function clearOutbox(db: Db): Promise<void> {
  await db.delete(outboxJobs).where(sql`true`);
}

/** A date n days from today (UK), as YYYY-MM-DD. */
export function daysFromToday(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(d);
}

/**
 * As if a finished job's 14 days to review had passed (decision 055): its window closed yesterday,
 * so the reviews written in it were published then (what the service would have stored).
 */
export async function endReviewWindow(db: Db, jobId: number): Promise<void> {
  const closed = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const opened = new Date(closed.getTime() - 14 * 24 * 60 * 60 * 1000);
  await db.update(reviewWindows).set({ opensAt: opened, closesAt: closed }).where(eq(reviewWindows.jobId, jobId));
  // A window nobody has written in yet is not stored: it runs from the settling of the job's paid booking.
  await db.update(bookings).set({ settledAt: opened }).where(and(eq(bookings.jobId, jobId), isNotNull(bookings.settledAt)));
  await db.update(reviews).set({ visibleFrom: closed }).where(and(eq(reviews.jobId, jobId), gt(reviews.visibleFrom, closed)));
}
