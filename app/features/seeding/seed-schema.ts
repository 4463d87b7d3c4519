import { services } from "~/content/services";
import { z } from "~/lib/zod";

/**
 * What the browser tests ask the seeding endpoint for (POST /internal/test/seed, TEST MODE only):
 * people by a key of the test's choosing, and bookings between them. Checked whole before anything
 * is written: a refusal stores nothing.
 */

const key = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "a key is 1–32 lowercase letters, digits or hyphens, starting with a letter");
// One line, printable: a name ends up in emails' headers and on every page.
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, "one line, without control characters");

const serviceSlug = z.enum(services.map((s) => s.slug) as [string, ...string[]]);
const district = z.string().regex(/^[A-Z]{1,2}[0-9][0-9A-Z]?$/, "a postcode district such as SW1");

export const seededPersonSchema = z
  .object({
    key,
    /** customer and fixer sign up as the form does; staff and admin are customers given the role as the staff tool gives it. */
    role: z.enum(["customer", "fixer", "staff", "admin"]),
    name: line(100),
    email: z.email().max(254).optional(),
    /** Fixers only: what they cover (plumbing in SW1 unless told) and whether a TEST MODE payout account is connected. */
    services: z.array(serviceSlug).min(1).max(10).optional(),
    areas: z.array(district).min(1).max(20).optional(),
    payoutAccount: z.boolean().optional(),
    /** Fixers only: false records the checks their services need but leaves the services and areas for the fixer to set. */
    coverage: z.boolean().optional(),
  })
  .strict();

export const seededBookingSchema = z
  .object({
    key,
    customer: key,
    fixer: key,
    title: line(120),
    pricePence: z.number().int().min(100).max(1_000_000),
    /** The fixer's one proposed slot, in the morning, this many days ahead. */
    slotDaysAhead: z.number().int().min(1).max(300).default(3),
    /** awaiting_payment: booked on the slot, not paid; booked: paid through the TEST MODE checkout; started: paid, and its slot began yesterday. */
    state: z.enum(["awaiting_payment", "booked", "started"]),
  })
  .strict();

export const seedRequestSchema = z
  .object({
    people: z.array(seededPersonSchema).min(1).max(10),
    bookings: z.array(seededBookingSchema).max(10).default([]),
  })
  .strict()
  .superRefine((request, ctx) => {
    const roles = new Map<string, string>();
    for (const [i, person] of request.people.entries()) {
      if (roles.has(person.key)) ctx.addIssue({ code: "custom", path: ["people", i, "key"], message: `the key ${person.key} is used twice` });
      roles.set(person.key, person.role);
      if (person.role !== "fixer" && (person.services || person.areas || person.payoutAccount !== undefined || person.coverage !== undefined)) {
        ctx.addIssue({ code: "custom", path: ["people", i], message: "services, areas, payoutAccount and coverage are for fixers" });
      }
    }
    const emails = request.people.flatMap((p) => (p.email ? [p.email.toLowerCase()] : []));
    if (new Set(emails).size !== emails.length) ctx.addIssue({ code: "custom", path: ["people"], message: "an email is used twice" });
    const bookingKeys = new Set<string>();
    for (const [i, booking] of request.bookings.entries()) {
      if (bookingKeys.has(booking.key)) ctx.addIssue({ code: "custom", path: ["bookings", i, "key"], message: `the key ${booking.key} is used twice` });
      bookingKeys.add(booking.key);
      if (roles.get(booking.customer) !== "customer") ctx.addIssue({ code: "custom", path: ["bookings", i, "customer"], message: `${booking.customer} is not a customer in people` });
      if (roles.get(booking.fixer) !== "fixer") ctx.addIssue({ code: "custom", path: ["bookings", i, "fixer"], message: `${booking.fixer} is not a fixer in people` });
    }
  });

export type SeedRequest = z.infer<typeof seedRequestSchema>;

/** A seeded person's session as the browser stores it: one cookie per name. */
export type SeededCookie = { name: string; value: string };
export type SeedAnswer = {
  people: Record<string, { id: string; email: string; name: string; cookies: SeededCookie[] }>;
  bookings: Record<string, { id: number; jobId: number; quoteId: number; title: string; path: string; fixerPath: string }>;
};

export const SEED_PATH = "/internal/test/seed";
export const SEED_SECRET_HEADER = "x-test-seed-secret";
