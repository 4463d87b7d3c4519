import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobMessages } from "#server/db/schema/quotes.ts";
import { notifications, unreadCounts } from "#server/db/schema/notifications.ts";
import { users } from "#server/db/schema/auth.ts";
import type { PublicChangeDeps } from "./access.server";
import { postJob } from "./jobs.server";
import { postMessage } from "./messages.server";
import { sendQuote } from "./quotes.server";
import { hideMessage } from "./reviews.server";
import type { JobInput } from "./schemas";
import { countUnread, markAllRead, markRead, markReadForPage, notify, unreadMessageCount } from "~/features/notifications/notifications.server";
import { markThreadsRead } from "./thread-reads.server";
import { createApprovedFixer, createUser, databaseKinds, daysFromToday, openTestDatabase } from "#tests/helpers/marketplace.ts";

/**
 * The header's unread counts as stored counters (decision 071): after every write that changes them
 * (a message, a read marker, a hidden message, a notification written or read, writes at once) the
 * counter equals a recount from the rows (unread_counts_recount(), the migration's backfill).
 */

const job: JobInput = {
  service: "plumbing",
  postcode: "SW1A 1AA",
  title: "Leaking kitchen tap",
  description: "The kitchen tap leaks at the base whenever it runs; it needs a new seal.",
  timing: "flexible",
  preferredDate: null,
  budget: null,
};
const quote = { priceKind: "fixed" as const, amountPence: 7500, amountToPence: null, includes: "Seal and fitting", earliestStart: daysFromToday(2), message: "" };
const staff = { userId: null, email: "staff@fixit.test" };

describe.each(databaseKinds)("unread counters (%s)", (kind) => {
  let deps: PublicChangeDeps;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    deps = { ...opened.deps, publicFixerData: { changed: () => undefined } };
    close = opened.close;
  }, 60_000);
  afterAll(async () => close?.());

  /** Every person's stored counters against a recount from the rows: the differences (none when right). */
  async function drift() {
    const result = (await deps.db.execute(sql`select r.user_id, r.messages as recount_messages, c.messages, r.notifications as recount_notifications, c.notifications
      from unread_counts_recount() r left join unread_counts c on c.user_id = r.user_id
      where c.user_id is null or c.messages <> r.messages or c.notifications <> r.notifications`)) as unknown as { rows: unknown[] };
    return result.rows;
  }

  async function counts(userId: string) {
    return { messages: await unreadMessageCount(deps.db, userId), notifications: await countUnread(deps.db, userId) };
  }

  /** A job by a new customer with a quote from `fixer` waiting (sent): its thread is open for messages. */
  async function quotedJob(fixer: { id: string }) {
    const customer = await createUser(deps.db, { name: "Casey Customer" });
    const { jobId } = await postJob(deps, customer.id, job);
    await sendQuote(deps, fixer.id, jobId, quote);
    return { customer, jobId };
  }

  it("a new person starts at zero, with a counter row", async () => {
    const person = await createUser(deps.db);
    const [row] = await deps.db.select().from(unreadCounts).where(eq(unreadCounts.userId, person.id));
    expect(row).toMatchObject({ messages: 0, notifications: 0 });
    expect(await drift()).toEqual([]);
  });

  it("counts messages as they are sent, read, hidden and removed, equal to a recount after each", async () => {
    const fixer = await createApprovedFixer(deps.db, { first: "Pat", last: "Pipes", services: ["plumbing"], areas: ["SW1"] });
    const { customer, jobId } = await quotedJob(fixer);
    const before = await counts(customer.id);

    const first = await postMessage(deps, customer.id, jobId, { body: "Hello, can you come on Monday?", fixerUserId: fixer.id });
    expect((await counts(fixer.id)).messages).toBe(1);
    // A message the sender wrote is never unread for them.
    expect((await counts(customer.id)).messages).toBe(before.messages);
    const replies = [];
    for (const body of ["Yes, Monday works.", "Morning or afternoon?", "I will bring the seal."]) replies.push((await postMessage(deps, fixer.id, jobId, { body })).messageId);
    expect((await counts(customer.id)).messages).toBe(before.messages + 3);
    expect(await drift()).toEqual([]);

    // Reading up to the second reply leaves one; reading never goes back.
    await markThreadsRead(deps.db, customer.id, jobId, [{ fixerUserId: fixer.id, lastMessageId: replies[1]! }]);
    expect((await counts(customer.id)).messages).toBe(before.messages + 1);
    await markThreadsRead(deps.db, customer.id, jobId, [{ fixerUserId: fixer.id, lastMessageId: replies[0]! }]);
    expect((await counts(customer.id)).messages).toBe(before.messages + 1);
    expect(await drift()).toEqual([]);

    // Staff hide the unread one: it is no longer unread. Hiding a read one changes nothing.
    await hideMessage(deps, staff, replies[2]!, "Off-platform contact details");
    expect((await counts(customer.id)).messages).toBe(before.messages);
    await hideMessage(deps, staff, replies[0]!, "Off-platform contact details");
    expect((await counts(customer.id)).messages).toBe(before.messages);
    expect(await drift()).toEqual([]);

    // The fixer reads the customer's message.
    await markThreadsRead(deps.db, fixer.id, jobId, [{ fixerUserId: fixer.id, lastMessageId: first.messageId }]);
    expect((await counts(fixer.id)).messages).toBe(0);

    // A message removed (rows deleted with their job, say) and a read marker removed: still equal to the recount.
    const another = await postMessage(deps, customer.id, jobId, { body: "See you Monday.", fixerUserId: fixer.id });
    expect((await counts(fixer.id)).messages).toBe(1);
    await deps.db.delete(jobMessages).where(eq(jobMessages.id, another.messageId));
    expect((await counts(fixer.id)).messages).toBe(0);
    await deps.db.execute(sql`delete from thread_reads where user_id = ${customer.id}`);
    expect(await drift()).toEqual([]);
    // A person removed takes their counter with them; the others stay right.
    await deps.db.delete(users).where(eq(users.id, customer.id));
    expect(await drift()).toEqual([]);
  });

  it("counts notifications as they are written and read (one, for a page, all), equal to a recount", async () => {
    const person = await createUser(deps.db);
    const note = (link: string) => notify(deps.db, { userId: person.id, kind: "message", title: "A new message", link });
    await note("/account/jobs/1");
    await note("/account/jobs/1#review");
    await note("/account/jobs/2");
    await note("/account/jobs/3");
    expect((await counts(person.id)).notifications).toBe(4);
    const [one] = await deps.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.link, "/account/jobs/3"));
    await markRead(deps.db, person.id, one!.id);
    await markRead(deps.db, person.id, one!.id);
    expect((await counts(person.id)).notifications).toBe(3);
    expect(await markReadForPage(deps.db, person.id, "/account/jobs/1")).toBe(2);
    expect((await counts(person.id)).notifications).toBe(1);
    expect(await drift()).toEqual([]);
    await note("/account/jobs/4");
    expect(await markAllRead(deps.db, person.id)).toBe(2);
    expect((await counts(person.id)).notifications).toBe(0);
    await note("/account/jobs/5");
    await deps.db.delete(notifications).where(eq(notifications.userId, person.id));
    expect((await counts(person.id)).notifications).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it("stays equal to a recount with messages sent and read at the same moment", async () => {
    const fixer = await createApprovedFixer(deps.db, { first: "Jo", last: "Joins", services: ["plumbing"], areas: ["SW1"] });
    const { customer, jobId } = await quotedJob(fixer);
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? postMessage(deps, customer.id, jobId, { body: `Customer message ${i}`, fixerUserId: fixer.id }) : postMessage(deps, fixer.id, jobId, { body: `Fixer message ${i}` }))),
    );
    expect((await counts(fixer.id)).messages).toBe(3);
    expect((await counts(customer.id)).messages).toBe(3);
    // More messages while both read what they have: whatever the order, the counters match the rows.
    const lastFromFixer = Math.max(...sent.filter((_, i) => i % 2 === 1).map((s) => s.messageId));
    const lastFromCustomer = Math.max(...sent.filter((_, i) => i % 2 === 0).map((s) => s.messageId));
    await Promise.all([
      postMessage(deps, fixer.id, jobId, { body: "One more from the fixer" }),
      markThreadsRead(deps.db, customer.id, jobId, [{ fixerUserId: fixer.id, lastMessageId: lastFromFixer }]),
      postMessage(deps, customer.id, jobId, { body: "One more from the customer", fixerUserId: fixer.id }),
      markThreadsRead(deps.db, fixer.id, jobId, [{ fixerUserId: fixer.id, lastMessageId: lastFromCustomer }]),
      notify(deps.db, { userId: customer.id, kind: "message", title: "A new message", link: `/account/jobs/${jobId}` }),
      markAllRead(deps.db, customer.id),
    ]);
    expect((await counts(fixer.id)).messages).toBe(1);
    expect((await counts(customer.id)).messages).toBe(1);
    expect(await drift()).toEqual([]);
  });
});
