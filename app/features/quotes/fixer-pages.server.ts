import { and, eq, isNull } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { reviews } from "#server/db/schema/quotes.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { loadFixerStatus } from "~/features/fixers/account-status.server";
import { withFlash } from "~/lib/flash.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission, type FieldErrors, type FormValues } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import type { SessionUser } from "~/lib/session-user";
import type { QuotesDeps } from "./access.server";
import { ensureFixerProfile, fixerCoverage, setFixerCoverage } from "./coverage.server";
import { jobForFixer, openJobsForFixer, quotedJobsForFixer } from "./dashboard.server";
import { isQuotesError, type QuotesErrorCode } from "./errors";
import { postMessage, threadForViewer } from "./messages.server";
import { quotePaths } from "./paths";
import { sendQuote, updateQuote, withdrawQuote } from "./quotes.server";
import { replyToReview } from "./reviews.server";
import { coverageFormSchema, messageFormSchema, quoteFormSchema, replyFormSchema } from "./schemas";
import { fixerCopy } from "./fixer-copy";
import { bookingRefusal } from "~/features/bookings/errors";
import { fixQuotePrice, quoteBookingForFixer, writeQuoteBookingTerms } from "~/features/bookings/quote-terms.server";
import { fixPriceFormSchema } from "~/features/bookings/schemas";
import type { Slot } from "~/features/bookings/slots";

/**
 * The fixer's pages (/fixer and /fixer/jobs/:jobId) on the server: what their loaders hand the
 * view, and one function per form intent. Every rule is the quotes services'; this module reads the
 * form, calls the service, and turns a refusal (QuotesError) into the page's answer with its status.
 */

const depsOf = (context: AppLoadContext): QuotesDeps => ({ db: context.services.db, publicUrl: context.services.config.publicUrl });
const privateHeaders = { "cache-control": "private, no-store" };

// ---- /fixer -----------------------------------------------------------------------------------

export async function loadFixerDashboard(context: AppLoadContext, user: SessionUser, request: Request) {
  const db = context.services.db;
  // Fixers approved before profiles existed get theirs now.
  const profile = await ensureFixerProfile(db, user.id);
  if (!profile) {
    return { kind: "applicant" as const, status: await loadFixerStatus(db, user), userType: user.userType };
  }
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  const [coverage, myQuotes] = await Promise.all([fixerCoverage(db, user.id), quotedJobsForFixer(db, user.id)]);
  let leads: Awaited<ReturnType<typeof openJobsForFixer>> | null = null;
  let paused: string | null = null;
  try {
    leads = await openJobsForFixer(db, user.id, { page });
  } catch (error) {
    if (!isQuotesError(error) || error.code !== "forbidden") throw error;
    paused = error.message;
  }
  return {
    kind: "fixer" as const,
    profile: { displayName: profile.displayName, slug: profile.slug },
    coverage: coverage ?? { services: [], areas: [], bio: "" },
    leads,
    paused,
    myQuotes,
  };
}

export async function dashboardAction(context: AppLoadContext, user: SessionUser, request: Request) {
  const form = await readTextForm(request);
  if (!form) return badRequest("coverage");
  if (form.get("intent") !== "coverage") return badRequest("coverage");
  const parsed = parseSubmission(coverageFormSchema, form, { lists: ["services"], multiLine: ["bio"] });
  if (!parsed.ok) return invalid("coverage", parsed.fieldErrors, parsed.values);
  try {
    await setFixerCoverage({ db: context.services.db, publicUrl: context.services.config.publicUrl }, user.id, parsed.data.services, parsed.data.areas, parsed.data.bio);
  } catch (error) {
    return refusal("coverage", error);
  }
  return done(context, quotePaths.fixerDashboard, fixerCopy.flash.coverageSaved);
}

// ---- /fixer/jobs/:jobId -----------------------------------------------------------------------

/** A job id from the URL: a positive whole number in range, else the page does not exist. */
export function jobIdFrom(param: string | undefined): number {
  if (!param || !/^[1-9][0-9]{0,9}$/.test(param) || Number(param) > 2_147_483_647) throw data(fixerCopy.errors.not_found, { status: 404 });
  return Number(param);
}

/** The review left on this job about this fixer, if any and not hidden. */
async function reviewOfJob(db: DbOrTx, fixerUserId: string, jobId: number) {
  const [row] = await db
    .select({ id: reviews.id, rating: reviews.rating, body: reviews.body, reply: reviews.reply, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.jobId, jobId), eq(reviews.fixerUserId, fixerUserId), isNull(reviews.hiddenAt)))
    .limit(1);
  return row ?? null;
}

export async function loadFixerJob(context: AppLoadContext, user: SessionUser, jobId: number) {
  const db = context.services.db;
  try {
    const view = await jobForFixer(db, user.id, jobId);
    const quote = view.myQuote;
    const [thread, review, booking] = await Promise.all([
      quote ? threadForViewer(db, user.id, jobId) : Promise.resolve([]),
      reviewOfJob(db, user.id, jobId),
      quote ? quoteBookingForFixer(db, quote) : Promise.resolve(null),
    ]);
    return {
      job: view.card,
      status: view.status,
      quote: quote
        ? {
            id: quote.id,
            status: quote.status,
            priceKind: quote.priceKind as "fixed" | "range",
            amountPence: quote.amountPence,
            amountToPence: quote.amountToPence,
            includes: quote.includes,
            earliestStart: quote.earliestStart,
            message: quote.message,
          }
        : null,
      customer: view.customer,
      booking,
      thread,
      review,
    };
  } catch (error) {
    if (isQuotesError(error)) throw data(error.message, { status: error.status, headers: privateHeaders });
    throw error;
  }
}

type JobIntent = "quote" | "update-quote" | "withdraw" | "fix-price" | "message" | "reply";
const jobIntents: readonly string[] = ["quote", "update-quote", "withdraw", "fix-price", "message", "reply"] satisfies JobIntent[];

/** The quote's proposed slots, written in the quote's own transaction (a range quote's price is fixed again later). */
const withSlots = (fixerUserId: string, slots: Slot[]) => (tx: DbOrTx, quoteId: number) => writeQuoteBookingTerms(tx, fixerUserId, quoteId, { slots, fixedPricePence: null });

export async function fixerJobAction(context: AppLoadContext, user: SessionUser, request: Request, jobId: number) {
  const form = await readTextForm(request);
  const intent = form?.get("intent");
  if (!form || typeof intent !== "string" || !jobIntents.includes(intent)) return badRequest("job");
  const deps = depsOf(context);
  const here = quotePaths.fixerJob(jobId);
  try {
    switch (intent as JobIntent) {
      case "quote": {
        const parsed = parseSubmission(quoteFormSchema, form, { multiLine: ["includes", "message"] });
        if (!parsed.ok) return invalid("quote", parsed.fieldErrors, parsed.values);
        await sendQuote(deps, user.id, jobId, parsed.data, withSlots(user.id, parsed.data.slots));
        return done(context, here, fixerCopy.flash.quoteSent);
      }
      case "update-quote": {
        const parsed = parseSubmission(quoteFormSchema, form, { multiLine: ["includes", "message"] });
        if (!parsed.ok) return invalid("quote", parsed.fieldErrors, parsed.values);
        const { myQuote } = await jobForFixer(deps.db, user.id, jobId);
        if (!myQuote) return refusalOf("quote", "not_found", fixerCopy.errors.noQuote);
        await updateQuote(deps, user.id, myQuote.id, parsed.data, withSlots(user.id, parsed.data.slots));
        return done(context, here, fixerCopy.flash.quoteUpdated);
      }
      case "withdraw": {
        const { myQuote } = await jobForFixer(deps.db, user.id, jobId);
        if (!myQuote) return refusalOf("withdraw", "not_found", fixerCopy.errors.noQuote);
        await withdrawQuote(deps, user.id, myQuote.id);
        return done(context, here, fixerCopy.flash.quoteWithdrawn);
      }
      case "fix-price": {
        const parsed = parseSubmission(fixPriceFormSchema, form);
        if (!parsed.ok) return invalid("fix-price", parsed.fieldErrors, parsed.values);
        const { myQuote } = await jobForFixer(deps.db, user.id, jobId);
        if (!myQuote) return refusalOf("fix-price", "not_found", fixerCopy.errors.noQuote);
        await fixQuotePrice(deps, user.id, myQuote.id, parsed.data.price);
        return done(context, `${here}#booking`, fixerCopy.flash.priceFixed);
      }
      case "message": {
        const parsed = parseSubmission(messageFormSchema, form, { multiLine: ["body"] });
        if (!parsed.ok) return invalid("message", parsed.fieldErrors, parsed.values);
        const posted = await postMessage(deps, user.id, jobId, { body: parsed.data.body });
        return done(context, `${here}#messages`, posted.masked ? fixerCopy.flash.messageMasked : fixerCopy.flash.messageSent);
      }
      case "reply": {
        const parsed = parseSubmission(replyFormSchema, form, { multiLine: ["body"] });
        if (!parsed.ok) return invalid("reply", parsed.fieldErrors, parsed.values);
        const review = await reviewOfJob(deps.db, user.id, jobId);
        if (!review) return refusalOf("reply", "not_found", fixerCopy.errors.noReview);
        await replyToReview(deps, user.id, review.id, parsed.data.body);
        return done(context, `${here}#review`, fixerCopy.flash.replied);
      }
    }
  } catch (error) {
    const formName = intent === "update-quote" ? "quote" : intent;
    return refusal(formName, error);
  }
}

// ---- answers ------------------------------------------------------------------------------------

function done(context: AppLoadContext, to: string, flash: { title: string; text: string }) {
  return redirect(to, { status: 303, headers: withFlash(context.services.config, { kind: "success", ...flash }) });
}

function badRequest(form: string) {
  return data<FormResult>({ form, status: "error", title: fixerCopy.errors.badRequest.title, message: fixerCopy.errors.badRequest.text }, { status: 400, headers: privateHeaders });
}

function invalid(form: string, fieldErrors: FieldErrors, values: FormValues) {
  return data<FormResult>(
    { form, status: "invalid", fieldErrors, values, title: fixerCopy.errors.invalid.title, message: fixerCopy.errors.invalid.text },
    { status: 400, headers: privateHeaders },
  );
}

function refusalOf(form: string, code: QuotesErrorCode, message: string, retryAfterSeconds?: number) {
  const status = { not_found: 404, forbidden: 403, conflict: 409, limit: 409, invalid: 400, rate_limited: 429 }[code];
  const headers = new Headers(privateHeaders);
  if (retryAfterSeconds) headers.set("retry-after", String(retryAfterSeconds));
  return data<FormResult>({ form, status: "error", title: fixerCopy.errorTitles[code], message }, { status, headers });
}

/** A QuotesError as the form's answer with its status; anything else is a real failure and is rethrown. */
function refusal(form: string, error: unknown) {
  const booking = bookingRefusal(error);
  if (booking) return data<FormResult>({ form, status: "error", title: fixerCopy.errorTitles[booking.status === 404 ? "not_found" : booking.status === 409 ? "conflict" : "invalid"], message: booking.message }, { status: booking.status, headers: privateHeaders });
  if (!isQuotesError(error)) throw error;
  return refusalOf(form, error.code, error.message, error.retryAfterSeconds);
}
