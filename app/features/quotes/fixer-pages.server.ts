import { data, type AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { loadFixerStatus } from "~/features/fixers/account-status.server";
import { badRequestAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { cursorParam } from "~/lib/page-cursor.server";
import { RefusalError } from "~/lib/forms/refusal-error";
import { parseSubmission, type FieldErrors, type FormValues } from "~/lib/forms/parse";
import type { SessionUser } from "~/lib/session-user";
import { quotesDeps, type PublicChangeDeps } from "./access.server";
import { fixerCoverage, fixerProfileOf, setFixerCoverage } from "./coverage.server";
import { jobForFixer, openJobsForFixer, quotedJobsForFixer } from "./dashboard.server";
import { isQuotesError, QuotesError } from "./errors";
import { newestMessageId, postMessage, threadAccess, threadCursor, threadPages } from "./messages.server";
import { lastMessageId } from "~/features/live/live-events";
import { markReadAnswer, readUpToAfterReply } from "./thread-reads.server";
import { answerJobPageForm, photoUploadAnswer } from "./message-photos.server";
import type { StoredJobPhoto } from "./jobs.server";
import { quotePaths } from "./paths";
import { sendQuote, updateQuote, withdrawQuote } from "./quotes.server";
import { replyToReview, reviewCustomer } from "./reviews.server";
import { customerRatingsOfJobs, reviewsOfJob } from "./review-views.server";
import { coverageFormSchema, fixPriceFormSchema, messageFormSchema, quoteFormSchema, replyFormSchema, reviewFormSchema } from "./schemas";
import { fixerCopy } from "./fixer-copy";
import { fixQuotePrice, quoteBookingForFixer, writeQuoteBookingTerms } from "~/features/bookings/quote-terms.server";
import { bookingQuoteReads } from "./booking-reads.server";
import type { Slot } from "~/features/bookings/slots";

/**
 * The fixer's pages (/fixer and /fixer/jobs/:jobId) on the server: what their loaders hand the
 * view, and one function per form intent. Every rule is the quotes services'; this module reads the
 * form, calls the service, and turns a refusal (QuotesError) into the page's answer with its status.
 */

const depsOf = (context: AppLoadContext): PublicChangeDeps => quotesDeps(context.services);
const privateHeaders = { "cache-control": "private, no-store" };

// ---- /fixer -----------------------------------------------------------------------------------

export async function loadFixerDashboard(context: AppLoadContext, user: SessionUser, request: Request) {
  const db = context.services.db;
  // Made at approval (and at start for fixers approved before profiles existed): the page only reads it.
  const profile = await fixerProfileOf(db, user.id);
  if (!profile) {
    return { kind: "applicant" as const, status: await loadFixerStatus(db, user), userType: user.userType };
  }
  // Keyset cursors (decision 068); an old `?page=N` is ignored (the first page).
  const url = new URL(request.url);
  const after = cursorParam(url, "after");
  const quotesAfter = cursorParam(url, "quotesAfter");
  const [coverage, myQuotes] = await Promise.all([fixerCoverage(db, user.id), quotedJobsForFixer(db, user.id, { after: quotesAfter })]);
  let leads: Awaited<ReturnType<typeof openJobsForFixer>> | null = null;
  let paused: string | null = null;
  try {
    leads = await openJobsForFixer(db, user.id, { after });
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
    await setFixerCoverage(depsOf(context), user.id, parsed.data.services, parsed.data.areas, parsed.data.bio);
  } catch (error) {
    return refusal("coverage", error);
  }
  return done(context, quotePaths.fixerDashboard, fixerCopy.flash.coverageSaved);
}

// ---- /fixer/jobs/:jobId -----------------------------------------------------------------------

/** The fixer's job page for an id that is not one (`parseId` answered null): the page does not exist. */
export function fixerJobNotFound(): never {
  throw data(fixerCopy.errors.not_found, { status: 404 });
}

/** The job's reviews as this fixer sees them: only the fixer who did the work has any (decision 055). */
async function fixerReviewsOfJob(db: DbOrTx, view: Awaited<ReturnType<typeof jobForFixer>>) {
  return view.myQuote?.status === "accepted" ? reviewsOfJob(db, { id: view.card.id, status: view.status }, "fixer") : null;
}

export async function loadFixerJob(context: AppLoadContext, user: SessionUser, jobId: number, request: Request) {
  const db = context.services.db;
  const before = cursorParam(new URL(request.url), "before");
  try {
    const [view, access] = await Promise.all([jobForFixer(db, user.id, jobId), threadAccess(db, user.id, jobId)]);
    const quote = view.myQuote;
    // The fixer's own thread (they may see the job): its latest messages, or the page before `before`.
    const cursor = quote ? await threadCursor(db, jobId, [user.id], before) : null;
    const [pages, pagedNewest, reviews, booking, ratings] = await Promise.all([
      access ? threadPages(db, access, [user.id], cursor) : Promise.resolve(null),
      cursor ? newestMessageId(db, jobId, user.id) : Promise.resolve(0),
      fixerReviewsOfJob(db, view),
      quote ? quoteBookingForFixer(db, quote) : Promise.resolve(null),
      customerRatingsOfJobs(db, [jobId]),
    ]);
    const thread = pages?.[user.id]?.messages ?? [];
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
      /** "Show earlier": the cursor of the thread's page before the one shown (null: none). */
      threadEarlier: pages?.[user.id]?.earlier ?? null,
      /** The thread shows an earlier page ("Back to the latest messages"). */
      threadPaged: cursor !== null,
      /** Where the page's live stream starts: the thread's newest message, shown or not. */
      liveAfter: Math.max(lastMessageId({ [user.id]: thread }), pagedNewest),
      reviews,
      /** The customer's rating from fixers who worked for them: seen before quoting. */
      customerRating: ratings.get(jobId) ?? { average: null, count: 0 },
    };
  } catch (error) {
    if (isQuotesError(error)) throw data(error.message, { status: error.status, headers: privateHeaders });
    throw error;
  }
}

type JobIntent = "quote" | "update-quote" | "withdraw" | "fix-price" | "message" | "reply" | "review-customer" | "mark_read";
const jobIntents: readonly string[] = ["quote", "update-quote", "withdraw", "fix-price", "message", "reply", "review-customer", "mark_read"] satisfies JobIntent[];

/** The quote's proposed slots, written in the quote's own transaction (a range quote's price is fixed again later). */
const withSlots = (fixerUserId: string, slots: Slot[]) => (tx: DbOrTx, quoteId: number) => writeQuoteBookingTerms(tx, bookingQuoteReads, fixerUserId, quoteId, { slots, fixedPricePence: null });

/**
 * Every POST on a fixer's job page, with `intent`. A message's photos are stored while the form is
 * read: they are deleted again unless the message that carries them is posted.
 */
export function fixerJobAction(context: AppLoadContext, user: SessionUser, request: Request, jobId: number) {
  return answerJobPageForm(
    request,
    context.services.storage,
    (refused) => (refused.field === "form" && Object.keys(refused.values).length === 0 ? badRequest("job") : photoUploadAnswer("message", refused)),
    ({ form, photos, keepPhotos }) => answerJobForm(context, user, jobId, form, photos, keepPhotos),
  );
}

async function answerJobForm(context: AppLoadContext, user: SessionUser, jobId: number, form: FormData, photos: StoredJobPhoto[], keepPhotos: () => void) {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !jobIntents.includes(intent)) return badRequest("job");
  // Only a message carries photos.
  if (photos.length > 0 && intent !== "message") return badRequest("job");
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
        if (!myQuote) return refusal("quote", new QuotesError("not_found", fixerCopy.errors.noQuote));
        await updateQuote(deps, user.id, myQuote.id, parsed.data, withSlots(user.id, parsed.data.slots));
        return done(context, here, fixerCopy.flash.quoteUpdated);
      }
      case "withdraw": {
        const { myQuote } = await jobForFixer(deps.db, user.id, jobId);
        if (!myQuote) return refusal("withdraw", new QuotesError("not_found", fixerCopy.errors.noQuote));
        await withdrawQuote(deps, user.id, myQuote.id);
        return done(context, here, fixerCopy.flash.quoteWithdrawn);
      }
      case "fix-price": {
        const parsed = parseSubmission(fixPriceFormSchema, form);
        if (!parsed.ok) return invalid("fix-price", parsed.fieldErrors, parsed.values);
        const { myQuote } = await jobForFixer(deps.db, user.id, jobId);
        if (!myQuote) return refusal("fix-price", new QuotesError("not_found", fixerCopy.errors.noQuote));
        await fixQuotePrice(deps, bookingQuoteReads, user.id, myQuote.id, parsed.data.price);
        return done(context, `${here}#booking`, fixerCopy.flash.priceFixed);
      }
      case "message": {
        const parsed = parseSubmission(messageFormSchema, form, { multiLine: ["body"] });
        if (!parsed.ok) return invalid("message", parsed.fieldErrors, parsed.values);
        const posted = await postMessage(deps, user.id, jobId, { body: parsed.data.body, photos });
        keepPhotos();
        await readUpToAfterReply(deps.db, user.id, jobId, form);
        return done(context, `${here}#messages`, posted.masked ? fixerCopy.flash.messageMasked : fixerCopy.flash.messageSent);
      }
      case "reply": {
        const parsed = parseSubmission(replyFormSchema, form, { multiLine: ["body"] });
        if (!parsed.ok) return invalid("reply", parsed.fieldErrors, parsed.values);
        const reviews = await fixerReviewsOfJob(deps.db, await jobForFixer(deps.db, user.id, jobId));
        const review = reviews?.theirs;
        if (!review || review.removedReason !== null) return refusal("reply", new QuotesError("not_found", fixerCopy.errors.noReview));
        await replyToReview(deps, user.id, review.id, parsed.data.body);
        return done(context, `${here}#review`, fixerCopy.flash.replied);
      }
      case "mark_read":
        return await markReadAnswer(deps.db, user.id, jobId, form);
      case "review-customer": {
        const parsed = parseSubmission(reviewFormSchema, form, { multiLine: ["body"] });
        if (!parsed.ok) return invalid("review", parsed.fieldErrors, parsed.values);
        const { published } = await reviewCustomer(deps, user.id, jobId, parsed.data);
        return done(context, `${here}#review`, published ? fixerCopy.flash.reviewed : fixerCopy.flash.reviewedHidden);
      }
    }
  } catch (error) {
    const formName = intent === "update-quote" ? "quote" : intent === "review-customer" ? "review" : intent;
    return refusal(formName, error);
  }
}

// ---- answers (the one kit: ~/lib/forms/answer.server) -------------------------------------------

const done = (context: AppLoadContext, to: string, flash: { title: string; text: string }) => redirectWithFlash(context, to, { kind: "success", ...flash });
const badRequest = (form: string) => badRequestAnswer(form, { title: fixerCopy.errors.badRequest.title, message: fixerCopy.errors.badRequest.text });
const invalid = (form: string, fieldErrors: FieldErrors, values: FormValues) =>
  invalidAnswer(form, { fieldErrors, values }, { title: fixerCopy.errors.invalid.title, message: fixerCopy.errors.invalid.text });

/** A refusal (a QuotesError, or a BookingError from the booking terms) as the form's answer, titled by its code; anything else is a real failure and is rethrown. */
const refusal = (form: string, error: unknown) =>
  refusalAnswer(form, error, error instanceof RefusalError && error.code in fixerCopy.errorTitles ? { title: fixerCopy.errorTitles[error.code as keyof typeof fixerCopy.errorTitles] } : {});
