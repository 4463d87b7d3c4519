import { Link } from "react-router";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/_site.fixer.jobs.$jobId";
import { StarRating } from "~/components/content/star-rating";
import { JobReviewsSection } from "~/features/quotes/components/job-reviews";
import { reviewCopy } from "~/features/quotes/review-copy";
import { Badge } from "~/components/ui/badge";
import { requireUser } from "~/features/auth/guard.server";
import { QuoteBookingPanel } from "~/features/bookings/components/quote-booking-panel";
import { formatDay, JobFacts, JobPhotos, MessageThread, QuoteForm, ReplyForm, Section, serviceName, WithdrawForm } from "~/features/quotes/components/fixer-views";
import { formatGBP } from "~/content/prices";
import { fixerCopy } from "~/features/quotes/fixer-copy";
import { fixerJobAction, fixerJobNotFound, loadFixerJob } from "~/features/quotes/fixer-pages.server";
import { quotePaths } from "~/features/quotes/paths";
import { parseId } from "~/lib/ids";
import { quoteLimits } from "~/features/quotes/job-fields";
import { formatPhone } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { mergeThread, useLiveThreadMessages } from "~/features/live/use-live";
import { lastShownIds, useMarkShownRead } from "~/features/quotes/components/use-mark-read";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: "Job", description: "A job near you and your quote.", path: `/fixer/jobs/${params.jobId}`, noindex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const jobId = parseId(params.jobId) ?? fixerJobNotFound();
  const page = await loadFixerJob(context, user, jobId, request);
  return data({ ...page, viewerUserId: user.id }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return fixerJobAction(context, user, request, parseId(params.jobId) ?? fixerJobNotFound());
}

/** A 409 means the job or quote changed elsewhere (accepted, closed): reload it rather than show it stale. */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Marking read changes nothing this page shows (the header's counts are the root's and the live stream's).
  if (formData?.get("intent") === "mark_read") return false;
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function FixerJobPage({ loaderData }: Route.ComponentProps) {
  const { job, status, quote, customer, reviews, booking, customerRating } = loaderData;
  // Messages arriving while the page is open (decision 048); without JavaScript the page is as rendered.
  // The fixer's thread exists once they quote: before that the job's stream is not theirs to open.
  const live = useLiveThreadMessages(quote ? job.id : null, loaderData.liveAfter);
  const thread = mergeThread(loaderData.thread, live, loaderData.viewerUserId);
  useMarkShownRead(lastShownIds([thread]), loaderData);
  const accepted = quote?.status === "accepted";
  const full = !quote && job.liveQuotes >= quoteLimits.quotesPerJob;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <Link to={quotePaths.fixerDashboard} className="text-sm font-medium text-primary hover:underline">
        ← Your jobs
      </Link>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{serviceName(job.service)}</Badge>
          <Badge variant="outline">{fixerCopy.jobStatus[status] ?? status}</Badge>
        </div>
        <h1 className="mt-2 text-3xl font-bold break-words">{job.title}</h1>
        {/* A div, not a p: the stars are a div, which the HTML parser will not keep inside a p (React's hydration error #418). */}
        <div className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          {customerRating.average !== null ? <StarRating rating={Math.round(customerRating.average)} className="[&>svg]:size-4" /> : null}
          <span>{reviewCopy.customerRating(customerRating.average, customerRating.count)}</span>
        </div>
      </div>
      <Section id="job" title="The job">
        <p className="break-words whitespace-pre-line">{job.description}</p>
        <div className="mt-4">
          <JobFacts job={job} />
        </div>
        <div className="mt-4">
          <JobPhotos job={job} size="large" />
        </div>
      </Section>

      {customer ? (
        <Section id="contact" title={fixerCopy.job.contactTitle}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-muted-foreground">Name</dt>
            <dd className="break-words">{customer.name}</dd>
            <dt className="font-medium text-muted-foreground">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${customer.email}`} className="text-primary hover:underline">
                {customer.email}
              </a>
            </dd>
            <dt className="font-medium text-muted-foreground">Phone</dt>
            <dd>{customer.phone ? formatPhone(customer.phone) : "Not given"}</dd>
            <dt className="font-medium text-muted-foreground">Postcode</dt>
            <dd>{customer.postcode}</dd>
          </dl>
        </Section>
      ) : null}

      {quote ? (
        <Section id="quote" title={fixerCopy.job.yourQuoteTitle}>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold tabular-nums">
              {quote.priceKind === "range" && quote.amountToPence ? `${formatGBP(quote.amountPence)}–${formatGBP(quote.amountToPence)}` : formatGBP(quote.amountPence)}
            </span>
            <Badge variant={accepted ? "success" : "secondary"}>{fixerCopy.quoteStatus[quote.status] ?? quote.status}</Badge>
          </p>
          <p className="mt-2 text-sm">Earliest start: {formatDay(quote.earliestStart)}</p>
          {booking ? (
            <div id="booking" className="mt-4 border-t border-border pt-4">
              <QuoteBookingPanel booking={booking} quote={quote} />
            </div>
          ) : null}
          {quote.status === "sent" && status === "open" ? (
            <div className="mt-4 flex flex-col gap-6">
              <details className="rounded-lg border border-border p-3">
                <summary className="cursor-pointer font-medium">Change your quote</summary>
                <div className="mt-3">
                  <QuoteForm quote={{ ...quote, slots: booking?.slots ?? [] }} intent="update-quote" />
                </div>
              </details>
              <WithdrawForm />
            </div>
          ) : null}
        </Section>
      ) : status === "open" ? (
        <Section id="send-quote" title={fixerCopy.job.quoteTitle} intro={fixerCopy.job.quoteIntro}>
          {full ? (
            <p role="status" className="text-sm">
              {`This job already has ${quoteLimits.quotesPerJob} quotes and is closed to new ones.`}
            </p>
          ) : (
            <QuoteForm quote={null} intent="quote" />
          )}
        </Section>
      ) : null}

      {quote ? (
        <Section id="messages" title={fixerCopy.job.messagesTitle} intro={accepted ? undefined : fixerCopy.job.maskedNote}>
          <MessageThread
            jobId={job.id}
            messages={thread}
            canWrite={status !== "closed" && (quote.status === "sent" || accepted)}
            earlier={loaderData.threadEarlier}
            paged={loaderData.threadPaged}
          />
        </Section>
      ) : null}

      {reviews ? (
        <JobReviewsSection
          reviews={reviews}
          titles={{ form: reviewCopy.fixer.formTitle, mine: reviewCopy.fixer.mineTitle, theirs: reviewCopy.fixer.theirsTitle }}
          otherName={customer?.name ?? "the customer"}
          intent="review-customer"
          formHint={reviewCopy.fixer.formHint}
        >
          {reviews.theirs && reviews.theirs.removedReason === null && !reviews.theirs.reply ? <ReplyForm /> : null}
        </JobReviewsSection>
      ) : null}
    </div>
  );
}
