import { CalendarDays, MapPin, PoundSterling } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import { NativeSelect } from "~/components/ui/native-select";
import { fees, formatGBP } from "~/content/prices";
import { formatGBPAs } from "~/content/money";
import { fixerShare } from "~/features/bookings/pricing";
import { type Slot } from "~/features/bookings/slots";
import { SlotWindowOptions } from "~/features/bookings/components/slot-window-options";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { findService, services } from "~/content/services";
import { FormAlert } from "~/components/ui/form-alert";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import type { FixerJobCard } from "~/features/quotes/dashboard.server";
import { lastSentKey } from "./thread-key";
import { ThreadPageEnd, ThreadPageLinks } from "./thread-page-links";
import { MessagePhotos, MessagePhotosField } from "./message-photos";
import type { ThreadMessage } from "~/features/live/live-events";
import { lastShownIds } from "./use-mark-read";
import { fixerCopy } from "~/features/quotes/fixer-copy";
import { quotePaths } from "~/features/quotes/paths";
import { budgetBandLabels, jobTimingLabels, poundsToPence, proposedSlotNumbers, quoteLimits, type BudgetBand, type JobTiming } from "~/features/quotes/job-fields";
import { formatLongDate } from "~/content/dates";
import { reviewCopy } from "~/features/quotes/review-copy";

/** The fixer's pages and the public profile: views only; the data and rules come from the loaders. */

export const serviceName = (slug: string) => findService(slug)?.name ?? slug;

export function formatDay(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value;
  return formatLongDate(date);
}

const penceToPounds = (pence: number | null | undefined) => (pence == null ? "" : formatGBPAs(pence, "field"));


export function Section({ id, title, intro, children }: { id: string; title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-xl border border-border bg-card p-4 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A job card as the loader sends it (dates may arrive as text). */
type JobCard = Omit<FixerJobCard, "createdAt"> & { createdAt: Date | string };

const timingText = (job: Pick<JobCard, "timing" | "preferredDate">) =>
  job.timing === "date" && job.preferredDate ? `On ${formatDay(job.preferredDate)}` : (jobTimingLabels[job.timing as JobTiming] ?? job.timing);

/** What a fixer sees of a job before acceptance: never the customer's name, full postcode or contact details. */
export function JobFacts({ job }: { job: JobCard }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      <div className="flex items-center gap-2">
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <dt className="sr-only">Area</dt>
        <dd>{job.district}</dd>
      </div>
      <div className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <dt className="sr-only">When</dt>
        <dd>{timingText(job)}</dd>
      </div>
      <div className="flex items-center gap-2">
        <PoundSterling aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <dt className="sr-only">Budget</dt>
        <dd>{job.budget ? (budgetBandLabels[job.budget as BudgetBand] ?? job.budget) : "No budget given"}</dd>
      </div>
      <div className="flex items-center gap-2 text-muted-foreground">
        <dt className="sr-only">Posted</dt>
        <dd>Posted {formatDay(job.createdAt)}</dd>
      </div>
    </dl>
  );
}

export function JobPhotos({ job, size }: { job: Pick<JobCard, "id" | "photoIds">; size: "thumb" | "large" }) {
  if (!job.photoIds.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {job.photoIds.map((photoId, i) => (
        <li key={photoId}>
          <a href={quotePaths.jobPhoto(job.id, photoId)} className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <img
              src={quotePaths.jobPhoto(job.id, photoId)}
              alt={`Photo ${i + 1} of the job`}
              loading="lazy"
              className={size === "thumb" ? "size-16 rounded-md border border-border object-cover" : "size-32 rounded-md border border-border object-cover sm:size-40"}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function JobListItem({ job }: { job: JobCard }) {
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{serviceName(job.service)}</Badge>
        {job.invited ? <Badge variant="accent">{fixerCopy.invitedBadge}</Badge> : null}
        {job.myQuote ? <Badge variant="success">You quoted: {fixerCopy.quoteStatus[job.myQuote.status] ?? job.myQuote.status}</Badge> : null}
        <span className="text-xs text-muted-foreground">
          {job.liveQuotes} of {quoteLimits.quotesPerJob} quotes
        </span>
      </div>
      <h3 className="mt-2 text-lg font-semibold break-words">
        <Link to={quotePaths.fixerJob(job.id)} className="hover:text-primary hover:underline">
          {job.title}
        </Link>
      </h3>
      {job.customerRating ? <p className="mt-1 text-sm">{reviewCopy.customerRating(job.customerRating.average, job.customerRating.count)}</p> : null}
      <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">{job.description}</p>
      <div className="mt-3">
        <JobFacts job={job} />
      </div>
      <div className="mt-3">
        <JobPhotos job={job} size="thumb" />
      </div>
      <Button asChild size="sm" variant="outline" className="mt-3">
        <Link to={quotePaths.fixerJob(job.id)}>{job.myQuote ? "View job and your quote" : "View job and quote"}</Link>
      </Button>
    </li>
  );
}

// ---- forms --------------------------------------------------------------------------------------

export function CoverageForm({ coverage }: { coverage: { services: string[]; areas: string[]; bio: string } }) {
  const answer = useActionAnswer("coverage");
  const sentServices = answer && "values" in answer && answer.values && Array.isArray(answer.values.services) ? answer.values.services : null;
  const chosen = new Set(sentServices ?? coverage.services);
  const servicesError = answeredError(answer, "services");
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="coverage" />
      <FormAlert answer={answer} />
      <fieldset aria-describedby={servicesError ? "services-error" : undefined} aria-invalid={servicesError ? true : undefined}>
        <legend className="text-sm font-medium">Services you offer</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {services.map((s) => (
            <label key={s.slug} className="flex min-h-11 items-center gap-3 rounded-md border border-border px-3 text-sm has-[:checked]:border-primary">
              <input type="checkbox" name="services" value={s.slug} defaultChecked={chosen.has(s.slug)} className="size-5 accent-primary" />
              {s.name}
            </label>
          ))}
        </div>
        {servicesError ? (
          <p id="services-error" className="mt-2 text-sm font-medium text-destructive">
            {servicesError}
          </p>
        ) : null}
      </fieldset>
      <Field id="areas" label="Areas you cover" required error={answeredError(answer, "areas")} hint="Postcode areas or districts, separated by commas: M, SW1, LS6.">
        {(control) => <Input {...control} name="areas" defaultValue={answeredValue(answer, "areas") ?? coverage.areas.join(", ")} autoComplete="off" />}
      </Field>
      <Field id="bio" label="About you (shown on your public profile)" error={answeredError(answer, "bio")}>
        {(control) => <Textarea {...control} name="bio" maxLength={quoteLimits.bio.max} defaultValue={answeredValue(answer, "bio") ?? coverage.bio} />}
      </Field>
      <Button type="submit" className="self-start">
        Save services and areas
      </Button>
    </Form>
  );
}

type QuoteValues = { priceKind: "fixed" | "range"; amountPence: number; amountToPence: number | null; includes: string; message: string; slots: Slot[] };

/** What the fixer receives for a price as typed (pounds): the price less the service charge; null while it is not a price. */
function netOf(pounds: string): number | null {
  const pence = poundsToPence(pounds);
  return pence === null || pence <= 0 ? null : fixerShare(pence).fixerNetPence;
}

/** "You will receive £X" (or £X–£Y for a range), worked out by the bookings' pricing module as the fixer types. */
function YouWillReceive({ typed }: { typed: { kind: string; amount: string; amountTo: string } }) {
  const from = netOf(typed.amount);
  const to = typed.kind === "range" ? netOf(typed.amountTo) : null;
  return (
    <p aria-live="polite" data-testid="you-will-receive" className="rounded-lg bg-muted p-3 text-sm">
      {from === null ? (
        `You will receive the price less the ${fees.fixerServiceChargePercent}% FixiT service charge, paid once the customer confirms the job is done.`
      ) : (
        <>
          You will receive <strong className="tabular-nums">{to !== null && to > from ? `${formatGBP(from)}–${formatGBP(to)}` : formatGBP(from)}</strong> (the price less the{" "}
          {fees.fixerServiceChargePercent}% FixiT service charge), paid once the customer confirms the job is done.
        </>
      )}
    </p>
  );
}

function SlotFields({ n, slot, answer }: { n: number; slot: Slot | undefined; answer: ReturnType<typeof useActionAnswer> }) {
  const dateName = `slot${n}Date`;
  const windowName = `slot${n}Window`;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field id={dateName} label={`Start slot ${n}: date`} required={n === 1} marks={n === 1} error={answeredError(answer, dateName)}>
        {(control) => <Input {...control} type="date" name={dateName} defaultValue={answeredValue(answer, dateName) ?? slot?.date ?? ""} />}
      </Field>
      <Field id={windowName} label={`Start slot ${n}: time of day`} marks={false} error={answeredError(answer, windowName)}>
        {(control) => (
          <NativeSelect {...control} name={windowName} defaultValue={answeredValue(answer, windowName) ?? slot?.window ?? "morning"}>
            <SlotWindowOptions />
          </NativeSelect>
        )}
      </Field>
    </div>
  );
}

export function QuoteForm({ quote, intent }: { quote: QuoteValues | null; intent: "quote" | "update-quote" }) {
  const answer = useActionAnswer("quote");
  const v = (field: string, fallback: string) => answeredValue(answer, field) ?? fallback;
  const kind = v("priceKind", quote?.priceKind ?? "fixed");
  const [typed, setTyped] = React.useState({ kind, amount: v("amount", penceToPounds(quote?.amountPence)), amountTo: v("amountTo", penceToPounds(quote?.amountToPence)) });
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    setTyped({ kind: String(form.get("priceKind") ?? "fixed"), amount: String(form.get("amount") ?? ""), amountTo: String(form.get("amountTo") ?? "") });
  };
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate onChange={onChange}>
      <input type="hidden" name="intent" value={intent} />
      <FormAlert answer={answer} />
      <fieldset>
        <legend className="text-sm font-medium">Price</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="priceKind" value="fixed" defaultChecked={kind !== "range"} className="size-5 accent-primary" /> Fixed price
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="priceKind" value="range" defaultChecked={kind === "range"} className="size-5 accent-primary" /> From–to range
          </label>
        </div>
        {answeredError(answer, "priceKind") ? <p className="text-sm font-medium text-destructive">{answeredError(answer, "priceKind")}</p> : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="amount" label="Price, or the lower price of a range (£)" required error={answeredError(answer, "amount")}>
          {(control) => <Input {...control} name="amount" inputMode="decimal" defaultValue={v("amount", penceToPounds(quote?.amountPence))} />}
        </Field>
        <Field id="amountTo" label="Top of the range (£)" hint="Only for a range." error={answeredError(answer, "amountTo")} marks={false}>
          {(control) => <Input {...control} name="amountTo" inputMode="decimal" defaultValue={v("amountTo", penceToPounds(quote?.amountToPence))} />}
        </Field>
      </div>
      <Field id="includes" label="What the price includes" required error={answeredError(answer, "includes")}>
        {(control) => <Textarea {...control} name="includes" maxLength={quoteLimits.includes.max} defaultValue={v("includes", quote?.includes ?? "")} />}
      </Field>
      <YouWillReceive typed={typed} />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium">When you can start</legend>
        <p className="text-sm text-muted-foreground">Propose one to three start slots from tomorrow. The customer books one of them, or proposes another for you to confirm.</p>
        {proposedSlotNumbers.map((n) => (
          <SlotFields key={n} n={n} slot={quote?.slots[n - 1]} answer={answer} />
        ))}
      </fieldset>
      <Field id="message" label="Message to the customer" error={answeredError(answer, "message")}>
        {(control) => <Textarea {...control} name="message" maxLength={quoteLimits.quoteMessage.max} defaultValue={v("message", quote?.message ?? "")} />}
      </Field>
      <Button type="submit" className="self-start">
        {intent === "quote" ? "Send quote" : "Save changes"}
      </Button>
    </Form>
  );
}

export function WithdrawForm() {
  const answer = useActionAnswer("withdraw");
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="withdraw" />
      <FormAlert answer={answer} />
      <Button type="submit" variant="outline" className="self-start">
        Withdraw quote
      </Button>
    </Form>
  );
}

export function MessageThread({ jobId, messages, canWrite, earlier = null, paged = false }: { jobId: number; messages: ThreadMessage[]; canWrite: boolean; earlier?: number | null; paged?: boolean }) {
  const answer = useActionAnswer("message");
  return (
    <div className="flex flex-col gap-4">
      <ThreadPageLinks earlier={earlier} paged={paged} anchor="messages" />
      {messages.length ? (
        // Polite: a message that arrives while the page is open is read out after what is being read.
        <ol className="flex flex-col gap-2" aria-live="polite">
          {messages.map((m) => (
            <li key={m.id} data-message-id={m.id} className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.fromMe ? "self-end bg-primary/10" : "self-start bg-muted"}`}>
              <p className="text-xs font-medium text-muted-foreground">
                {m.fromMe ? "You" : "Customer"} · {formatDay(m.createdAt)}
              </p>
              <p className="break-words whitespace-pre-line">{m.hidden ? <em>This message was hidden by FixiT.</em> : m.body}</p>
              <MessagePhotos jobId={jobId} photos={m.photos} from={m.fromMe ? "you" : "the customer"} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      )}
      <ThreadPageEnd paged={paged} anchor={"messages"} />
      {canWrite ? (
        // Keyed by the last message sent from here: a sent message empties the box (no double send);
        // a refused one keeps what was typed.
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate key={lastSentKey(messages)}>
          <input type="hidden" name="intent" value="message" />
          {/* Replying reads the thread as far as it is shown here (decision 090). */}
          <input type="hidden" name="readUpTo" value={lastShownIds([messages])[0] ?? ""} />
          <FormAlert answer={answer} />
          <Field id="body" label="Your message" required error={answeredError(answer, "body")}>
            {(control) => <Textarea {...control} name="body" maxLength={quoteLimits.message.max} defaultValue={answeredValue(answer, "body") ?? ""} />}
          </Field>
          <MessagePhotosField id="message-photos" error={answeredError(answer, "photos")} />
          <Button type="submit" className="self-start">
            Send message
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function ReplyForm() {
  const answer = useActionAnswer("reply");
  return (
    <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value="reply" />
      <FormAlert answer={answer} />
      <Field id="reply-body" label="Your public reply" required error={answeredError(answer, "body")} hint="You can reply once.">
        {(control) => <Textarea {...control} name="body" maxLength={quoteLimits.reply.max} defaultValue={answeredValue(answer, "body") ?? ""} />}
      </Field>
      <Button type="submit" className="self-start">
        Post reply
      </Button>
    </Form>
  );
}

// ---- profiles -----------------------------------------------------------------------------------

