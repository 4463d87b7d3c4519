import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { hashCode } from "#server/security/codes.ts";
import { createLocalStore } from "#server/storage/index.ts";
import { makeDocx, makePdf } from "#tests/helpers/documents.ts";
import type { SessionUser } from "~/lib/session-user";
import { loadFixerStatus } from "./account-status.server";
import { fixerCodeKey, loadPortal, submitOnboarding, unlockFixerPortal } from "./onboarding.server";

/**
 * The portal's states against an in-memory PGlite and a local store, including what the HTTP
 * tests cannot reach without the staff console: after "changes requested" the fixer sees the note
 * and submits again (a new application); pending, approved and rejected show the status.
 */

let database: Database;
let dataDir: string;
let context: AppLoadContext;
const user: SessionUser = { id: "user-fixer-1", name: "Ada Lovelace", email: "ada@example.com", role: "user", userType: "fixer", approvedFixer: false };
const CODE = "FIX-7KQ2-M9XD-4HPA";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fixit-onboarding-"));
  const config = loadConfig({ DATABASE_URL: "memory://", DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://fixit.example" });
  database = await openDatabase(config);
  const services = { config, logger: pino({ level: "silent" }), database, db: database.db, storage: createLocalStore({ root: path.join(dataDir, "uploads") }) };
  context = { services, clientIp: "203.0.113.5", userAgent: "vitest", cspNonce: "", requestId: "" } as unknown as AppLoadContext;
  await database.db.insert(users).values({ id: user.id, name: user.name, email: user.email, fullName: user.name, userType: "fixer" });
  await database.db.insert(fixerRegistrations).values({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+44 7700 900123",
    paidAt: new Date(),
    accessCodeHash: hashCode(fixerCodeKey(CODE)),
    accessCodeIssuedAt: new Date(),
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function multipart(texts: Record<string, string>, files: { field: string; name: string; content: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(texts)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.content)]), f.name);
  return new Request("http://localhost/fixer-onboarding/submit", { method: "POST", body: form });
}
const texts = { qualifications: "NVQ Level 3", expertise: "Boilers", insurance: "PL £2m" };

async function latest() {
  const [row] = await database.db.select().from(fixerOnboarding).orderBy(desc(fixerOnboarding.id)).limit(1);
  return row!;
}

describe("the onboarding portal's states", () => {
  it("is locked until the code is entered, then shows the form", async () => {
    // A paid registration with this account's email is waiting: Payment shows as done.
    expect(await loadPortal(context, user)).toEqual({ state: "locked", paid: true });
    expect(await loadPortal(context, { ...user, id: "someone-else", email: "other@example.com" })).toEqual({ state: "locked", paid: false });
    expect((await loadFixerStatus(database.db, user)).next).toBe("unlock");
    const answer = await unlockFixerPortal(context, user, "fix 7kq2 m9xd 4hpa");
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: "Access Granted! Welcome to the Fixer Onboarding Portal." } });
    expect(await loadPortal(context, user)).toMatchObject({ state: "form", changesRequested: null });
    expect((await loadFixerStatus(database.db, user)).next).toBe("complete");
  });

  it("shows the status once submitted, the note after changes are requested, and takes a second application", async () => {
    const first = await submitOnboarding(multipart(texts, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]), context, user);
    expect(first.status).toBe(200);
    const application = await latest();
    expect(application).toMatchObject({ status: "pending", userId: user.id, email: "ada@example.com" });
    const [registration] = await database.db.select().from(fixerRegistrations);
    expect(registration!.onboardingCompleted).toBe(true);
    expect(await loadPortal(context, user)).toMatchObject({ state: "status", application: { status: "pending", documents: [{ folder: "insurance", name: "policy.pdf" }] } });

    // Staff ask for changes (the staff console writes this; see helper B's review workflow).
    await database.db.update(fixerOnboarding).set({ status: "changes_requested", reviewNote: "Please add your Gas Safe certificate.", reviewedAt: new Date() }).where(eq(fixerOnboarding.id, application.id));
    expect(await loadPortal(context, user)).toMatchObject({
      state: "form",
      changesRequested: { note: "Please add your Gas Safe certificate.", previous: { ...texts, documents: [{ folder: "insurance", name: "policy.pdf" }] } },
    });
    expect(await loadFixerStatus(database.db, user)).toMatchObject({ next: "resubmit", application: { status: "changes_requested", note: "Please add your Gas Safe certificate." } });

    const second = await submitOnboarding(
      multipart(texts, [
        { field: "certifications", name: "gas-safe.pdf", content: makePdf("Gas Safe") },
        { field: "insurance", name: "policy.docx", content: makeDocx("policy") },
      ]),
      context,
      user,
    );
    expect(second.status).toBe(200);
    const resubmitted = await latest();
    expect(resubmitted.id).not.toBe(application.id);
    expect(resubmitted.status).toBe("pending");
    expect(await database.db.select().from(onboardingDocuments).where(eq(onboardingDocuments.onboardingId, resubmitted.id))).toHaveLength(2);
    // The first application is kept as it was.
    expect((await database.db.select().from(fixerOnboarding).where(eq(fixerOnboarding.id, application.id)))[0]!.status).toBe("changes_requested");

    // Pending again: no third submission.
    expect((await submitOnboarding(multipart(texts, [{ field: "insurance", name: "p.pdf", content: makePdf() }]), context, user)).status).toBe(409);
  });

  it("shows approved and rejected as status (with the reason when rejected), never the form", async () => {
    const application = await latest();
    await database.db.update(fixerOnboarding).set({ status: "approved", reviewNote: "internal" }).where(eq(fixerOnboarding.id, application.id));
    expect(await loadPortal(context, user)).toMatchObject({ state: "status", application: { status: "approved", note: null } });
    await database.db.update(fixerOnboarding).set({ status: "rejected", reviewNote: "We could not verify your insurance." }).where(eq(fixerOnboarding.id, application.id));
    expect(await loadPortal(context, user)).toMatchObject({ state: "status", application: { status: "rejected", note: "We could not verify your insurance." } });
    expect(await loadFixerStatus(database.db, user)).toMatchObject({ next: "none", application: { status: "rejected", note: "We could not verify your insurance." } });
  });
});
