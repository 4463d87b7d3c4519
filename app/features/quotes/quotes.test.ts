import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { jobMessages, jobs, quotes } from "#server/db/schema/quotes.ts";
import type { QuotesDeps } from "./access.server";
import { jobForFixer, openJobsForFixer, photoForViewer } from "./dashboard.server";
import { customerJobs, postJob } from "./jobs.server";
import { MASKED, maskContactDetails, postMessage, threadForViewer } from "./messages.server";
import { acceptQuote, closeJob, declineQuote, jobForCustomer, sendQuote, updateQuote, withdrawQuote } from "./quotes.server";
import { setLeadsDisabled } from "./reviews.server";
import type { JobInput, QuoteInput } from "./schemas";
import { clearOutbox, createApprovedFixer, createUser, databaseKinds, daysFromToday, openTestDatabase, queuedEmails } from "#tests/helpers/marketplace.ts";

type Person = { id: string; email: string; name: string };
type Fixer = Awaited<ReturnType<typeof createApprovedFixer>>;

const job: JobInput = {
  service: "plumbing",
  postcode: "SW1A 1AA",
  title: "Leaking kitchen tap",
  description: "The kitchen tap drips all day; it needs a new washer or a new tap.",
  timing: "week",
  preferredDate: null,
  budget: "under_100",
};
const quote = (pounds: number, extra: Partial<QuoteInput> = {}): QuoteInput => ({
  priceKind: "fixed",
  amountPence: pounds * 100,
  amountToPence: null,
  includes: "Parts and labour",
  earliestStart: daysFromToday(1),
  message: "",
  ...extra,
});
const staff = { userId: null, email: "staff@fixit.test" };

describe.each(databaseKinds)("quotes, acceptance and messages (%s)", (kind) => {
  let deps: QuotesDeps;
  let close: () => Promise<void>;
  let customer: Person;
  let otherCustomer: Person;
  let plumbers: Fixer[];
  let electrician: Fixer;

  const fixer = (i: number, services: string[], areas: string[]) =>
    createApprovedFixer(deps.db, { first: `Pat${i}`, last: "Fixer", services, areas, checked: ["insurance"] });

  beforeAll(async () => {
    ({ deps, close } = await openTestDatabase(kind));
    otherCustomer = await createUser(deps.db, { name: "Other Customer" });
    plumbers = [];
    for (let i = 0; i < 7; i++) plumbers.push(await fixer(i, ["plumbing"], i % 2 ? ["SW"] : ["SW1A", "M"]));
    electrician = await fixer(9, ["electrical"], ["SW"]);
  }, 120_000);
  afterAll(async () => close?.());
  beforeEach(async () => {
    // A customer per test: each posts a few jobs, and may have at most 5 open.
    customer = await createUser(deps.db, { name: "Casey Customer", phone: "+447700900555" });
    await clearOutbox(deps.db);
  });

  const newJob = async (owner = customer) => (await postJob(deps, owner.id, job, [{ storageKey: "job-photos/tap.jpg", contentType: "image/jpeg", size: 2048, width: 800, height: 600 }])).jobId;
  const statusOf = async (quoteId: number) => (await deps.db.select({ s: quotes.status }).from(quotes).where(eq(quotes.id, quoteId)))[0]!.s;
  const jobStatus = async (jobId: number) => (await deps.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, jobId)))[0]!.s;

  it("lets a matched fixer quote once, and tells the customer", async () => {
    const jobId = await newJob();
    await clearOutbox(deps.db);
    const { quoteId } = await sendQuote(deps, plumbers[0]!.id, jobId, quote(120));
    expect(await statusOf(quoteId)).toBe("sent");
    expect((await queuedEmails(deps.db)).map((e) => [e.to, e.subject])).toEqual([[customer.email, `New quote for ${job.title}`]]);
    await expect(sendQuote(deps, plumbers[0]!.id, jobId, quote(100))).rejects.toMatchObject({ code: "conflict", status: 409 });
  });

  it("refuses a quote from a fixer the job does not match, a customer, a fixer with leads paused and a disabled fixer", async () => {
    const jobId = await newJob();
    await expect(sendQuote(deps, electrician.id, jobId, quote(80))).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(sendQuote(deps, otherCustomer.id, jobId, quote(80))).rejects.toMatchObject({ code: "forbidden", status: 403 });
    const paused = await fixer(20, ["plumbing"], ["SW"]);
    await setLeadsDisabled(deps, staff, paused.id, true, "Too many complaints from customers");
    await expect(sendQuote(deps, paused.id, jobId, quote(80))).rejects.toMatchObject({ code: "forbidden" });
    const disabled = await fixer(21, ["plumbing"], ["SW"]);
    await deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await expect(sendQuote(deps, disabled.id, jobId, quote(80))).rejects.toMatchObject({ code: "forbidden" });
    await expect(sendQuote(deps, plumbers[0]!.id, jobId, quote(80, { priceKind: "range", amountToPence: 50 }))).rejects.toMatchObject({ code: "invalid", status: 400 });
    expect(await deps.db.select().from(quotes).where(eq(quotes.jobId, jobId))).toEqual([]);
  });

  it("closes a job to new quotes at 5 live quotes; a withdrawn or declined quote frees a place", async () => {
    const jobId = await newJob();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await sendQuote(deps, plumbers[i]!.id, jobId, quote(100 + i))).quoteId);
    await expect(sendQuote(deps, plumbers[5]!.id, jobId, quote(90))).rejects.toMatchObject({ code: "limit", status: 409 });
    // The full job leaves the dashboard of a fixer who has not quoted, and stays for those who have.
    expect((await openJobsForFixer(deps.db, plumbers[5]!.id)).jobs.map((j) => j.id)).not.toContain(jobId);
    expect((await openJobsForFixer(deps.db, plumbers[0]!.id)).jobs.find((j) => j.id === jobId)).toMatchObject({ liveQuotes: 5, myQuote: { id: ids[0], status: "sent" } });
    expect((await jobForFixer(deps.db, plumbers[1]!.id, jobId)).card.liveQuotes).toBe(5);

    await withdrawQuote(deps, plumbers[0]!.id, ids[0]!);
    expect(await statusOf(ids[0]!)).toBe("withdrawn");
    await sendQuote(deps, plumbers[5]!.id, jobId, quote(90));
    await expect(sendQuote(deps, plumbers[6]!.id, jobId, quote(95))).rejects.toMatchObject({ code: "limit" });
    await declineQuote(deps, customer.id, ids[1]!);
    expect((await queuedEmails(deps.db)).some((e) => e.to === plumbers[1]!.email && e.text.includes("declined your quote"))).toBe(true);
    await sendQuote(deps, plumbers[6]!.id, jobId, quote(95));
    // A withdrawn quote is final: the same fixer cannot quote again.
    await expect(sendQuote(deps, plumbers[0]!.id, jobId, quote(85))).rejects.toMatchObject({ code: "conflict" });
  });

  it("lets only its fixer edit a quote, until it is accepted or withdrawn", async () => {
    const jobId = await newJob();
    const { quoteId } = await sendQuote(deps, plumbers[0]!.id, jobId, quote(120));
    await updateQuote(deps, plumbers[0]!.id, quoteId, quote(0, { priceKind: "range", amountPence: 10000, amountToPence: 15000, includes: "Parts, labour and disposal" }));
    const [row] = await deps.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(row).toMatchObject({ priceKind: "range", amountPence: 10000, amountToPence: 15000, includes: "Parts, labour and disposal" });
    await expect(updateQuote(deps, plumbers[1]!.id, quoteId, quote(1))).rejects.toMatchObject({ code: "not_found" });
    await expect(withdrawQuote(deps, plumbers[1]!.id, quoteId)).rejects.toMatchObject({ code: "not_found" });
    await acceptQuote(deps, customer.id, quoteId);
    await expect(updateQuote(deps, plumbers[0]!.id, quoteId, quote(200))).rejects.toMatchObject({ code: "conflict" });
    await expect(withdrawQuote(deps, plumbers[0]!.id, quoteId)).rejects.toMatchObject({ code: "conflict" });
  });

  it("accepting a quote: only the job's customer; the others are not selected, contacts are shared both ways by email", async () => {
    const jobId = await newJob();
    const [a, b, c] = [plumbers[0]!, plumbers[1]!, plumbers[2]!];
    const qa = (await sendQuote(deps, a.id, jobId, quote(150))).quoteId;
    const qb = (await sendQuote(deps, b.id, jobId, quote(140))).quoteId;
    const qc = (await sendQuote(deps, c.id, jobId, quote(130))).quoteId;
    await withdrawQuote(deps, c.id, qc);

    // Before acceptance the fixer sees no customer details, and the customer no fixer contact.
    expect((await jobForFixer(deps.db, a.id, jobId)).customer).toBeNull();
    expect((await jobForCustomer(deps.db, customer.id, jobId)).quotes.map((q) => q.contact)).toEqual([null, null]);

    await expect(acceptQuote(deps, otherCustomer.id, qa)).rejects.toMatchObject({ code: "not_found" });
    await expect(acceptQuote(deps, a.id, qa)).rejects.toMatchObject({ code: "not_found" });
    await expect(acceptQuote(deps, customer.id, qc)).rejects.toMatchObject({ code: "conflict" });
    await clearOutbox(deps.db);
    await acceptQuote(deps, customer.id, qa);

    expect([await statusOf(qa), await statusOf(qb), await statusOf(qc)]).toEqual(["accepted", "not_selected", "withdrawn"]);
    expect(await jobStatus(jobId)).toBe("in_progress");
    const emails = await queuedEmails(deps.db);
    const toA = emails.find((e) => e.to === a.email)!;
    expect(toA.subject).toBe(`Your quote was accepted: ${job.title}`);
    expect(toA.text).toContain(customer.email);
    expect(toA.text).toContain("+447700900555");
    expect(toA.text).toContain("SW1A 1AA");
    const toCustomer = emails.find((e) => e.to === customer.email)!;
    expect(toCustomer.text).toContain(a.email);
    expect(toCustomer.text).toContain("held by FixiT until you confirm the job is done");
    expect(emails.filter((e) => e.to === b.email).map((e) => e.subject)).toEqual([`Update on your quote: ${job.title}`]);
    expect(emails.some((e) => e.to === c.email)).toBe(false);

    const forA = await jobForFixer(deps.db, a.id, jobId);
    expect(forA.customer).toEqual({ name: "Casey Customer", email: customer.email, phone: "+447700900555", postcode: "SW1A 1AA" });
    expect((await jobForFixer(deps.db, b.id, jobId)).customer).toBeNull();
    const forCustomer = await jobForCustomer(deps.db, customer.id, jobId);
    expect(forCustomer.quotes.map((q) => [q.fixer.displayName, q.status, q.contact?.email ?? null])).toEqual([
      [a.displayName, "accepted", a.email],
      [b.displayName, "not_selected", null],
    ]);
    expect(forCustomer.quotes[0]!.fixer.checks).toEqual(["reviewed", "identity", "right_to_work", "insurance"]);
    // Every quote the job page shows (the accepted one and the one not chosen), as My jobs counts them.
    expect((await customerJobs(deps.db, customer.id)).map((j) => [j.id, j.status, j.quotes])).toEqual([[jobId, "in_progress", 2]]);
    expect(await customerJobs(deps.db, otherCustomer.id)).toEqual([]);

    // Nothing more can be quoted or accepted on it.
    await expect(sendQuote(deps, plumbers[3]!.id, jobId, quote(99))).rejects.toMatchObject({ code: "conflict" });
    await expect(acceptQuote(deps, customer.id, qb)).rejects.toMatchObject({ code: "conflict" });
  });

  it("closing a job tells the fixers still waiting", async () => {
    const jobId = await newJob();
    const q = (await sendQuote(deps, plumbers[3]!.id, jobId, quote(150))).quoteId;
    await expect(closeJob(deps, otherCustomer.id, jobId)).rejects.toMatchObject({ code: "not_found" });
    await clearOutbox(deps.db);
    await closeJob(deps, customer.id, jobId);
    expect(await jobStatus(jobId)).toBe("closed");
    expect(await statusOf(q)).toBe("not_selected");
    expect((await queuedEmails(deps.db)).map((e) => e.to)).toEqual([plumbers[3]!.email]);
    await expect(closeJob(deps, customer.id, jobId)).rejects.toMatchObject({ code: "conflict" });
  });

  it("shows job photos to the customer and matched fixers only", async () => {
    const jobId = await newJob();
    const photoId = (await jobForCustomer(deps.db, customer.id, jobId)).photos[0]!.id;
    await expect(photoForViewer(deps.db, customer.id, photoId)).resolves.toMatchObject({ storageKey: "job-photos/tap.jpg" });
    await expect(photoForViewer(deps.db, plumbers[0]!.id, photoId)).resolves.toMatchObject({ contentType: "image/jpeg" });
    await expect(photoForViewer(deps.db, electrician.id, photoId)).rejects.toMatchObject({ code: "not_found" });
    await expect(photoForViewer(deps.db, otherCustomer.id, photoId)).rejects.toMatchObject({ code: "not_found" });
    await expect(jobForCustomer(deps.db, otherCustomer.id, jobId)).rejects.toMatchObject({ code: "not_found" });
    await expect(jobForFixer(deps.db, electrician.id, jobId)).rejects.toMatchObject({ code: "not_found" });
  });

  it("masks contact details in messages before acceptance and only lets a fixer who quoted take part", async () => {
    const jobId = await newJob();
    const [a, b] = [plumbers[4]!, plumbers[5]!];
    await sendQuote(deps, a.id, jobId, quote(110));
    const qb = (await sendQuote(deps, b.id, jobId, quote(120))).quoteId;

    // A matched fixer who has not quoted, a fixer the job does not match, another customer.
    await expect(postMessage(deps, plumbers[6]!.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(postMessage(deps, electrician.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "not_found" });
    await expect(postMessage(deps, otherCustomer.id, jobId, { body: "Hello", fixerUserId: a.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(postMessage(deps, customer.id, jobId, { body: "Hello", fixerUserId: plumbers[6]!.id })).rejects.toMatchObject({ code: "not_found" });

    await clearOutbox(deps.db);
    const sent = await postMessage(deps, a.id, jobId, { body: "Call me on 07700 900 123 or write to pat@example.com, see www.patfixes.co.uk" });
    expect(sent.masked).toBe(true);
    const [stored] = await deps.db.select().from(jobMessages).where(eq(jobMessages.id, sent.messageId));
    expect(stored!.body).toBe(`Call me on ${MASKED} or write to ${MASKED}, see ${MASKED}`);
    const [toCustomer] = await queuedEmails(deps.db);
    expect(toCustomer).toMatchObject({ to: customer.email, subject: `New message about ${job.title}` });
    expect(toCustomer!.text).toContain(`https://fixit.test/account/jobs/${jobId}`);
    expect(toCustomer!.text).not.toContain("07700");

    await clearOutbox(deps.db);
    await postMessage(deps, customer.id, jobId, { body: "My number is +44 7700 900555", fixerUserId: a.id });
    const [toFixer] = await queuedEmails(deps.db);
    // Before acceptance the fixer is not told the customer's name.
    expect(toFixer!.text).toContain("Your customer sent you a message");
    expect(toFixer!.text).not.toContain("Casey");
    expect((await threadForViewer(deps.db, a.id, jobId)).map((m) => [m.fromMe, m.body])).toEqual([
      [true, `Call me on ${MASKED} or write to ${MASKED}, see ${MASKED}`],
      [false, `My number is ${MASKED}`],
    ]);
    // Each fixer reads only their own thread.
    expect(await threadForViewer(deps.db, b.id, jobId)).toEqual([]);

    await acceptQuote(deps, customer.id, qb);
    const after = await postMessage(deps, b.id, jobId, { body: "Thanks! I am on 07700 900 123." });
    expect(after.masked).toBe(false);
    expect((await threadForViewer(deps.db, customer.id, jobId, b.id)).at(-1)!.body).toBe("Thanks! I am on 07700 900 123.");
    await expect(postMessage(deps, a.id, jobId, { body: "Still interested" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(postMessage(deps, customer.id, jobId, { body: "Sorry", fixerUserId: a.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(postMessage(deps, b.id, jobId, { body: " " })).rejects.toMatchObject({ code: "invalid" });
  });

  it("says why a message is refused, and names the thread's people in its emails", async () => {
    const jobId = await newJob();
    const [a, b] = [plumbers[2]!, plumbers[3]!];
    await sendQuote(deps, a.id, jobId, quote(100));
    const qb = (await sendQuote(deps, b.id, jobId, quote(105))).quoteId;
    const notALead = { code: "not_found", message: "There is no such job, or it is not one of your leads." };
    await expect(postMessage(deps, customer.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "invalid", message: "Choose which fixer to write to." });
    await expect(postMessage(deps, customer.id, jobId, { body: "Hello", fixerUserId: plumbers[6]!.id })).rejects.toMatchObject({
      code: "not_found",
      message: "There is no conversation with this fixer on your job.",
    });
    await expect(postMessage(deps, electrician.id, jobId, { body: "Hello" })).rejects.toMatchObject(notALead);
    await expect(postMessage(deps, a.id, 2_000_000_000, { body: "Hello" })).rejects.toMatchObject(notALead);
    await expect(postMessage(deps, plumbers[6]!.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "forbidden", message: "You can message once a quote is sent, while it is waiting for an answer." });
    // Before acceptance a fixer writes only while they may take part in jobs.
    await setLeadsDisabled(deps, staff, a.id, true, "Paused while we look into a complaint.");
    await expect(postMessage(deps, a.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "forbidden", message: "New jobs and quoting are paused on your account. Please contact our support team." });
    await setLeadsDisabled(deps, staff, a.id, false, "");
    await deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, a.id));
    await expect(postMessage(deps, a.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "forbidden", message: "This account is disabled." });
    await deps.db.update(users).set({ disabledAt: null }).where(eq(users.id, a.id));
    expect(await deps.db.select().from(jobMessages).where(eq(jobMessages.jobId, jobId))).toEqual([]);

    // The customer is greeted by name, and told the fixer's public name.
    await clearOutbox(deps.db);
    await postMessage(deps, b.id, jobId, { body: "When suits you?" });
    const [toCustomer] = await queuedEmails(deps.db);
    expect(toCustomer).toMatchObject({ to: customer.email });
    expect(toCustomer!.text).toContain(`Hi Casey Customer,`);
    expect(toCustomer!.text).toContain(`${b.displayName} sent you a message about "${job.title}".`);
    // After acceptance the fixer, greeted by their public name, learns the customer's.
    await acceptQuote(deps, customer.id, qb);
    await clearOutbox(deps.db);
    await postMessage(deps, customer.id, jobId, { body: "See you then", fixerUserId: b.id });
    const [toFixer] = await queuedEmails(deps.db);
    expect(toFixer).toMatchObject({ to: b.email, subject: `New message about ${job.title}` });
    expect(toFixer!.text).toContain(`Hi ${b.displayName},`);
    expect(toFixer!.text).toContain(`Casey Customer sent you a message about "${job.title}".`);
    await expect(postMessage(deps, a.id, jobId, { body: "Hello" })).rejects.toMatchObject({ code: "forbidden", message: "This job is now with another fixer." });
    await closeJob(deps, customer.id, jobId);
    await expect(postMessage(deps, b.id, jobId, { body: "Bye" })).rejects.toMatchObject({ code: "conflict", message: "This job is closed, so its conversations are closed too." });
  });
});

describe("maskContactDetails", () => {
  it("hides emails, links and phone numbers, and keeps prices, dates and ordinary words", () => {
    expect(maskContactDetails("email me: ann.b+jobs@mail.example.co.uk")).toBe(`email me: ${MASKED}`);
    expect(maskContactDetails("ann at gmail dot com")).toBe(MASKED);
    expect(maskContactDetails("see https://example.com/x?y=1 now")).toBe(`see ${MASKED} now`);
    expect(maskContactDetails("my site fixit-ann.com")).toBe(`my site ${MASKED}`);
    expect(maskContactDetails("ring 0161 496 0000")).toBe(`ring ${MASKED}`);
    expect(maskContactDetails("(+44) 7700-900-123")).toBe(MASKED);
    const plain = "It costs £1,250.50, starts on 2026-12-01 at 9.30, about 3 hours. Use the front door at the side.";
    expect(maskContactDetails(plain)).toBe(plain);
  });
});
