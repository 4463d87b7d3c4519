import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { bookings, ledgerEntries, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { onboardingDocuments } from "#server/db/schema/fixers.ts";
import { jobMessagePhotos, jobMessages, jobs, quotes } from "#server/db/schema/quotes.ts";
import type { FileStore } from "#server/storage/index.ts";
import { confirmDone, markDone } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { postJob } from "~/features/quotes/jobs.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { signUpConfirmed, type Browser } from "./auth-helpers";
import { afterSlot, payBooking, type BookingWorld } from "./helpers/bookings";
import { createOnboardingApplication } from "./helpers/db-utils";
import { makePdf } from "./helpers/documents";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { createTestDatabase, dropTestDatabase, startServerInProcess, testDbKind, type InProcessServer } from "./helpers/server";
import { runScript } from "./helpers/staff-console";

/**
 * The restore drill (issue 46, decision 061): data written through a running server — paid and
 * released bookings with their ledger, messages with a photo, an onboarding document — is backed up
 * with `npm run backup` while the server runs and answers requests, restored with `npm run restore`
 * into an empty folder (and, on PostgreSQL, an empty new database), and a server started on the copy
 * has all of it: the same bookings, ledger totals, messages, and the same photo bytes served to the
 * same signed-in customer. A bad archive or a used folder is refused, and nothing is written.
 */

const password = "copper-kettle-violet-harbour";
const publicUrl = "https://fixit.test";
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;
const onPglite = testDbKind() === "pglite";
/**
 * On PGlite, the embedded database on disk (DATA_DIR/pglite), held by the server: the set-up a backup
 * must go through; on PostgreSQL, the server's own database (the test servers' default).
 */
const serverDatabaseEnv: Record<string, string> = onPglite ? { DATABASE_URL: "" } : {};
const cliEnv = (server: InProcessServer) => ({ DATA_DIR: server.dataDir, DATABASE_URL: onPglite ? "" : server.databaseUrl });

type Person = { browser: Browser; id: string };

/** The system's tar, as the backup uses it: its output, or an error when it fails. */
function tar(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`tar ${args.join(" ")}: exit ${code}`))));
  });
}

/** What the drill compares before and after: every booking, the ledger per account, every message and onboarding document. */
async function stateOf(db: Db) {
  const [bookingRows, ledger, messages, photos, documents] = await Promise.all([
    db.select({ id: bookings.id, state: bookings.state, customer: bookings.customerUserId, fixer: bookings.fixerUserId }).from(bookings).orderBy(asc(bookings.id)),
    db
      .select({ account: ledgerEntries.accountId, total: sql<number>`sum(${ledgerEntries.amountPence})::int` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.accountId)
      .orderBy(asc(ledgerEntries.accountId)),
    db.select({ id: jobMessages.id, body: jobMessages.body, sender: jobMessages.senderUserId }).from(jobMessages).orderBy(asc(jobMessages.id)),
    db.select({ id: jobMessagePhotos.id, messageId: jobMessagePhotos.messageId }).from(jobMessagePhotos).orderBy(asc(jobMessagePhotos.id)),
    db.select({ id: onboardingDocuments.id, key: onboardingDocuments.storageKey }).from(onboardingDocuments).orderBy(asc(onboardingDocuments.id)),
  ]);
  return { bookings: bookingRows, ledger, messages, photos, documents };
}

async function bytesOf(storage: FileStore, key: string): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`no file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function photoBytes(base: string, who: Person, jobId: number, photoId: number): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(new URL(`/jobs/${jobId}/message-photos/${photoId}`, base), { headers: { cookie: who.browser.cookieHeader() } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

let work: string;
let source: InProcessServer;
let customer: Person;
let fixer: Person;
let jobId: number;
let before: Awaited<ReturnType<typeof stateOf>>;
let beforePhotos: Map<number, Buffer>;
let beforeDocuments: Map<number, Buffer>;
const archive = () => path.join(work, "fixit-drill.tar.gz");

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "fixit-drill-"));
  source = await startServerInProcess({ env: serverDatabaseEnv });
  const db = source.services.db;
  const deps = { db, publicUrl, publicFixerData: source.services.publicFixerData };
  const signUp = async (email: string, fullName: string, userType: "customer" | "fixer"): Promise<Person> => {
    const browser = await signUpConfirmed(source.url, { email, fullName, userType, password, ip: nextIp() });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { browser, id: row!.id };
  };
  [customer, fixer] = await Promise.all([signUp("bea.drill@example.com", "Bea Drill", "customer"), signUp("finn.drill@example.com", "Finn Drill", "fixer")]);
  await createApprovedFixer(db, { user: { id: fixer.id, email: "finn.drill@example.com", name: "Finn Drill" }, first: "Finn", last: "Drill", services: ["plumbing"], areas: ["SW1"], publicFixerData: source.services.publicFixerData });

  // Two paid bookings, one released: the ledger holds the payments, the fixer's share and FixiT's fee.
  const bookingIds: number[] = [];
  for (const [title, pence] of [["Leaking kitchen tap", 12_000], ["New bathroom fan", 9_000]] as const) {
    const [job] = await db
      .insert(jobs)
      .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title, description: "Needs doing soon.", timing: "week", status: "in_progress" })
      .returning();
    const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: pence, includes: "Parts and labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
    const slot = { date: daysFromToday(3), window: "morning" as const };
    await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
    const { bookingId } = await createBooking({ db, publicUrl }, customer.id, { quoteId: quote!.id, slot });
    await payBooking({ services: source.services } as BookingWorld, customer.id, bookingId);
    bookingIds.push(bookingId);
  }
  const now = await afterSlot(db, bookingIds[0]!);
  await markDone({ db, publicUrl, now: () => now }, fixer.id, bookingIds[0]!, { note: "All done." });
  await confirmDone({ db, publicUrl }, customer.id, bookingIds[0]!);

  // A quoted job whose thread holds a message with a photo, posted over HTTP as the browser does, and a reply.
  jobId = (
    await postJob(deps, customer.id, {
      service: "plumbing",
      postcode: "SW1A 1AA",
      title: "Cracked basin waste pipe",
      description: "The waste pipe under the basin is cracked and leaks when the basin drains.",
      timing: "week",
      preferredDate: null,
      budget: "under_100",
    })
  ).jobId;
  await sendQuote(deps, fixer.id, jobId, { priceKind: "fixed", amountPence: 9000, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(2), message: "" });
  const form = new FormData();
  form.append("intent", "message");
  form.append("body", "Here is the pipe I would replace.");
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } }).png().toBuffer();
  form.append("photos", new Blob([new Uint8Array(png)], { type: "image/png" }), "pipe.png");
  const posted = await fetch(new URL(`/fixer/jobs/${jobId}`, source.url), { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: source.url, cookie: fixer.browser.cookieHeader() } });
  expect(posted.status).toBe(303);
  const reply = await customer.browser.post(`/account/jobs/${jobId}`, { intent: "message", fixer: fixer.id, body: "Thanks, that looks right." }, { origin: source.url });
  expect(reply.status).toBe(303);

  const application = await createOnboardingApplication(source.services, {
    email: "olu.onboarding@example.com",
    firstName: "Olu",
    lastName: "Onboarding",
    documents: [{ folder: "insurance", name: "insurance.pdf", contentType: "application/pdf", content: makePdf("Public liability certificate") }],
  });

  before = await stateOf(db);
  expect(before.bookings.map((b) => b.state)).toEqual(["released", "booked"]);
  expect(before.ledger.length).toBeGreaterThan(2);
  expect(before.messages).toHaveLength(2);
  expect(before.photos).toHaveLength(1);
  // The approved fixer's application rows name files that were never stored; the new application's document is a real file.
  expect(before.documents.map((d) => d.id)).toEqual(expect.arrayContaining(application.documentIds));
  beforePhotos = new Map();
  for (const photo of before.photos) {
    const served = await photoBytes(source.url, customer, jobId, photo.id);
    expect(served.status).toBe(200);
    beforePhotos.set(photo.id, served.bytes);
  }
  beforeDocuments = new Map();
  for (const doc of before.documents.filter((d) => application.documentIds.includes(d.id))) beforeDocuments.set(doc.id, await bytesOf(source.services.storage, doc.key));
}, 240_000);

afterAll(async () => {
  await source?.dispose();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("npm run backup", () => {
  it("backs the data up while the server runs and answers requests, with a manifest of what it holds", async () => {
    // The customer keeps reading their job page (a few queries each) for as long as the backup runs.
    const backingUp = runScript("backup", [archive()], cliEnv(source));
    let finished = false;
    void backingUp.then(() => (finished = true));
    const statuses: number[] = [];
    while (!finished) {
      statuses.push((await customer.browser.get(`/account/jobs/${jobId}`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await backingUp;
    expect(result.code, result.stderr).toBe(0);
    expect(statuses.length).toBeGreaterThan(3);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(result.stdout).toContain(`Backed up the ${onPglite ? "embedded" : "PostgreSQL"} database to ${archive()}`);
    expect(result.stdout).toMatch(/2 bookings, \d+ ledger_entries, 2 job_messages, 1 job_message_photos, \d+ onboarding_documents/);

    const entries = (await tar(["-tzf", archive()])).split("\n");
    expect(entries[0]).toBe("manifest.json");
    expect(entries).toContain("session-secret");
    // The generated Web Push key pair: devices subscribed under it keep working after a restore (decision 074).
    expect(entries).toContain("web-push-vapid-keys");
    expect(entries).toContain(onPglite ? "pglite/PG_VERSION" : "database.dump");
    expect(entries.some((e) => e.startsWith("uploads/message-photos/"))).toBe(true);
    expect(entries.some((e) => e.startsWith("uploads/fixer-documents/insurance/"))).toBe(true);
    // The backup itself holds the session secret: only its owner may read it.
    expect(statSync(archive()).mode & 0o077).toBe(0);
  });

  it("refuses to overwrite a file that exists, and leaves it as it was", async () => {
    const existing = path.join(work, "existing.tar.gz");
    writeFileSync(existing, "keep me");
    const result = await runScript("backup", [existing], cliEnv(source));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("already exists");
    expect(readFileSync(existing, "utf8")).toBe("keep me");
  });
});

describe("npm run restore", () => {
  let restoredDir: string;
  let restoredDatabaseUrl: string;
  let restored: InProcessServer | undefined;

  afterAll(async () => {
    // dispose() drops the restored database too; a restore that failed left it to drop here.
    if (restored) await restored.dispose();
    else if (restoredDatabaseUrl) await dropTestDatabase(restoredDatabaseUrl);
  });

  it("restores into an empty folder (and an empty database), and a server started on it has every booking, ledger total, message, photo and document", async () => {
    expect(existsSync(archive()), "the backup test ran first").toBe(true);
    restoredDir = path.join(work, "restored");
    mkdirSync(restoredDir); // an empty folder is accepted as well as a missing one
    restoredDatabaseUrl = onPglite ? "memory://" : await createTestDatabase({ empty: true });
    const result = await runScript("restore", [archive(), "--data-dir", restoredDir, ...(onPglite ? [] : ["--database-url", restoredDatabaseUrl])], {});
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`DATA_DIR=${restoredDir}`);
    expect(result.stdout).toContain("npm start");
    expect(readdirSync(restoredDir).sort()).toEqual(onPglite ? ["pglite", "session-secret", "uploads", "web-push-vapid-keys"] : ["session-secret", "uploads", "web-push-vapid-keys"]);
    for (const file of ["session-secret", "web-push-vapid-keys"]) expect(readFileSync(path.join(restoredDir, file), "utf8")).toBe(readFileSync(path.join(source.dataDir, file), "utf8"));

    restored = await startServerInProcess({ reuse: { dataDir: restoredDir, databaseUrl: restoredDatabaseUrl }, env: serverDatabaseEnv });
    expect(await stateOf(restored.services.db)).toEqual(before);
    // The customer's session from before the backup still works there, and is served the same bytes.
    for (const [photoId, bytes] of beforePhotos) {
      const served = await photoBytes(restored.url, customer, jobId, photoId);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
    for (const doc of before.documents.filter((d) => beforeDocuments.has(d.id))) {
      expect((await bytesOf(restored.services.storage, doc.key)).equals(beforeDocuments.get(doc.id)!)).toBe(true);
    }
    expect((await customer.browser.get(`/account/jobs/${jobId}`)).status).toBe(200);
  });

  /** Runs a restore that must be refused: exit 1, the message, and no work folder left beside the target. */
  async function refused(args: string[], target: string, message: RegExp) {
    const result = await runScript("restore", [...args, "--data-dir", target], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(readdirSync(path.dirname(target)).filter((name) => name.startsWith(`.${path.basename(target)}.restoring-`))).toEqual([]);
  }

  it("refuses a folder that is not empty, and leaves it as it was", async () => {
    const target = path.join(work, "used");
    mkdirSync(target);
    writeFileSync(path.join(target, "notes.txt"), "mine");
    await refused([archive()], target, /is not empty/);
    expect(readdirSync(target)).toEqual(["notes.txt"]);
    expect(readFileSync(path.join(target, "notes.txt"), "utf8")).toBe("mine");
  });

  it("refuses the folder a running server holds, and leaves it as it was", async () => {
    const files = readdirSync(source.dataDir).sort();
    await refused([archive()], source.dataDir, /A running server holds/);
    expect(readdirSync(source.dataDir).sort()).toEqual(files);
  });

  it("refuses a truncated archive and a garbage file, and creates nothing", async () => {
    const whole = readFileSync(archive());
    const truncated = path.join(work, "truncated.tar.gz");
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const garbage = path.join(work, "garbage.tar.gz");
    writeFileSync(garbage, Buffer.from("this is not an archive at all\n".repeat(100)));
    for (const file of [truncated, garbage]) {
      const target = path.join(work, `from-${path.basename(file)}`);
      await refused([file], target, /is not a whole FixiT backup/);
      expect(existsSync(target)).toBe(false);
    }
  });

  it("refuses an archive whose database does not hold the rows its manifest counts", async () => {
    const unpacked = path.join(work, "tampered");
    mkdirSync(unpacked);
    await tar(["-xzf", archive(), "-C", unpacked]);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as { rowCounts: Record<string, number> };
    manifest.rowCounts.bookings = (manifest.rowCounts.bookings ?? 0) + 1;
    writeFileSync(path.join(unpacked, "manifest.json"), JSON.stringify(manifest));
    const tampered = path.join(work, "tampered.tar.gz");
    await tar(["-czf", tampered, "-C", unpacked, ...readdirSync(unpacked)]);
    const databaseUrl = onPglite ? null : await createTestDatabase({ empty: true });
    try {
      await refused([tampered, ...(databaseUrl ? ["--database-url", databaseUrl] : [])], path.join(work, "from-tampered"), /does not match the backup's manifest \(bookings: 2 rows, the manifest says 3\)/);
    } finally {
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    }
    expect(existsSync(path.join(work, "from-tampered"))).toBe(false);
  });

  it.runIf(!onPglite)("refuses a database that is not empty, and a PostgreSQL backup without one", async () => {
    await refused([archive(), "--database-url", source.databaseUrl], path.join(work, "into-used-database"), /is not empty: create a new one/);
    await refused([archive()], path.join(work, "without-database"), /give an empty database to restore it into with --database-url/);
    expect((await stateOf(source.services.db)).bookings).toEqual(before.bookings);
  });

  it("refuses an archive whose manifest it cannot read or whose version it does not know", async () => {
    const unpacked = path.join(work, "unpacked");
    mkdirSync(unpacked);
    writeFileSync(path.join(unpacked, "manifest.json"), JSON.stringify({ format: "fixit-backup", version: 99 }));
    const tarOf = async (name: string, members: string[]) => {
      const file = path.join(work, name);
      await tar(["-czf", file, "-C", unpacked, ...members]);
      return file;
    };
    await refused([await tarOf("future.tar.gz", ["manifest.json"])], path.join(work, "from-future"), /format version 99; this FixiT reads version 1/);
    writeFileSync(path.join(unpacked, "other.txt"), "no manifest here");
    await refused([await tarOf("no-manifest.tar.gz", ["other.txt"])], path.join(work, "from-no-manifest"), /has no readable manifest\.json/);
  });
});
