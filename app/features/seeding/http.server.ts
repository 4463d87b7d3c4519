import { randomBytes, timingSafeEqual } from "node:crypto";
import express, { type Express } from "express";
import { emailsWithAccounts } from "~/features/auth/accounts.server";
import { BookingError } from "~/features/bookings/errors";
import type { PaymentDeps } from "~/features/payments/payments.server";
import { applyRole } from "~/features/staff/roles.server";
import { seededBooking, seededSlot } from "./bookings.server";
import { signedInFixer, signedInPerson, type PeopleDeps, type SignedInPerson } from "./people.server";
import { SEED_PATH, SEED_SECRET_HEADER, seedRequestSchema, type SeedAnswer, type SeededCookie, type SeedRequest } from "./seed-schema";

/** What seeding needs: people are made through better-auth, bookings paid through the payments service. */
type SeedDeps = PeopleDeps & PaymentDeps;

/**
 * The browser tests' seeding endpoint (decision 085): POST /internal/test/seed makes the people
 * (signed in: their session cookies come back) and bookings a spec starts from, through the same
 * factories the integration tests use, so a spec about a booking's dispute does not first sign up,
 * confirm, apply, get approved and pay in the browser. It exists only with APP_ENV=test and a
 * TEST_SEED_SECRET (the config refuses that secret anywhere else), answers only the machine itself,
 * and only a request carrying the secret.
 */
export function mountSeedHttp(app: Express, services: SeedDeps): void {
  const secret = services.config.TEST_SEED_SECRET;
  if (services.config.APP_ENV !== "test" || !secret) {
    // Not here: said plainly, before the cross-site and body guards would answer 403 or 415 as if it were.
    app.all(SEED_PATH, (_req, res) => void res.status(404).type("text").send("Not found"));
    return;
  }
  const expected = Buffer.from(secret);

  app.post(SEED_PATH, express.text({ type: () => true, limit: "16kb" }), async (req, res) => {
    res.setHeader("cache-control", "no-store");
    const remote = req.socket.remoteAddress ?? "";
    const given = Buffer.from(req.get(SEED_SECRET_HEADER) ?? "");
    if (!["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(remote) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(404).type("text").send("Not found");
      return;
    }
    let request: SeedRequest;
    try {
      const parsed = seedRequestSchema.safeParse(JSON.parse(typeof req.body === "string" ? req.body : ""));
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
      request = parsed.data;
    } catch (error) {
      res.status(400).json({ ok: false, message: `The seed was not understood: ${(error as Error).message}` });
      return;
    }
    const emails = request.people.map((p) => p.email ?? `${p.key}-${randomBytes(6).toString("hex")}@example.com`);
    try {
      const taken = await emailsWithAccounts(services.db, emails);
      if (taken.length) {
        res.status(409).json({ ok: false, message: `Already an account: ${taken.join(", ")}` });
        return;
      }
      res.status(201).json(await seed(services, request, emails));
    } catch (error) {
      if (error instanceof BookingError) {
        res.status(409).json({ ok: false, message: error.message });
        return;
      }
      services.logger.error({ err: error }, "test seed failed");
      res.status(500).json({ ok: false, message: "The seed failed; see the server's log." });
    }
  });
}

/** The booking form's address, for a job at SW1A 1AA (the seeded jobs' postcode). */
const seededAddress = { line1: "10 Acacia Road", line2: null, town: "London", postcode: "SW1A 1AA", accessNotes: null };

async function seed(services: SeedDeps, request: SeedRequest, emails: string[]): Promise<SeedAnswer> {
  const publicUrl = services.config.publicUrl;
  const answer: SeedAnswer = { people: {}, bookings: {} };
  const ids = new Map<string, string>();
  for (const [i, person] of request.people.entries()) {
    const email = emails[i]!;
    let made: SignedInPerson;
    if (person.role === "fixer") {
      const [first, ...rest] = person.name.split(/\s+/);
      made = await signedInFixer(services, email, { first: first!, last: rest.join(" ") || "Fixer", services: person.services, areas: person.areas, payoutAccount: person.payoutAccount ?? false, coverage: person.coverage, publicUrl });
    } else {
      made = await signedInPerson(services, email, "customer", person.name);
      if (person.role !== "customer") {
        await services.db.transaction((tx) => applyRole(tx, { id: made.id, email, role: "user" }, person.role as "staff" | "admin", { userId: null, email: "test seed" }, "test-seed"));
      }
    }
    ids.set(person.key, made.id);
    answer.people[person.key] = { id: made.id, email, name: person.name, cookies: cookiesOf(made.cookie) };
  }
  for (const booking of request.bookings) {
    const seeded = await seededBooking(services, publicUrl, ids.get(booking.customer)!, ids.get(booking.fixer)!, {
      title: booking.title,
      pricePence: booking.pricePence,
      slot: seededSlot(booking.slotDaysAhead),
      paid: booking.state !== "awaiting_payment",
      started: booking.state === "started",
      address: seededAddress,
    });
    answer.bookings[booking.key] = { id: seeded.bookingId, jobId: seeded.jobId, quoteId: seeded.quoteId, title: seeded.title, path: `/bookings/${seeded.bookingId}`, fixerPath: `/fixer/bookings/${seeded.bookingId}` };
  }
  return answer;
}

/** "a=1; b=2" (what signedInPerson gives) as the browser's cookies. */
function cookiesOf(header: string): SeededCookie[] {
  return header
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
}
