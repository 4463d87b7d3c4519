import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { jobPhotos } from "#server/db/schema/quotes.ts";
import type { StoredJobPhoto } from "./jobs.server";
import type { Flash } from "~/lib/flash";
import { badRequestAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { parseSubmission, refusedHiddenField } from "~/lib/forms/parse";
import { checkTextInput } from "~/lib/text-input";
import type { FormResult } from "~/lib/forms/result";
import { parseId } from "~/lib/ids";
import { formDataOf, photoNotFound, privatePhotoResponse } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import { quotesDeps } from "./access.server";
import { jobsCopy } from "./customer-copy";
import { photoForViewer } from "./dashboard.server";
import { isQuotesError, QuotesError } from "./errors";
import { newestMessageId, postMessage, threadAccess, threadCursor, threadPages } from "./messages.server";
import { lastMessageId, type ThreadMessage } from "~/features/live/live-events";
import { markReadAnswer, readUpToAfterReply } from "./thread-reads.server";
import { answerJobPageForm, photoUploadAnswer } from "./message-photos.server";
import { quotePaths } from "./paths";
import { acceptQuote, closeJob, declineQuote, jobForCustomer, markJobDone, type JobForCustomer } from "./quotes.server";
import { leaveReview } from "./reviews.server";
import { reviewsOfJob, type JobReviews } from "./review-views.server";
import { bookingOfJob } from "~/features/bookings/job-bookings.server";
import { quoteBookingsForCustomer, type QuoteBookingForCustomer } from "~/features/bookings/quote-terms.server";
import type { BookingState } from "~/features/bookings/state-machine";
import { customerMessageFormSchema, reviewFormSchema } from "./schemas";

/**
 * The customer's job page (/account/jobs/:jobId): the job, its photos, the quotes side by side
 * with each fixer's thread, the review once the job is done; and its actions, one POST per intent,
 * each answered with a redirect and a flash (post/redirect/get) or a 4xx with the reason.
 */

type Ctx = AppLoadContext;
export type JobPageResult = FormResult<{ quoteId?: number; fixer?: string }>;

export type CustomerJobPage = JobForCustomer & {
  /** Each fixer's thread: its latest messages, or the earlier page a "Show earlier" link asked for. */
  threads: Record<string, ThreadMessage[]>;
  /** Per fixer: the cursor of the thread's page before the one shown ("Show earlier"; null: none). */
  earlier: Record<string, number | null>;
  /** The fixer whose thread shows an earlier page (its "Back to the latest messages" link), if any. */
  pagedThread: string | null;
  /** Where the page's live stream starts: the newest message of its threads, shown or not. */
  liveAfter: number;
  /** The job's two reviews as the customer sees them (decision 055). */
  reviews: JobReviews;
  /** Per quote id: its start slots, bookable price and live booking (the booking feature's). */
  booking: Record<number, QuoteBookingForCustomer>;
  /** The booking that decides the job's state ("Booked", "Completed") and replaces its own "done" and "close" (issue 52). */
  jobBooking: { id: number; state: BookingState } | null;
};

/**
 * The page's data: the customer's own job only (another's is "not found"). One page of its quotes
 * (`quotesAfter`, decision 068) and only those quotes' threads, each showing its latest messages, all
 * threads read in a fixed number of queries; `before` (a message id of one of the job's threads)
 * shows that thread's page before it instead, its quote shown even when not on the page asked for
 * (any other id: the latest); `quote` shows that quote too, wherever it is in the list.
 */
export async function customerJobPage(
  db: DbOrTx,
  customerUserId: string,
  jobId: number,
  options: { before?: number | null; quotesAfter?: number | null; quote?: number | null } = {},
): Promise<CustomerJobPage> {
  const [cursor, access] = await Promise.all([threadCursor(db, jobId, null, options.before ?? null), threadAccess(db, customerUserId, jobId)]);
  const page = await jobForCustomer(db, customerUserId, jobId, { after: options.quotesAfter ?? null, pinFixerUserId: cursor?.fixerUserId ?? null, pinQuoteId: options.quote ?? null });
  const fixers = page.quotes.map((q) => q.fixer.userId);
  const [pages, jobReviews, booking, jobBooking, pagedNewest] = await Promise.all([
    // jobForCustomer refused anyone but the job's customer, for whom the one thread rule reads every thread.
    access ? threadPages(db, access, fixers, cursor) : Promise.resolve<Awaited<ReturnType<typeof threadPages>>>({}),
    reviewsOfJob(db, page.job, "customer"),
    quoteBookingsForCustomer(db, page.quotes),
    bookingOfJob(db, jobId),
    cursor ? newestMessageId(db, jobId, cursor.fixerUserId) : 0,
  ]);
  const threads: Record<string, ThreadMessage[]> = Object.fromEntries(Object.entries(pages).map(([f, p]) => [f, p.messages]));
  const earlier = Object.fromEntries(Object.entries(pages).map(([f, p]) => [f, p.earlier]));
  return { ...page, threads, earlier, pagedThread: cursor?.fixerUserId ?? null, liveAfter: Math.max(lastMessageId(threads), pagedNewest), reviews: jobReviews, booking, jobBooking };
}

const failedTitle = "That didn't work";

/** The one answer to a job page action: back to the job page (303) with what happened (`?quote=`: with that quote shown, wherever it is in the list). */
function done(context: Ctx, jobId: number, flash: Flash, hash = "") {
  return redirectWithFlash(context, `${quotePaths.customerJob(jobId)}${hash}`, flash);
}

/** A thread's message form is named for its fixer, so the answer shows on that thread's form; a name the rule refuses names none. */
function messageFormName(form: FormData) {
  const fixer = form.get("fixer");
  return `message-${typeof fixer === "string" && checkTextInput(fixer, false).ok ? fixer.slice(0, 80) : ""}`;
}

/**
 * Every POST on a job page: `intent` says which action; the job must be the customer's own. A
 * message's photos are stored while the form is read: they are deleted again unless the message
 * that carries them is posted.
 */
export function customerJobAction(request: Request, context: Ctx, user: SessionUser, jobId: number) {
  return answerJobPageForm(
    request,
    context.services.storage,
    (refused) =>
      refused.field === "form" && Object.keys(refused.values).length === 0
        ? badRequestAnswer("job", { message: refused.message })
        : photoUploadAnswer(messageFormName(formDataOf(refused.values)), refused),
    ({ form, photos, keepPhotos }) => answerJobForm(context, user, jobId, form, photos, keepPhotos),
  );
}

async function answerJobForm(context: Ctx, user: SessionUser, jobId: number, form: FormData, photos: StoredJobPhoto[], keepPhotos: () => void) {
  // The hidden fields before any is used (the forms' schemas check the fields a person types).
  const refusedField = refusedHiddenField(form, ["intent", "quoteId", "fixer", "readUpTo", "seen"]);
  if (refusedField) return badRequestAnswer("job", { message: refusedField.message });
  const deps = quotesDeps(context.services);
  const intent = form.get("intent");
  const quoteId = parseId(form.get("quoteId"));
  // Only a message carries photos.
  if (photos.length > 0 && intent !== "message") return badRequestAnswer("job", { message: "Photos can only be sent with a message." });
  try {
    switch (intent) {
      case "accept":
      case "decline": {
        if (quoteId === null) throw new QuotesError("invalid", "Choose a quote.");
        // The quote must be on this job: a quote of another of the customer's jobs is "not found" here.
        const page = await jobForCustomer(deps.db, user.id, jobId);
        if (!page.quotes.some((q) => q.id === quoteId)) throw new QuotesError("not_found", "There is no such quote on this job.");
        if (intent === "accept") {
          await acceptQuote(deps, user.id, quoteId);
          return done(context, jobId, jobsCopy.flashes.accepted);
        }
        await declineQuote(deps, user.id, quoteId);
        return done(context, jobId, jobsCopy.flashes.declined);
      }
      case "close":
        await closeJob(deps, user.id, jobId);
        return done(context, jobId, jobsCopy.flashes.closed);
      case "done": {
        const { reviewable } = await markJobDone(deps, user.id, jobId);
        return reviewable ? done(context, jobId, jobsCopy.flashes.done, "#review") : done(context, jobId, jobsCopy.flashes.doneNotReviewable);
      }
      case "review": {
        const checked = parseSubmission(reviewFormSchema, form, { multiLine: ["body"] });
        if (!checked.ok) return invalidAnswer("review", checked);
        const { published } = await leaveReview(deps, user.id, jobId, checked.data);
        return done(context, jobId, published ? jobsCopy.flashes.reviewed : jobsCopy.flashes.reviewedHidden, "#review");
      }
      case "message": {
        const checked = parseSubmission(customerMessageFormSchema, form, { multiLine: ["body"] });
        if (!checked.ok) return invalidAnswer(messageFormName(form), checked);
        const sent = await postMessage(deps, user.id, jobId, { body: checked.data.body, fixerUserId: checked.data.fixer, photos });
        keepPhotos();
        await readUpToAfterReply(deps.db, user.id, jobId, form);
        return done(context, jobId, sent.masked ? jobsCopy.flashes.messageMasked : jobsCopy.flashes.messageSent, quoteId !== null ? `?quote=${quoteId}#thread-${quoteId}` : "");
      }
      case "mark_read":
        return await markReadAnswer(deps.db, user.id, jobId, form);
      default:
        return badRequestAnswer("job", { message: "Unknown action. Please reload the page and try again." });
    }
  } catch (error) {
    const formName = intent === "review" ? "review" : intent === "message" ? messageFormName(form) : "job";
    return refusalAnswer(formName, error, { title: failedTitle }, quoteId !== null ? { quoteId } : {});
  }
}

/**
 * A job photo for its customer or a fixer who may open the job; anyone else (and a photo of another
 * job) gets 404. Streamed from private storage, never cached by a shared cache, never sniffed.
 */
export async function jobPhotoResponse(context: Ctx, viewer: SessionUser | null, jobIdParam: string | undefined, photoIdParam: string | undefined): Promise<Response> {
  const jobId = parseId(jobIdParam);
  const photoId = parseId(photoIdParam);
  if (!viewer || jobId === null || photoId === null) return photoNotFound();
  const { db, storage } = context.services;
  const [onJob] = await db.select({ id: jobPhotos.id }).from(jobPhotos).where(and(eq(jobPhotos.id, photoId), eq(jobPhotos.jobId, jobId))).limit(1);
  if (!onJob) return photoNotFound();
  let photo;
  try {
    photo = await photoForViewer(db, viewer.id, photoId);
  } catch (error) {
    if (isQuotesError(error)) return photoNotFound();
    throw error;
  }
  return privatePhotoResponse(storage, photo);
}
