import { and, eq } from "drizzle-orm";
import { recordCheck } from "~/features/fixers/checks.server";
import { baseChecks } from "~/features/fixers/required-checks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations } from "#server/db/schema/fixers.ts";
import { jobMatches, reviews } from "#server/db/schema/quotes.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";
import type { PublicChangeDeps } from "./access.server";
import { createFixerProfileFromApproval, createMissingFixerProfiles, fixerCoverage, fixerProfileOf, servicesFromApplication } from "./coverage.server";
import { postJob } from "./jobs.server";
import { postMessage, threadForViewer } from "./messages.server";
import { fixerProfileBySlug, topRatedFixersForService } from "./profiles.server";
import { acceptQuote, closeJob, markJobDone, sendQuote } from "./quotes.server";
import { hideMessage, hideReview, leaveReview, replyToReview, reviewCustomer, setLeadsDisabled } from "./reviews.server";
import type { JobInput } from "./schemas";
import { recordReleasedBooking } from "#tests/helpers/done-bookings.ts";
import { clearOutbox, createApprovedFixer, createUser, databaseKinds, daysFromToday, endReviewWindow, openTestDatabase, queuedEmails } from "#tests/helpers/marketplace.ts";

const job: JobInput = {
  service: "electrical",
  postcode: "M1 1AE",
  title: "Replace two sockets",
  description: "Two double sockets in the kitchen need replacing; one is scorched.",
  timing: "flexible",
  preferredDate: null,
  budget: null,
};
const quote = { priceKind: "fixed" as const, amountPence: 9000, amountToPence: null, includes: "Sockets and fitting", earliestStart: daysFromToday(2), message: "" };
const staff = { userId: null, email: "staff@fixit.test" };
const good = "Arrived on time, tidy work, explained everything. Recommended.";

describe.each(databaseKinds)("reviews, moderation and profiles (%s)", (kind) => {
  let deps: PublicChangeDeps;
  let close: () => Promise<void>;
  /** How often the reviews signalled that what visitors see of fixers changed (the page cache listens). */
  let publicChanges = 0;

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    deps = { ...opened.deps, publicFixerData: { changed: () => void publicChanges++ } };
    close = opened.close;
  }, 60_000);
  afterAll(async () => close?.());

  /** A job by a new customer, quoted by `fixer`, accepted; `done`: its booking released (paid work, decision 064) and the job marked done. */
  async function acceptedJob(fixer: { id: string }, options: { done?: boolean } = {}) {
    const customer = await createUser(deps.db, { name: "Robin Customer" });
    const { jobId } = await postJob(deps, customer.id, job);
    const { quoteId } = await sendQuote(deps, fixer.id, jobId, quote);
    await acceptQuote(deps, customer.id, quoteId);
    if (options.done) {
      await recordReleasedBooking(deps.db, quoteId);
      await markJobDone(deps, customer.id, jobId);
    }
    return { customer, jobId, quoteId };
  }

  it("only the customer of a done job with an accepted quote can review, once, within the length and rating rules", async () => {
    const fixer = await createApprovedFixer(deps.db, { first: "Sam", last: "Sparks", services: ["electrical"], areas: ["M"] });
    const { customer, jobId, quoteId } = await acceptedJob(fixer);
    const stranger = await createUser(deps.db);
    const changesBefore = publicChanges;

    await expect(leaveReview(deps, customer.id, jobId, { rating: 5, body: good })).rejects.toMatchObject({ code: "conflict" });
    await expect(markJobDone(deps, stranger.id, jobId)).rejects.toMatchObject({ code: "not_found" });
    await expect(markJobDone(deps, fixer.id, jobId)).rejects.toMatchObject({ code: "not_found" });
    // Marked done, but no booking's payment released: reviews are for paid work (decision 064).
    expect(await markJobDone(deps, customer.id, jobId)).toEqual({ reviewable: false });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 5, body: good })).rejects.toMatchObject({ code: "conflict" });
    await recordReleasedBooking(deps.db, quoteId);

    await expect(leaveReview(deps, stranger.id, jobId, { rating: 1, body: good })).rejects.toMatchObject({ code: "not_found" });
    await expect(leaveReview(deps, fixer.id, jobId, { rating: 5, body: good })).rejects.toMatchObject({ code: "not_found" });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 6, body: good })).rejects.toMatchObject({ code: "invalid" });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 0, body: good })).rejects.toMatchObject({ code: "invalid" });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 4, body: "Nineteen characters" })).rejects.toMatchObject({ code: "invalid" });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 4, body: "x".repeat(1001) })).rejects.toMatchObject({ code: "invalid" });

    await clearOutbox(deps.db);
    const { reviewId, published } = await leaveReview(deps, customer.id, jobId, { rating: 5, body: good });
    // Hidden until the fixer has reviewed the customer too (decision 055): nothing visitors see changed, nobody told yet.
    expect(published).toBe(false);
    expect(publicChanges - changesBefore).toBe(0);
    expect(await queuedEmails(deps.db)).toEqual([]);
    await reviewCustomer(deps, fixer.id, jobId, { rating: 4, body: good });
    // The refused tries above changed nothing visitors see; the pair published did, once, and each side is told once.
    expect(publicChanges - changesBefore).toBe(1);
    expect((await queuedEmails(deps.db)).map((e) => [e.to, e.subject]).sort()).toEqual(
      [
        [fixer.email, `New 5-star review for ${job.title}`],
        [customer.email, `Your fixer reviewed you: ${job.title}`],
      ].sort(),
    );
    await expect(leaveReview(deps, customer.id, jobId, { rating: 1, body: good })).rejects.toMatchObject({ code: "conflict" });
    const [stored] = await deps.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stored).toMatchObject({ jobId, fixerUserId: fixer.id, customerUserId: customer.id, rating: 5 });
  });

  it("a job closed without an accepted quote can never be reviewed", async () => {
    const fixer = await createApprovedFixer(deps.db, { services: ["electrical"], areas: ["M1"] });
    const customer = await createUser(deps.db);
    const { jobId } = await postJob(deps, customer.id, job);
    await sendQuote(deps, fixer.id, jobId, quote);
    await closeJob(deps, customer.id, jobId);
    await expect(markJobDone(deps, customer.id, jobId)).rejects.toMatchObject({ code: "conflict" });
    await expect(leaveReview(deps, customer.id, jobId, { rating: 5, body: good })).rejects.toMatchObject({ code: "conflict" });
  });

  it("the reviewed fixer replies once; nobody else can", async () => {
    const fixer = await createApprovedFixer(deps.db, { services: ["electrical"], areas: ["M"] });
    const other = await createApprovedFixer(deps.db, { services: ["electrical"], areas: ["M"] });
    const { customer, jobId } = await acceptedJob(fixer, { done: true });
    const { reviewId } = await leaveReview(deps, customer.id, jobId, { rating: 4, body: good });
    // Not published yet: the fixer cannot read it, so cannot reply to it.
    await expect(replyToReview(deps, fixer.id, reviewId, "Too early")).rejects.toMatchObject({ code: "not_found" });
    await endReviewWindow(deps.db, jobId);
    await expect(replyToReview(deps, other.id, reviewId, "Thanks!")).rejects.toMatchObject({ code: "not_found" });
    await expect(replyToReview(deps, customer.id, reviewId, "Thanks!")).rejects.toMatchObject({ code: "not_found" });
    const changesBefore = publicChanges;
    await replyToReview(deps, fixer.id, reviewId, "Thank you, it was a pleasure.");
    expect(publicChanges - changesBefore).toBe(1);
    await expect(replyToReview(deps, fixer.id, reviewId, "And again")).rejects.toMatchObject({ code: "conflict" });
    const profile = await fixerProfileBySlug(deps.db, fixer.slug);
    expect(profile!.reviews.map((r) => [r.rating, r.reply])).toEqual([[4, "Thank you, it was a pleasure."]]);
  });

  it("the public profile: services, areas, checks, average rating over visible reviews, member since; no contact details", async () => {
    const fixer = await createApprovedFixer(deps.db, { first: "Alex", last: "Volt", services: ["electrical", "handyman"], areas: ["M", "SK4"], documents: ["insurance", "certifications"], checked: ["insurance", "qualifications"] });
    const ratings = [5, 4, 4];
    const reviewIds: number[] = [];
    for (const rating of ratings) {
      const { customer, jobId } = await acceptedJob(fixer, { done: true });
      reviewIds.push((await leaveReview(deps, customer.id, jobId, { rating, body: `${good} (${rating})` })).reviewId);
      await endReviewWindow(deps.db, jobId);
    }
    const profile = await fixerProfileBySlug(deps.db, fixer.slug);
    expect(profile).toMatchObject({ displayName: "Alex V.", services: ["electrical", "handyman"], areas: ["M", "SK4"], checks: ["reviewed", "identity", "right_to_work", "insurance", "niceic_napit"], rating: 4.33, reviewCount: 3 });
    expect(profile!.memberSince).toBeInstanceOf(Date);
    expect(profile!.reviews.map((r) => r.service)).toEqual(["electrical", "electrical", "electrical"]);
    expect(JSON.stringify(profile)).not.toContain(fixer.email);
    expect(JSON.stringify(profile)).not.toContain("Volt");

    // A hidden review counts for nothing, and its author is told why.
    await clearOutbox(deps.db);
    await hideReview(deps, staff, reviewIds[0]!, "Mentions a neighbour by full name");
    const after = await fixerProfileBySlug(deps.db, fixer.slug);
    expect(after).toMatchObject({ rating: 4, reviewCount: 2 });
    // It keeps its place as removed, with the reason, never its text (decision 055).
    expect(after!.reviews.filter((r) => r.removedReason === null)).toHaveLength(2);
    expect(after!.reviews.find((r) => r.id === reviewIds[0])).toMatchObject({ rating: null, body: null, reply: null, removedReason: "Mentions a neighbour by full name" });
    const [told] = await queuedEmails(deps.db);
    expect(told).toMatchObject({ subject: "Your review was hidden" });
    expect(told!.text).toContain("Mentions a neighbour by full name");
    const [audit] = await deps.db.select().from(staffAuditLog).where(and(eq(staffAuditLog.action, "review.hide"), eq(staffAuditLog.targetId, String(reviewIds[0]))));
    expect(audit).toMatchObject({ actorEmail: "staff@fixit.test", targetType: "review", details: { reason: "Mentions a neighbour by full name" } });
    await expect(hideReview(deps, staff, reviewIds[0]!, "Again, for another reason")).rejects.toMatchObject({ code: "conflict" });
    await expect(hideReview(deps, staff, reviewIds[1]!, "no")).rejects.toMatchObject({ code: "invalid" });
  });

  it("top-rated fixers for a service: best average first, only fixers with reviews, never a disabled account", async () => {
    const service = "landscaping";
    const make = async (first: string, ratings: number[]) => {
      const fixer = await createApprovedFixer(deps.db, { first, last: "Green", services: [service], areas: ["LS"] });
      for (const rating of ratings) {
        const customer = await createUser(deps.db);
        const { jobId } = await postJob(deps, customer.id, { ...job, service, postcode: "LS6 2AB" });
        const { quoteId } = await sendQuote(deps, fixer.id, jobId, quote);
        await acceptQuote(deps, customer.id, quoteId);
        await recordReleasedBooking(deps.db, quoteId);
        await markJobDone(deps, customer.id, jobId);
        await leaveReview(deps, customer.id, jobId, { rating, body: good });
        await endReviewWindow(deps.db, jobId);
      }
      return fixer;
    };
    const [a, b, c] = [await make("Ash", [4, 4]), await make("Bay", [5]), await make("Cedar", [5, 5])];
    await make("Dew", []);
    const disabled = await make("Elm", [5, 5, 5]);
    await deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));

    expect((await topRatedFixersForService(deps.db, service, 5)).map((f) => f.slug)).toEqual([c.slug, b.slug, a.slug]);
    expect((await topRatedFixersForService(deps.db, service, 1)).map((f) => f.slug)).toEqual([c.slug]);
    expect(await fixerProfileBySlug(deps.db, disabled.slug)).toBeNull();
    expect(await fixerProfileBySlug(deps.db, "no-such-fixer")).toBeNull();
  });

  it("staff hide a message (audited, sender told) and it shows as hidden without its text", async () => {
    const fixer = await createApprovedFixer(deps.db, { services: ["electrical"], areas: ["M"] });
    const { customer, jobId } = await acceptedJob(fixer);
    const { messageId } = await postMessage(deps, customer.id, jobId, { body: "Something rude", fixerUserId: fixer.id });
    await clearOutbox(deps.db);
    await hideMessage(deps, staff, messageId, "Abusive language towards the fixer");
    expect((await threadForViewer(deps.db, fixer.id, jobId)).map((m) => [m.body, m.hidden])).toEqual([[null, true]]);
    expect((await queuedEmails(deps.db)).map((e) => [e.to, e.subject])).toEqual([[customer.email, "Your message was hidden"]]);
    expect(await deps.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "message.hide"))).toHaveLength(1);
  });

  it("staff pause a fixer's leads (audited, fixer told): no new matches until resumed", async () => {
    const fixer = await createApprovedFixer(deps.db, { services: ["electrical"], areas: ["M"] });
    await clearOutbox(deps.db);
    expect(await setLeadsDisabled(deps, staff, fixer.id, true, "Insurance has expired")).toBe(true);
    expect(await setLeadsDisabled(deps, staff, fixer.id, true, "Insurance has expired")).toBe(false);
    expect((await queuedEmails(deps.db)).map((e) => e.subject)).toEqual(["New jobs are paused on your fixer account"]);
    const customer = await createUser(deps.db);
    const { jobId } = await postJob(deps, customer.id, job);
    const matched = await deps.db.select().from(jobMatches).where(and(eq(jobMatches.jobId, jobId), eq(jobMatches.fixerUserId, fixer.id)));
    expect(matched).toEqual([]);
    expect(await fixerProfileBySlug(deps.db, fixer.slug)).not.toBeNull();

    expect(await setLeadsDisabled(deps, staff, fixer.id, false, "")).toBe(true);
    const second = await postJob(deps, customer.id, job);
    expect(await deps.db.select().from(jobMatches).where(and(eq(jobMatches.jobId, second.jobId), eq(jobMatches.fixerUserId, fixer.id)))).toHaveLength(1);
    const actions = (await deps.db.select({ action: staffAuditLog.action }).from(staffAuditLog).where(eq(staffAuditLog.targetId, fixer.id))).map((r) => r.action);
    expect(actions).toEqual(["fixer.leads_disable", "fixer.leads_enable"]);
  });

  it("approval makes one profile per fixer, with a unique slug and the services the application names", async () => {
    const approve = async (first: string, last: string, expertise: string, status = "approved") => {
      const user = await createUser(deps.db, { name: `${first} ${last}` });
      const [registration] = await deps.db.insert(fixerRegistrations).values({ firstName: first, lastName: last, email: user.email, phone: "+447700900999", userId: user.id }).returning();
      const [application] = await deps.db
        .insert(fixerOnboarding)
        .values({ registrationId: registration!.id, userId: user.id, email: user.email, qualifications: "City & Guilds", expertise, insurance: "PL", status })
        .returning();
      return { user, applicationId: application!.id };
    };
    const first = await approve("Ann", "Baker", "Gas Safe plumber: boilers, radiators. Also flat pack furniture.");
    // Staff recorded the checks every service needs for the first (decision 065); none for the second.
    for (const kind of baseChecks) await recordCheck(deps.db, { fixerUserId: first.user.id, kind, evidence: "seen", documentId: null, onboardingId: first.applicationId, staffUserId: first.user.id });
    const second = await approve("Ann", "Brown", "Painter and decorator");
    const pending = await approve("Pending", "Person", "Electrician", "pending");

    const one = await deps.db.transaction((tx) => createFixerProfileFromApproval(tx, first.applicationId));
    const again = await deps.db.transaction((tx) => createFixerProfileFromApproval(tx, first.applicationId));
    const two = await createFixerProfileFromApproval(deps.db, second.applicationId);
    expect(one).toMatchObject({ displayName: "Ann B.", userId: first.user.id });
    expect(again!.slug).toBe(one!.slug);
    expect(two!.slug).not.toBe(one!.slug);
    expect(two!.slug.startsWith(one!.slug)).toBe(true);
    expect((await fixerCoverage(deps.db, first.user.id))!.services).toEqual(["plumbing", "assembly"]);
    // Painting is named, but without recorded checks the profile offers nothing yet.
    expect((await fixerCoverage(deps.db, second.user.id))!.services).toEqual([]);
    expect(await createFixerProfileFromApproval(deps.db, pending.applicationId)).toBeNull();

    // A fixer approved before profiles existed gets one at the next start; an applicant still pending does not.
    const late = await approve("Lee", "Later", "Dog walker");
    expect(await fixerProfileOf(deps.db, late.user.id)).toBeNull();
    expect(await createMissingFixerProfiles(deps.db)).toBeGreaterThanOrEqual(1);
    expect(await fixerProfileOf(deps.db, late.user.id)).toMatchObject({ displayName: "Lee L." });
    expect(await fixerProfileOf(deps.db, pending.user.id)).toBeNull();
    expect(await createMissingFixerProfiles(deps.db)).toBe(0);
  });

  it("reads services from an application's words", () => {
    expect(servicesFromApplication({ expertise: "Electrician, EICR and rewiring; I also do garden design", qualifications: "" })).toEqual(["electrical", "landscaping"]);
    expect(servicesFromApplication({ expertise: "Nothing relevant here", qualifications: "" })).toEqual([]);
  });
});
