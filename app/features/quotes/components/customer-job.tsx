import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { formatGBP } from "~/content/prices";
import { findService } from "~/content/services";
import { FormAlert } from "~/components/ui/form-alert";
import type { FormResult } from "~/lib/forms/result";
import { useActionAnswer } from "~/lib/forms/use-action-answer";
import { formatPhone } from "~/lib/phone";
import type { CustomerJobPage } from "~/features/quotes/customer-jobs.server";
import { jobsCopy, jobStateLabel } from "~/features/quotes/customer-copy";
import { lastSentKey } from "./thread-key";
import { ThreadPageEnd, ThreadPageLinks } from "./thread-page-links";
import { MessagePhotos, MessagePhotosField } from "./message-photos";
import { JobReviewsSection } from "./job-reviews";
import { reviewCopy } from "~/features/quotes/review-copy";
import { bookingPaths } from "~/features/bookings/paths";
import { PAID_UNSETTLED_STATES } from "~/features/bookings/next-steps";
import { slotLabel } from "~/features/bookings/components/quote-booking-panel";
import { quotePaths } from "~/features/quotes/paths";
import { budgetBandLabels, jobTimingLabels, quoteLimits, type BudgetBand, type JobTiming } from "~/features/quotes/job-fields";
import { formatLongDate } from "~/content/dates";
import { mergeThread, useLiveThreadMessages } from "~/features/live/use-live";
import { lastShownIds, useMarkShownRead } from "./use-mark-read";

export type CustomerJobView = CustomerJobPage & { checkLabels: Record<string, string>; confirmQuoteId: number | null };
type Quote = CustomerJobPage["quotes"][number];

const timeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
const longDate = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

function price(q: Quote) {
  return q.priceKind === "range" && q.amountToPence !== null ? `${formatGBP(q.amountPence)} to ${formatGBP(q.amountToPence)}` : formatGBP(q.amountPence);
}

/** The answer of the last POST, when it is for `form` (a refusal about one quote names it). */
const useAnswer = (form: string) => useActionAnswer<{ quoteId?: number }>(form);

export function CustomerJob({ view: rendered }: { view: CustomerJobView }) {
  // Messages arriving while the page is open (decision 048); without JavaScript the page is as rendered.
  const live = useLiveThreadMessages(rendered.job.id, rendered.liveAfter);
  const threads = Object.fromEntries(rendered.quotes.map((q) => [q.fixer.userId, mergeThread(rendered.threads[q.fixer.userId] ?? [], live, q.fixer.userId)]));
  useMarkShownRead(lastShownIds(Object.values(threads)), rendered);
  const view = { ...rendered, threads };
  const { job, photos, quotes } = view;
  const jobAnswer = useAnswer("job");
  // A refusal about one quote (accept or decline from a stale tab: 409) is shown on that quote's card.
  const onCard = jobAnswer?.status === "error" && typeof jobAnswer.quoteId === "number" && quotes.some((q) => q.id === jobAnswer.quoteId);
  const open = job.status === "open";
  const accepted = quotes.find((q) => q.status === "accepted");
  const stateLabel = jobStateLabel({ ...job, bookingState: view.jobBooking?.state ?? null });
  // A live booking (waiting for payment, or paid and unsettled) is managed on its own page: its cancel and its confirmation replace the job's close and done.
  const liveBooking = view.jobBooking && (view.jobBooking.state === "pending_payment" || PAID_UNSETTLED_STATES.includes(view.jobBooking.state)) ? view.jobBooking : null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/account" className="text-primary hover:underline">
          My Account
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <Link to={quotePaths.customerJobs} className="text-primary hover:underline">
          My jobs
        </Link>
      </nav>

      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={open ? "default" : stateLabel === "Completed" || job.status === "done" ? "success" : job.status === "in_progress" ? "warning" : "outline"}>{stateLabel}</Badge>
          <span className="text-sm text-muted-foreground">
            {findService(job.service)?.name ?? job.service} · {job.postcode} · Posted {formatLongDate(new Date(job.createdAt))}
          </span>
        </div>
        <h1 className="text-3xl font-bold break-words">{job.title}</h1>
        {/* A refusal about a quote no longer shown (withdrawn meanwhile) or about the job: here, in view. */}
        {onCard ? null : <ShownRefusal result={jobAnswer?.status === "error" ? jobAnswer : undefined} testId="job-refusal" />}
        {open && job.waitingSince ? (
          <p className="rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm" data-testid="job-waiting">
            {jobsCopy.waitingNote(job.district)}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="details-title" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-4">
          <h2 id="details-title" className="sr-only">
            Job details
          </h2>
          <p className="break-words whitespace-pre-line">{job.description}</p>
          {photos.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
              {photos.map((p, i) => (
                <li key={p.id}>
                  <a href={quotePaths.jobPhoto(job.id, p.id)} className="block overflow-hidden rounded-lg border border-border">
                    <img src={quotePaths.jobPhoto(job.id, p.id)} alt={`Photo ${i + 1} of the job`} width={p.width ?? 400} height={p.height ?? 300} loading="lazy" className="aspect-[4/3] h-auto w-full object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <dl className="grid h-fit grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-xl border border-border bg-card p-4 text-sm">
          <dt className="font-medium text-muted-foreground">When</dt>
          <dd>{job.timing === "date" && job.preferredDate ? longDate(job.preferredDate) : (jobTimingLabels[job.timing as JobTiming] ?? job.timing)}</dd>
          <dt className="font-medium text-muted-foreground">Budget</dt>
          <dd>{job.budget ? (budgetBandLabels[job.budget as BudgetBand] ?? job.budget) : "Not given"}</dd>
          <dt className="font-medium text-muted-foreground">Quotes</dt>
          <dd>{view.quotesPage.total}</dd>
        </dl>
      </section>

      <p className="rounded-lg bg-secondary/60 p-4 text-sm">{jobsCopy.paymentNote}</p>

      <section aria-labelledby="quotes-title" className="flex flex-col gap-4">
        <h2 id="quotes-title" className="text-2xl font-bold">
          Quotes
        </h2>
        {quotes.length === 0 && view.quotesPage.total === 0 ? (
          <p className="text-muted-foreground">{open ? "No quotes yet. We'll email you as soon as a fixer quotes." : "This job had no quotes."}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {quotes.map((q) => (
              <li key={q.id} id={`quote-${q.id}`}>
                <QuoteCard quote={q} view={view} />
              </li>
            ))}
          </ul>
        )}
        <QuotePageLinks view={view} />
      </section>

      {accepted ? (
        <JobReviewsSection
          reviews={view.reviews}
          titles={{ form: reviewCopy.customer.formTitle(accepted.fixer.displayName), mine: reviewCopy.customer.mineTitle(accepted.fixer.displayName), theirs: reviewCopy.customer.theirsTitle(accepted.fixer.displayName) }}
          otherName={accepted.fixer.displayName}
          intent="review"
          formHint={reviewCopy.customer.formHint}
        />
      ) : null}

      {liveBooking ? (
        <section aria-labelledby="manage-title" className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="job-booking">
          <h2 id="manage-title" className="text-xl font-bold">
            Manage this job
          </h2>
          <p className="text-sm">This job has a booking. Confirm the work, move the slot or cancel on the booking's page: cancelling there shows what is refunded and tells the fixer.</p>
          <Button asChild className="self-start">
            <Link to={bookingPaths.customer(liveBooking.id)}>Open the booking</Link>
          </Button>
        </section>
      ) : open || job.status === "in_progress" ? (
        <section aria-labelledby="manage-title" className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <h2 id="manage-title" className="text-xl font-bold">
            Manage this job
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            {job.status === "in_progress" && !view.jobBooking ? (
              <Form method="post">
                <input type="hidden" name="intent" value="done" />
                <Button type="submit">Mark as done</Button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="close" />
              <Button type="submit" variant="outline">
                Close the job
              </Button>
            </Form>
          </div>
          <p className="text-sm text-muted-foreground">Closing tells fixers still waiting that you've chosen not to go ahead. Mark the job done once the work is finished to review your fixer.</p>
        </section>
      ) : null}
    </div>
  );
}

/** The query that keeps this page of quotes in a link on it ("name=value&"; the first page: none). */
const keepQuotes = (view: CustomerJobView) => (view.quotesPage.after !== null ? `quotesAfter=${view.quotesPage.after}&` : "");

/**
 * Below the quotes (decision 068): "Show more quotes" (a plain link, rel="next", keyset cursor: no
 * JavaScript needed) and, past the first page, the way back to it.
 */
function QuotePageLinks({ view }: { view: CustomerJobView }) {
  const { more, after, total } = view.quotesPage;
  if (more === null && after === null) return null;
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="quote-pages">
      {more !== null ? (
        <Link to={`?quotesAfter=${more}#quotes-title`} rel="next" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          Show more quotes
        </Link>
      ) : null}
      {after !== null ? (
        <Link to="?#quotes-title" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          Back to the first quotes
        </Link>
      ) : null}
      <span className="inline-flex min-h-11 items-center text-muted-foreground">{`${total} quotes in all, oldest first`}</span>
    </p>
  );
}

/** A refusal shown where the pressed button was, and brought into view (it may be far down the page). */
function ShownRefusal({ result, testId }: { result: FormResult | undefined; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.scrollIntoView({ block: "center" });
  }, [result]);
  return result ? (
    <div ref={ref} data-testid={testId}>
      <FormAlert answer={result} />
    </div>
  ) : null;
}

/** The refusal of an action on this quote (accept or decline from a stale tab: 409), in its card. */
function CardRefusal({ quoteId }: { quoteId: number }) {
  const answer = useAnswer("job");
  return <ShownRefusal result={answer?.status === "error" && answer.quoteId === quoteId ? answer : undefined} testId={`quote-${quoteId}-refusal`} />;
}

function QuoteCard({ quote: q, view }: { quote: Quote; view: CustomerJobView }) {
  const { job } = view;
  const open = job.status === "open";
  const booking = view.booking[q.id];
  const bookable = booking?.pricePence != null;
  const confirming = view.confirmQuoteId === q.id && open && q.status === "sent" && !bookable;
  const rating = q.fixer.rating;
  return (
    <article aria-labelledby={`quote-${q.id}-fixer`} className={`flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-card ${q.status === "accepted" ? "border-success" : "border-border"}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={`quote-${q.id}-fixer`} className="text-lg font-semibold">
          <Link to={quotePaths.fixerProfile(q.fixer.slug)} className="text-primary hover:underline">
            {q.fixer.displayName}
          </Link>
        </h3>
        <Badge variant={q.status === "accepted" ? "success" : q.status === "sent" ? "secondary" : "outline"}>{jobsCopy.quoteStatusLabels[q.status] ?? q.status}</Badge>
      </div>
      <CardRefusal quoteId={q.id} />
      <p className="text-sm">{rating !== null ? `★ ${rating.toFixed(1)} from ${q.fixer.reviewCount} ${q.fixer.reviewCount === 1 ? "review" : "reviews"}` : "No reviews yet"}</p>
      <ul className="flex flex-wrap gap-1" aria-label="Verified checks">
        {q.fixer.checks.map((c) => (
          <li key={c}>
            <Badge variant="outline">✓ {view.checkLabels[c] ?? c}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-2xl font-bold">
        {price(q)}
        <span className="ml-2 text-sm font-normal text-muted-foreground">{q.priceKind === "range" ? "price range" : "fixed price"}</span>
      </p>
      <dl className="flex flex-col gap-1 text-sm">
        {booking?.slots.length ? (
          <>
            <dt className="font-medium text-muted-foreground">Can start</dt>
            <dd>
              <ul>
                {booking.slots.map((s) => (
                  <li key={`${s.date}|${s.window}`}>{slotLabel(s)}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : (
          <>
            <dt className="font-medium text-muted-foreground">Earliest start</dt>
            <dd>{longDate(q.earliestStart)}</dd>
          </>
        )}
        {q.priceKind === "range" && booking?.pricePence ? (
          <>
            <dt className="font-medium text-muted-foreground">Price fixed by the fixer</dt>
            <dd>{formatGBP(booking.pricePence)}</dd>
          </>
        ) : null}
        <dt className="font-medium text-muted-foreground">Includes</dt>
        <dd className="break-words whitespace-pre-line">{q.includes}</dd>
        {q.message ? (
          <>
            <dt className="font-medium text-muted-foreground">Message</dt>
            <dd className="break-words whitespace-pre-line">{q.message}</dd>
          </>
        ) : null}
      </dl>

      {q.contact ? (
        <div className="rounded-lg border border-success/50 bg-success/5 p-3 text-sm">
          <p className="font-semibold">Contact {q.contact.name}</p>
          <p>
            <a href={`mailto:${q.contact.email}`} className="inline-block py-1 text-primary [overflow-wrap:anywhere] hover:underline">
              {q.contact.email}
            </a>
          </p>
          {q.contact.phone ? (
            <p>
              <a href={`tel:${q.contact.phone}`} className="inline-block py-1 text-primary hover:underline">
                {formatPhone(q.contact.phone)}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {q.status === "accepted" && booking?.liveBookingId ? (
        <Link to={bookingPaths.customer(booking.liveBookingId)} className="inline-flex min-h-11 items-center justify-center self-start rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
          Open your booking
        </Link>
      ) : q.status === "accepted" ? (
        <Link to={bookingPaths.newBooking(q.id)} className="inline-flex min-h-11 items-center justify-center self-start rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
          Book a date and pay
        </Link>
      ) : null}

      {open && q.status === "sent" ? (
        confirming ? (
          <div role="group" aria-labelledby={`confirm-${q.id}`} className="flex flex-col gap-3 rounded-lg border border-primary bg-secondary p-3">
            <p id={`confirm-${q.id}`} className="text-sm font-medium">
              Accept {q.fixer.displayName}'s quote of {price(q)}? The other quotes will be turned down and you'll both get each other's contact details.
            </p>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="quoteId" value={q.id} />
                <Button type="submit">Yes, accept this quote</Button>
              </Form>
              <Button asChild variant="outline">
                <Link to={`${quotePaths.customerJob(job.id)}?${keepQuotes(view)}#quote-${q.id}`} replace preventScrollReset>
                  Cancel
                </Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-auto flex flex-wrap gap-2">
            {bookable ? (
              // Accepting a bookable quote is booking it: the slot page accepts and books in one.
              <Button asChild>
                <Link to={bookingPaths.newBooking(q.id)}>Accept and book</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to={`?${keepQuotes(view)}accept=${q.id}#quote-${q.id}`} preventScrollReset>
                  Accept
                </Link>
              </Button>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <input type="hidden" name="quoteId" value={q.id} />
              <Button type="submit" variant="outline">
                Decline
              </Button>
            </Form>
          </div>
        )
      ) : null}

      <Thread quote={q} view={view} />
    </article>
  );
}

function Thread({ quote: q, view }: { quote: Quote; view: CustomerJobView }) {
  const { job } = view;
  const messages = view.threads[q.fixer.userId] ?? [];
  const form = `message-${q.fixer.userId}`;
  const answer = useAnswer(form);
  const canWrite = job.status !== "closed" && (job.status === "open" ? q.status === "sent" : q.status === "accepted" && job.status !== "closed");
  if (!canWrite && messages.length === 0) return null;
  const error = answer?.status === "invalid" ? answer.fieldErrors.body : undefined;
  const photosError = answer?.status === "invalid" ? answer.fieldErrors.photos : undefined;
  const typed = answer?.status === "invalid" && typeof answer.values.body === "string" ? answer.values.body : "";
  return (
    <section id={`thread-${q.id}`} aria-labelledby={`thread-${q.id}-title`} className="flex flex-col gap-2 border-t border-border pt-3">
      <h4 id={`thread-${q.id}-title`} className="font-semibold">
        Messages with {q.fixer.displayName}
      </h4>
      <ThreadPageLinks earlier={view.earlier[q.fixer.userId] ?? null} paged={view.pagedThread === q.fixer.userId} anchor={`thread-${q.id}`} keep={keepQuotes(view)} />
      {messages.length ? (
        // Polite: a message that arrives while the page is open is read out after what is being read.
        <ol className="flex flex-col gap-2" aria-live="polite">
          {messages.map((m) => (
            <li key={m.id} data-message-id={m.id} className={`rounded-lg p-2 text-sm ${m.fromMe ? "ml-6 bg-secondary" : "mr-6 bg-muted"}`}>
              <p className="text-xs text-muted-foreground">
                {m.fromMe ? "You" : q.fixer.displayName} · {timeFormat.format(new Date(m.createdAt))}
              </p>
              <p className="break-words whitespace-pre-line">{m.hidden ? <em>This message was hidden by FixiT.</em> : m.body}</p>
              <MessagePhotos jobId={job.id} photos={m.photos} from={m.fromMe ? "you" : q.fixer.displayName} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      )}
      <ThreadPageEnd paged={view.pagedThread === q.fixer.userId} anchor={`thread-${q.id}`} keep={keepQuotes(view)} />
      {canWrite ? (
        // Keyed by the last message sent: a sent message empties the box (no double send); a refused one keeps the text.
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" key={`${lastSentKey(messages)}-${answer?.status === "invalid" ? "again" : "fresh"}`}>
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="fixer" value={q.fixer.userId} />
          <input type="hidden" name="quoteId" value={q.id} />
          {/* Replying reads the thread as far as it is shown here (decision 090). */}
          <input type="hidden" name="readUpTo" value={lastShownIds([messages])[0] ?? ""} />
          {answer?.status === "error" ? <FormAlert answer={answer} /> : null}
          <Field id={`message-${q.id}`} label={`Message ${q.fixer.displayName}`} marks={false} hint={job.status === "open" ? "Phone numbers, emails and links are hidden until you accept a quote." : undefined} error={error}>
            {(control) => <Textarea {...control} name="body" rows={3} maxLength={quoteLimits.message.max} defaultValue={typed} />}
          </Field>
          <MessagePhotosField id={`message-photos-${q.id}`} error={photosError} />
          <Button type="submit" variant="outline" className="self-start">
            Send message
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
