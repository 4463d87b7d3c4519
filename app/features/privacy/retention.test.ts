import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import { createFileStore, type FileStore } from "#server/storage/index.ts";
import { applyRetention, monthsBefore, yearsBefore } from "./retention.server.ts";

/** The privacy notice's periods, applied to a real (in-memory) database and a real local file store. */
let database: Database;
let storage: FileStore;
let dataDir: string;
const logger = pino({ level: "silent" });
const now = new Date("2026-11-24T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fixit-retention-"));
  const config = loadConfig({ DATABASE_URL: "memory://", DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) });
  database = await openDatabase(config);
  storage = createFileStore(config);
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const contact = (name: string, createdAt: Date) => ({ name, email: `${name}@example.com`, subject: "Help Center Inquiry", message: "A question", data: {}, createdAt });
const application = (firstName: string, createdAt: Date, cvKey: string | null) => ({
  firstName,
  lastName: "Applicant",
  email: `${firstName}@example.com`,
  phone: "+447700900123",
  position: "Support",
  experience: "Some",
  qualifications: "Some",
  coverLetter: "Hello",
  cvKey,
  createdAt,
});

describe("applyRetention", () => {
  it("counts whole years back from the day it runs", () => {
    expect(yearsBefore(now, 3).toISOString()).toBe("2023-11-24T12:00:00.000Z");
    expect(monthsBefore(now, 12).toISOString()).toBe("2025-11-24T12:00:00.000Z");
  });

  it("deletes communications older than 3 years (with their CV files) and payments older than 7, and keeps the rest", async () => {
    const { db } = database;
    const oldCv = "recruitment-cv/old-cv.pdf";
    const youngCv = "recruitment-cv/young-cv.pdf";
    await storage.put(oldCv, Buffer.from("%PDF-1.4 old"), { contentType: "application/pdf" });
    await storage.put(youngCv, Buffer.from("%PDF-1.4 young"), { contentType: "application/pdf" });
    await db.insert(contactSubmissions).values([contact("old", daysAgo(3 * 366)), contact("young", daysAgo(3 * 365 - 2))]);
    await db.insert(recruitmentApplications).values([application("old", daysAgo(3 * 366), oldCv), application("young", daysAgo(30), youngCv)]);
    await db.insert(outboxJobs).values([
      { kind: "email", payload: { to: "old@example.com" }, status: "sent", createdAt: daysAgo(3 * 366), completedAt: daysAgo(3 * 366) },
      // A job still waiting to be sent is never removed, however old.
      { kind: "email", payload: { to: "stuck@example.com" }, status: "pending", createdAt: daysAgo(3 * 366) },
      { kind: "email", payload: { to: "young@example.com" }, status: "sent", createdAt: daysAgo(10), completedAt: daysAgo(10) },
    ]);
    await db.insert(payments).values([
      { id: "00000000-0000-4000-8000-000000000001", product: "vip_access", amountPence: 399, provider: "test", email: "old@example.com", createdAt: daysAgo(7 * 366) },
      { id: "00000000-0000-4000-8000-000000000002", product: "vip_access", amountPence: 399, provider: "test", email: "young@example.com", createdAt: daysAgo(6 * 365) },
    ]);

    const report = await applyRetention({ db, storage, logger }, now);
    expect(report).toEqual({
      contactSubmissions: 1,
      recruitmentApplications: 1,
      cvFiles: 1,
      finishedOutboxJobs: 1,
      devMailboxMessages: 0,
      payments: 1,
      fixerApplications: 0,
      fixerRegistrations: 0,
      fixerDocumentFiles: 0,
      securityEvents: 0,
    });

    expect((await db.select().from(contactSubmissions)).map((r) => r.name)).toEqual(["young"]);
    expect((await db.select().from(recruitmentApplications)).map((r) => r.firstName)).toEqual(["young"]);
    expect((await db.select().from(outboxJobs)).map((r) => (r.payload as { to: string }).to).sort()).toEqual(["stuck@example.com", "young@example.com"]);
    expect((await db.select().from(payments)).map((r) => r.email)).toEqual(["young@example.com"]);
    expect(await storage.exists(oldCv)).toBe(false);
    expect(await storage.exists(youngCv)).toBe(true);

    // Running again finds nothing more to do.
    expect(await applyRetention({ db, storage, logger }, now)).toEqual({
      contactSubmissions: 0,
      recruitmentApplications: 0,
      cvFiles: 0,
      finishedOutboxJobs: 0,
      devMailboxMessages: 0,
      payments: 0,
      fixerApplications: 0,
      fixerRegistrations: 0,
      fixerDocumentFiles: 0,
      securityEvents: 0,
    });
  });

  it("deletes fixer applications and registrations no account holds after 3 years, with the files no kept application uses", async () => {
    const { db } = database;
    await db.insert(users).values({ id: "fixer-with-account", name: "Kept Fixer", email: "kept-fixer@example.com" });
    const registration = (email: string, createdAt: Date, userId: string | null = null) => ({ firstName: "Fi", lastName: "Xer", email, phone: "07700 900000", userId, createdAt });
    const [, orphanYoung, owned] = await db
      .insert(fixerRegistrations)
      .values([registration("gone@example.com", daysAgo(3 * 366)), registration("young@example.com", daysAgo(3 * 366)), registration("kept-fixer@example.com", daysAgo(5 * 365), "fixer-with-account")])
      .returning({ id: fixerRegistrations.id });
    const onboarding = (registrationId: number, email: string, createdAt: Date, userId: string | null = null) => ({ registrationId, email, userId, qualifications: "Q", expertise: "E", insurance: "I", createdAt });
    const [oldApp, resubmitted, ownedApp] = await db
      .insert(fixerOnboarding)
      .values([onboarding(orphanYoung!.id, "young@example.com", daysAgo(3 * 366)), onboarding(orphanYoung!.id, "young@example.com", daysAgo(30)), onboarding(owned!.id, "kept-fixer@example.com", daysAgo(5 * 365), "fixer-with-account")])
      .returning({ id: fixerOnboarding.id });
    const files = { onlyOld: "fixer-documents/insurance/only-old.pdf", shared: "fixer-documents/certifications/shared.pdf", owned: "fixer-documents/insurance/owned.pdf" };
    for (const key of Object.values(files)) await storage.put(key, Buffer.from("%PDF-1.4"), { contentType: "application/pdf" });
    const doc = (onboardingId: number, storageKey: string) => ({ onboardingId, folder: "insurance", storageKey, originalName: "a.pdf", storedName: "1-a.pdf", contentType: "application/pdf", size: 8 });
    await db.insert(onboardingDocuments).values([doc(oldApp!.id, files.onlyOld), doc(oldApp!.id, files.shared), doc(resubmitted!.id, files.shared), doc(ownedApp!.id, files.owned)]);

    const report = await applyRetention({ db, storage, logger }, now);
    expect(report).toMatchObject({ fixerApplications: 1, fixerRegistrations: 1, fixerDocumentFiles: 1 });
    // The young registration stays while an application still points at it; an account's data stays while the account is open.
    expect((await db.select().from(fixerRegistrations)).map((r) => r.email).sort()).toEqual(["kept-fixer@example.com", "young@example.com"]);
    expect((await db.select().from(fixerOnboarding)).map((r) => r.id).sort()).toEqual([resubmitted!.id, ownedApp!.id].sort());
    expect(await storage.exists(files.onlyOld)).toBe(false);
    expect(await storage.exists(files.shared)).toBe(true);
    expect(await storage.exists(files.owned)).toBe(true);
  });

  it("deletes security-log entries older than 12 months, and keeps the younger ones", async () => {
    const { db } = database;
    await db.insert(securityEvents).values([
      { type: "signin_failed", ipAddress: "203.0.113.1", userAgent: "old", details: { email: "old@example.com" }, createdAt: daysAgo(367) },
      { type: "account_deleted", userId: "gone", details: {}, createdAt: daysAgo(400) },
      { type: "signin_failed", ipAddress: "203.0.113.2", userAgent: "young", details: { email: "young@example.com" }, createdAt: daysAgo(360) },
    ]);
    expect(await applyRetention({ db, storage, logger }, now)).toMatchObject({ securityEvents: 2 });
    expect((await db.select().from(securityEvents)).map((e) => e.userAgent)).toEqual(["young"]);
  });
});
