import { asc, count, eq, sql } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";
import { vipMemberships } from "#server/db/schema/vip.ts";
import { createFileStore, newStorageKey, sanitiseFileName, type FileStore } from "#server/storage/index.ts";

/**
 * Seeding and reading the database of a test server, with the server's own services (the `db` and
 * `storage` of an in-process server: tests/helpers/server.ts `startServerInProcess`), or with a
 * connection of the test's own to a PostgreSQL test database ({@link connectToServerData}).
 */

/** Tables that hold what people submit: a refused request must add no row to any of them. */
const submissionTables = {
  users,
  contactSubmissions,
  recruitmentApplications,
  fixerRegistrations,
  fixerOnboarding,
  payments,
  vipMemberships,
  staffAuditLog,
  outboxJobs,
};

type SubmissionCounts = Record<keyof typeof submissionTables, number>;

/** Row counts of every table that holds submissions. */
export async function submissionCounts(db: Db): Promise<SubmissionCounts> {
  const counted = await Promise.all(Object.values(submissionTables).map((table) => db.select({ rows: count() }).from(table)));
  return Object.fromEntries(Object.keys(submissionTables).map((name, i) => [name, counted[i]?.[0]?.rows ?? 0])) as SubmissionCounts;
}

/** Everything the public forms stored, oldest first: contact rows, job applications and outbox jobs. */
export async function storedSubmissions(db: Db) {
  const [contacts, applications, jobs] = await Promise.all([
    db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id)),
    db.select().from(recruitmentApplications).orderBy(asc(recruitmentApplications.id)),
    db
      .select({
        id: outboxJobs.id,
        kind: outboxJobs.kind,
        status: outboxJobs.status,
        attempts: outboxJobs.attempts,
        payload: outboxJobs.payload,
        lastError: outboxJobs.lastError,
      })
      .from(outboxJobs)
      .orderBy(asc(outboxJobs.id)),
  ]);
  return { contacts, applications, jobs: jobs.map((job) => ({ ...job, payload: job.payload as OutboxPayload })) };
}

/** The fields of an outbox job's payload that tests look at (an email's or a webhook's). */
export type OutboxPayload = { to?: string; subject?: string; url?: string; body?: string; html?: string };

export type OnboardingDocumentInput = {
  folder: "certifications" | "insurance" | "portfolio";
  name: string;
  contentType: string;
  content: Buffer;
};

/**
 * A paid fixer registration and a pending onboarding application with its documents, written the
 * way the fixer journey writes them (files in the private store, rows in one transaction). Linked
 * to the account with that email when there is one. The browser test takes the real journey; the
 * staff console's tests need many applications to decide.
 */
export async function createOnboardingApplication(
  services: { db: Db; storage: FileStore },
  input: { email: string; firstName: string; lastName: string; documents: OnboardingDocumentInput[] },
) {
  const { db, storage } = services;
  const email = input.email.toLowerCase();
  const [account] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  const stored: (OnboardingDocumentInput & { key: string })[] = [];
  for (const doc of input.documents) {
    const key = newStorageKey(`fixer-documents/${doc.folder}`, doc.name);
    await storage.put(key, doc.content, { contentType: doc.contentType, size: doc.content.length });
    stored.push({ ...doc, key });
  }
  return db.transaction(async (tx) => {
    const now = new Date();
    const [registration] = await tx
      .insert(fixerRegistrations)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: "07700 900000",
        paidAt: now,
        accessCodeIssuedAt: now,
        userId: account?.id ?? null,
        unlockedAt: account ? now : null,
        onboardingCompleted: true,
      })
      .returning({ id: fixerRegistrations.id });
    const [application] = await tx
      .insert(fixerOnboarding)
      .values({
        registrationId: registration!.id,
        userId: account?.id ?? null,
        email,
        qualifications: "City & Guilds Level 3 plumbing; Gas Safe registered.",
        expertise: "Ten years of boiler servicing and bathroom fitting.",
        insurance: "Public liability cover of £2m with Example Insurance.",
      })
      .returning({ id: fixerOnboarding.id });
    const documentIds: number[] = [];
    for (const doc of stored) {
      const [row] = await tx
        .insert(onboardingDocuments)
        .values({
          onboardingId: application!.id,
          folder: doc.folder,
          storageKey: doc.key,
          originalName: doc.name,
          storedName: `${Date.now()}-${sanitiseFileName(doc.name)}`,
          contentType: doc.contentType,
          size: doc.content.length,
        })
        .returning({ id: onboardingDocuments.id });
      documentIds.push(row!.id);
    }
    return { registrationId: registration!.id, applicationId: application!.id, documentIds };
  });
}

/**
 * The database and file store of a server that runs as a separate process, opened the way the server
 * opens them (its settings: its PostgreSQL database and its data folder). PGlite in memory cannot be
 * reached from outside its process: such tests start the server in-process instead.
 */
export async function connectToServerData(databaseUrl: string, dataDir: string) {
  if (!databaseUrl.startsWith("postgres")) throw new Error("only a PostgreSQL test database can be reached from outside its server");
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const database = await openDatabase(config);
  return { db: database.db, storage: createFileStore(config), close: () => database.close() };
}
