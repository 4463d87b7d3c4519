import type { DbOrTx } from "#server/db/client.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";

/**
 * A customer's job at SW1A 1AA (plumbing, in progress) with a fixer's accepted fixed-price quote,
 * written at once without the request form, the quote form and the acceptance in between: what
 * seeding's bookings start from (app/features/seeding, decision 085). Its slots are bookings' (quote
 * booking terms), written by the caller.
 */
export async function recordAcceptedQuote(
  db: DbOrTx,
  input: { customerId: string; fixerId: string; title: string; pricePence: number; earliestStart: string },
): Promise<{ jobId: number; title: string; quoteId: number }> {
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: input.customerId, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: input.title, description: "A dripping tap that needs a new washer.", timing: "week", status: "in_progress" })
    .returning({ id: jobs.id, title: jobs.title });
  const [quote] = await db
    .insert(quotes)
    .values({ jobId: job!.id, fixerUserId: input.fixerId, priceKind: "fixed", amountPence: input.pricePence, includes: "Parts and labour", earliestStart: input.earliestStart, status: "accepted" })
    .returning({ id: quotes.id });
  return { jobId: job!.id, title: job!.title, quoteId: quote!.id };
}
