import type * as React from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatUkDateTime } from "~/content/dates";
import { caseAnswerHours, fees, formatGBP, freeCancellationHours } from "~/content/prices";
import { FormAlert } from "~/components/ui/form-alert";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import type { BookingPage, NewBookingPage } from "~/features/bookings/pages.server";
import { addressLimits, bookingTextLimit, casePhotoLimit, donePhotoLimit, tooManyCasePhotos, tooManyDonePhotos } from "~/features/bookings/form-limits";
import { CaseSides, caseTitles } from "~/features/bookings/components/case-panel";
import { DonePhotos } from "~/features/bookings/components/done-photos";
import { ExtrasSection } from "~/features/bookings/components/extras-panel";
import { PayoutPrompt } from "~/features/bookings/components/payout-prompt";
import { ON_ITS_WAY_TEXT } from "~/features/bookings/earnings";
import { PhotosField } from "~/components/photos";
import { PHOTO_FIELD } from "~/lib/photos/limits";
import { isCallOutSlot, slotText } from "~/features/bookings/slots";
import { callOutWords } from "~/features/bookings/call-out";
import { CallOutPanel } from "~/features/bookings/components/call-out-panel";
import { SlotWindowOptions } from "~/features/bookings/components/slot-window-options";

/** The booking pages' views: figures, timeline and plain forms (each works without JavaScript). */

/** Every time is UK time (~/content/dates). */
const when = (iso: string) => formatUkDateTime(new Date(iso));

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-border pt-2 font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/** What opens when the slot starts, said before then (bookings.server.ts refuses it until then). */
const OPENS_AT_SLOT: Partial<Record<BookingPage["opensAtSlot"][number], string>> = {
  mark_done: "Once the slot has started, you can mark the job done here.",
  report_no_show: `If the fixer does not come, you can tell us here once the slot has started. The fixer then has ${caseAnswerHours} hours to answer; the money stays held until it is settled.`,
};

/** Price, fee, promotions and total (customer), or price, service charge and net (fixer). */
export function BookingFigures({ page }: { page: Pick<BookingPage, "role" | "amounts"> & { state?: BookingPage["state"] } }) {
  const a = page.amounts;
  if (page.role === "fixer") {
    // While a claim is open the money may go back to the customer: what the fixer gets depends on the case.
    const caseOpen = page.state === "claim_open" || page.state === "claim_contested";
    return (
      <dl className="text-sm">
        <Row label="Price" value={formatGBP(a.pricePence)} />
        <Row label={`FixiT service charge (${fees.fixerServiceChargePercent}%)`} value={`−${formatGBP(a.fixerChargePence)}`} />
        <Row label={caseOpen ? "You receive, only if the case is decided for you" : "You will receive"} value={formatGBP(a.fixerNetPence)} strong />
      </dl>
    );
  }
  return (
    <dl className="text-sm">
      <Row label="Price" value={formatGBP(a.pricePence)} />
      {a.discountPence > 0 ? <Row label="Early-bird discount (paid by FixiT)" value={`−${formatGBP(a.discountPence)}`} /> : null}
      <Row label={`Customer service fee (${fees.customerServiceFeePercent}%)`} value={formatGBP(a.customerFeePence)} />
      {a.creditPence > 0 ? <Row label="Referral credit" value={`−${formatGBP(a.creditPence)}`} /> : null}
      <Row label="Total" value={formatGBP(a.totalPence)} strong />
    </dl>
  );
}

function ActionForm({ intent, label, variant, encType, children }: { intent: string; label: string; variant?: "outline" | "destructive"; encType?: "multipart/form-data"; children?: React.ReactNode }) {
  const answer = useActionAnswer(intent);
  return (
    <Form method="post" encType={encType} className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormAlert answer={answer} />
      {children}
      <Button type="submit" variant={variant} className="self-start">
        {label}
      </Button>
    </Form>
  );
}

function ReasonField({ form, name, label, required, hint }: { form: string; name: string; label: string; required?: boolean; hint?: string }) {
  const answer = useActionAnswer(form);
  return (
    <Field id={`${form}-${name}`} label={label} required={required} error={answeredError(answer, name)} hint={hint}>
      {(control) => <Textarea {...control} name={name} maxLength={bookingTextLimit} defaultValue={answeredValue(answer, name) ?? ""} />}
    </Field>
  );
}

/** A field of an action the page renders from the process table (process.ts `PageField`). */
function TableActionField({ form, field }: { form: string; field: BookingPage["tableActions"][number]["fields"][number] }) {
  const answer = useActionAnswer(form);
  if (field.multiline) return <ReasonField form={form} name={field.name} label={field.label} required={(field.min ?? 0) > 0} hint={field.hint} />;
  return (
    <Field id={`${form}-${field.name}`} label={field.label} required={(field.min ?? 0) > 0} error={answeredError(answer, field.name)} hint={field.hint}>
      {(control) => <Input {...control} name={field.name} maxLength={bookingTextLimit} defaultValue={answeredValue(answer, field.name) ?? ""} />}
    </Field>
  );
}

/** Mark done's photo picker: up to 3, sent with the note in one plain multipart POST. */
function DonePhotosField() {
  const answer = useActionAnswer("mark_done");
  return <PhotosField id="mark_done-photos" label="Photos of the work" max={donePhotoLimit} tooMany={tooManyDonePhotos} error={answeredError(answer, PHOTO_FIELD)} />;
}

/** A case's photo picker (the customer's claim, the fixer's contesting answer): up to 3, in one plain multipart POST. */
function CasePhotosField({ form, label }: { form: string; label: string }) {
  const answer = useActionAnswer(form);
  return <PhotosField id={`${form}-photos`} label={label} max={casePhotoLimit} tooMany={tooManyCasePhotos} error={answeredError(answer, PHOTO_FIELD)} />;
}

/** The case on this booking (decision 064): both sides, and for the fixer while it is open, agree or contest. */
function CaseSection({ page }: { page: BookingPage }) {
  const view = page.case!;
  const can = (name: BookingPage["actions"][number]) => page.actions.includes(name);
  return (
    <Section id="case" title={caseTitles[view.kind]}>
      <CaseSides bookingId={page.id} view={view} viewer={page.role} />
      {page.role === "fixer" && view.kind === "no_show" && !view.outcome ? (
        <p className="text-sm">
          This claim records a strike on your account. It counts towards pausing your leads only if you agree, do not answer in time, or FixiT staff uphold it after you contest it.
        </p>
      ) : null}
      {can("agree_claim") ? (
        <ActionForm intent="agree_claim" label="Agree: settle it as claimed" variant="outline">
          <p className="text-sm text-muted-foreground">
            {view.kind === "no_show"
              ? "The customer is refunded in full and the strike counts as not contested."
              : `The late-cancellation fee of ${formatGBP(page.amounts.lateFeePence)} is paid to you and the rest refunded to the customer.`}
          </p>
        </ActionForm>
      ) : null}
      {can("contest_claim") ? (
        <ActionForm intent="contest_claim" label="Contest it" encType="multipart/form-data">
          <ReasonField form="contest_claim" name="answer" label="Your answer (the customer and FixiT staff see it)" required hint="What happened, in your words. FixiT staff decide with both sides in front of them." />
          <CasePhotosField form="contest_claim" label="Photos" />
        </ActionForm>
      ) : null}
    </Section>
  );
}

/** Moving the booking to a new slot (decision 054): the open proposal to answer or wait on, and the form to propose one. */
function SlotMove({ page }: { page: BookingPage }) {
  const answer = useActionAnswer("propose_slot");
  const other = page.role === "customer" ? "fixer" : "customer";
  const proposal = page.slotProposal;
  return (
    <Section id="move" title="Move the booking">
      {proposal && !proposal.mine ? (
        <div className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3">
          <p>
            The {other} proposes to move the booking to <strong>{slotText(proposal.slot)}</strong>. Until you answer, the booking keeps its slot.
          </p>
          <div className="flex flex-wrap gap-3">
            <ActionForm intent="accept_new_slot" label="Accept the new slot">
              <input type="hidden" name="proposal" value={proposal.id} />
            </ActionForm>
            <ActionForm intent="decline_new_slot" label="Decline it" variant="outline">
              <input type="hidden" name="proposal" value={proposal.id} />
            </ActionForm>
          </div>
        </div>
      ) : null}
      {proposal?.mine ? (
        <p role="status">
          You proposed {slotText(proposal.slot)}. Waiting for the {other} to accept or decline; until then the booking keeps its slot.
        </p>
      ) : null}
      {page.canProposeSlot ? (
        <details className="rounded-lg border border-border p-3" open={answer !== undefined}>
          <summary className="min-h-11 cursor-pointer content-center font-medium">{proposal?.mine ? "Propose a different slot" : "Propose a new slot"}</summary>
          <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
            <input type="hidden" name="intent" value="propose_slot" />
            <FormAlert answer={answer} />
            <p className="text-sm text-muted-foreground">
              The {other} accepts or declines it. If they accept, free cancellation moves with the slot: it ends {freeCancellationHours} hours before the new one.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id="propose-date" label="New date" required error={answeredError(answer, "date")}>
                {(control) => <Input {...control} type="date" name="date" defaultValue={answeredValue(answer, "date") ?? ""} />}
              </Field>
              <Field id="propose-window" label="Time of day" required error={answeredError(answer, "window")}>
                {(control) => (
                  <NativeSelect {...control} name="window" defaultValue={answeredValue(answer, "window") ?? page.slot.window}>
                    <SlotWindowOptions />
                  </NativeSelect>
                )}
              </Field>
            </div>
            <Button type="submit" variant="outline" className="self-start">
              Propose this slot
            </Button>
          </Form>
        </details>
      ) : null}
    </Section>
  );
}

/** Where the money went, from the ledger (never the quote's split): shown once the booking is settled. */
export function BookingOutcome({ page }: { page: Pick<BookingPage, "role" | "amounts" | "outcome"> & { extras?: BookingPage["extras"] } }) {
  const o = page.outcome;
  if (!o) return null;
  // Extra charges the customer paid (decision 084) were paid, and settled, with the booking.
  const paidExtras = (page.extras?.extras ?? []).filter((e) => e.state === "paid" || e.state === "released" || e.state === "refunded");
  const paidPence = page.amounts.totalPence + paidExtras.reduce((sum, e) => sum + e.totalPence, 0);
  const agreedPence = page.amounts.pricePence + paidExtras.reduce((sum, e) => sum + e.pricePence, 0);
  if (page.role === "fixer") {
    if (!o.settled) return null;
    const status: Record<typeof o.payout, string> = {
      none: "Nothing is paid to you for this booking: the customer was refunded.",
      paid_out: "Paid out: transferred to your payout account.",
      on_its_way: ON_ITS_WAY_TEXT,
      transferring: "Released to you: being transferred to your payout account.",
      waiting_for_account: "Released to you, waiting for your payout account: connect one to receive it.",
    };
    return (
      <div className="flex flex-col gap-2" data-testid="booking-outcome">
        <dl className="text-sm">
          <Row label={paidExtras.length ? "Agreed price with extra charges" : "Agreed price"} value={formatGBP(agreedPence)} />
          <Row label="You receive" value={formatGBP(o.fixerEarnedPence)} strong />
        </dl>
        <p className="text-sm">{status[o.payout]}</p>
      </div>
    );
  }
  const refundsOwed = o.refundedPence + o.unusedPaymentsRefundedPence;
  return (
    <div className="flex flex-col gap-2" data-testid="booking-outcome">
      {o.settled ? (
        <dl className="text-sm">
          <Row label={paidExtras.length ? "You paid, with extra charges" : "You paid"} value={formatGBP(paidPence)} />
          <Row label="Refunded to your card" value={o.refundedPence > 0 ? `−${formatGBP(o.refundedPence)}` : formatGBP(0)} />
          {o.creditReturnedPence > 0 ? <Row label="Referral credit given back" value={formatGBP(o.creditReturnedPence)} /> : null}
          <Row label="Cost to you" value={formatGBP(Math.max(0, paidPence - o.refundedPence))} strong />
        </dl>
      ) : null}
      {o.unusedPaymentsRefundedPence > 0 ? (
        <p className="text-sm">A second payment of {formatGBP(o.unusedPaymentsRefundedPence)} was not needed and is refunded to your card in full.</p>
      ) : null}
      {refundsOwed > 0 ? <p className="text-sm">{o.refundSentPence >= refundsOwed ? "The refund has been sent to your card." : "The refund is on its way to your card."}</p> : null}
    </div>
  );
}

/** The cancellation terms as they stand: before paying, while booked, and whether free cancellation had already passed. */
function CancellationTerms({ page }: { page: BookingPage }) {
  if (page.callOut) return <p className="text-sm text-muted-foreground">{callOutWords.cancellation(formatGBP(page.amounts.lateFeePence), page.role === "customer", page.state !== "pending_payment")}</p>;
  const c = page.cancellation;
  const until = when(page.freeCancellationUntil);
  const fee = formatGBP(page.amounts.lateFeePence);
  const customer = page.role === "customer";
  // Said to its reader: the fee goes to "the fixer" on the customer's page and to "you" on the fixer's.
  const toFixer = customer ? "goes to the fixer" : "goes to you";
  let free: string;
  if (page.state === "pending_payment" && c.passedNow) {
    free = `Free cancellation for this slot has already ended (it ended ${until}, ${freeCancellationHours} hours before the slot). If you pay and then cancel, the late-cancellation fee of ${fee} ${toFixer}.`;
  } else if (c.passedAtBooking) {
    free = `Free cancellation had already ended when this booking was paid (it ended ${until}, ${freeCancellationHours} hours before the slot). A cancellation by the customer costs the late-cancellation fee of ${fee}, which ${toFixer}.`;
  } else if (c.passedNow) {
    free = `Free cancellation ended ${until}. A cancellation by the customer now costs the late-cancellation fee of ${fee}, which ${toFixer}.`;
  } else {
    free = `Free cancellation until ${until} (${freeCancellationHours} hours before the slot). After that, a late-cancellation fee of ${fee} ${toFixer}.`;
  }
  return (
    <p className="text-sm text-muted-foreground">
      {free} {customer ? "If the fixer cancels or does not come, you get everything back." : "If you cancel or do not come, the customer gets everything back."}
    </p>
  );
}

/** What cancelling now does, stated before the person confirms it. */
function CancelPreview({ page }: { page: BookingPage }) {
  const c = page.cancellation.ifCustomerCancels;
  if (page.role === "fixer") {
    return (
      <p className="text-sm">
        If you cancel now, the customer is refunded in full ({formatGBP(page.cancellation.refundIfFixerCancelsPence)}), you receive nothing for this booking, and you get a strike; three in 90 days pause new jobs.
      </p>
    );
  }
  if (!c) return null;
  const text = c.unpaid
    ? "Nothing has been paid, so there is nothing to refund."
    : c.late
      ? `Cancelling now is late: the late-cancellation fee of ${formatGBP(c.feePence)} goes to the fixer, and ${formatGBP(c.refundPence)} is refunded to your card.`
      : `Cancelling now is free: ${formatGBP(c.refundPence)} is refunded to your card.`;
  return (
    <p className="text-sm font-medium" data-testid="cancel-preview">
      {text}
    </p>
  );
}

export function BookingView({ page }: { page: BookingPage }) {
  const generic = useActionAnswer("booking");
  const cancelAnswer = useActionAnswer("cancel");
  const noShowAnswer = useActionAnswer("report_no_show");
  const customer = page.role === "customer";
  const can = (name: BookingPage["actions"][number]) => page.actions.includes(name);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{customer ? "Your booking" : "Booking"}</p>
        <h1 className="text-3xl font-bold tracking-tight">{page.title}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{page.stateLabel}</Badge>
          {page.callOut ? null : <span>{slotText(page.slot)}</span>}
        </p>
        {page.frozen ? (
          <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
            A card payment dispute is open with the bank: nothing is paid out until it is settled.
          </p>
        ) : null}
      </div>
      <FormAlert answer={generic} />
      <CallOutPanel page={page} />
      {/* An extra waiting for the customer comes first: the job cannot be confirmed until it is answered (decision 084). */}
      {customer && page.extras.blocksConfirm ? <ExtrasSection panel={page.extras} role={page.role} /> : null}

      <Section id="money" title={page.outcome?.settled ? (customer ? "What you paid and got back" : "What you receive") : customer ? "What you pay" : "What you receive"}>
        {!customer ? <PayoutPrompt pence={page.payoutPrompt} /> : null}
        {page.outcome?.settled ? <BookingOutcome page={page} /> : <BookingFigures page={page} />}
        {page.outcome?.settled ? null : (
          <>
            {page.outcome ? <BookingOutcome page={page} /> : null}
            {/* While a case is open the case panel says what the money waits for instead. */}
            {page.state === "claim_open" || page.state === "claim_contested" ? null : (
              <p className="text-sm text-muted-foreground">
                {customer
                  ? "The money is held by FixiT until you confirm the job is done; then the fixer is paid."
                  : "The customer's payment is held by FixiT until they confirm the job is done; then it is paid to your payout account."}
              </p>
            )}
            {/* The terms matter while the booking can still be cancelled (before the work is marked done). */}
            {page.state === "pending_payment" || page.state === "awaiting_fixer_confirmation" || page.state === "booked" ? <CancellationTerms page={page} /> : null}
            {page.state === "booked" && isCallOutSlot(page.slot) ? <p className="text-sm text-muted-foreground">{callOutWords.afterArrival(page.slot, customer)}</p> : null}
            {page.state === "booked" && !page.callOut ? (
              <p className="text-sm text-muted-foreground">
                {customer
                  ? `A cancellation after the slot has started opens a case: the fixer has ${caseAnswerHours} hours to answer, and FixiT staff decide if they contest it.`
                  : `If the customer says you did not come, or cancels after the slot started, you have ${caseAnswerHours} hours to answer; FixiT staff decide if you contest it.`}
              </p>
            ) : null}
          </>
        )}
        {customer && page.state === "pending_payment" ? (
          <ActionForm intent="pay" label={`Pay ${formatGBP(page.amounts.totalPence)}`}>
            {/* A call-out is paid with the address the fixer comes to (decision 083). */}
            {page.callOut && !page.address ? (
              <AddressFields form="pay" postcode={page.callOut.postcode} note={callOutWords.addressNote} />
            ) : null}
          </ActionForm>
        ) : null}
      </Section>

      {page.address ? (
        <Section id="address" title="Where">
          <address className="not-italic" data-testid="booking-address">
            {page.address.lines.map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
          </address>
          {page.address.accessNotes ? (
            <p className="break-words whitespace-pre-line">
              <span className="font-medium">Access notes: </span>
              {page.address.accessNotes}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {customer ? "Your fixer sees this once you have paid, until the booking is settled." : "Only you see this, while the booking is live. Please keep it private."}
          </p>
        </Section>
      ) : !customer && page.state === "pending_payment" ? (
        <p className="text-sm text-muted-foreground">The customer's address appears here once they have paid.</p>
      ) : null}

      {page.doneNote || page.donePhotos.length ? (
        <Section id="done-note" title={page.doneNote ? "The fixer's note" : "The fixer's photos"}>
          {page.doneNote ? <p className="whitespace-pre-line break-words">{page.doneNote}</p> : null}
          <DonePhotos bookingId={page.id} photos={page.donePhotos} from={customer ? "the fixer" : "you"} />
        </Section>
      ) : null}

      {page.case ? <CaseSection page={page} /> : null}

      {!(customer && page.extras.blocksConfirm) && (page.extras.extras.length || page.extras.canAdd || page.extras.addRefusal) ? <ExtrasSection panel={page.extras} role={page.role} /> : null}

      {page.actions.some((a) => a !== "agree_claim" && a !== "contest_claim") || page.opensAtSlot.length ? (
        <Section id="actions" title="What next">
          {/* A claim sent before it opens (a page left open) is refused with a sentence: said here, where the form will be. */}
          {page.opensAtSlot.includes("report_no_show") ? <FormAlert answer={noShowAnswer} /> : null}
          {page.opensAtSlot.map((name) => (
            <p key={name} className="text-sm text-muted-foreground">
              {name === "report_no_show" && isCallOutSlot(page.slot) ? callOutWords.noShowOpens(page.slot) : OPENS_AT_SLOT[name]}
            </p>
          ))}
          {can("confirm_done") ? <ActionForm intent="confirm_done" label="Confirm the job is done" /> : null}
          {can("report_problem") ? (
            <ActionForm intent="report_problem" label="Report a problem" variant="outline">
              <ReasonField form="report_problem" name="reason" label="What went wrong?" required hint="FixiT staff read this; the money stays held while they decide." />
            </ActionForm>
          ) : null}
          {can("confirm_slot") ? <ActionForm intent="confirm_slot" label="Confirm this slot" /> : null}
          {can("decline_slot") ? <ActionForm intent="decline_slot" label="Decline this slot" variant="outline" /> : null}
          {can("mark_done") ? (
            <ActionForm intent="mark_done" label="Mark the job done" encType="multipart/form-data">
              <ReasonField form="mark_done" name="note" label="A note for the customer" hint="What you did, in a line or two." />
              <DonePhotosField />
            </ActionForm>
          ) : null}
          {can("report_no_show") ? (
            <details className="rounded-lg border border-border p-3" open={noShowAnswer !== undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-medium">The fixer did not come</summary>
              <div className="mt-3">
                <ActionForm intent="report_no_show" label="Send to the fixer" variant="outline" encType="multipart/form-data">
                  <p className="text-sm text-muted-foreground">
                    The fixer has {caseAnswerHours} hours to agree or contest it. If they agree or do not answer, you are refunded in full; if they contest it, FixiT staff decide. The money stays held until then.
                  </p>
                  <ReasonField form="report_no_show" name="reason" label="What happened? (the fixer and FixiT staff see this)" />
                  <CasePhotosField form="report_no_show" label="Photos" />
                </ActionForm>
              </div>
            </details>
          ) : null}
          {page.tableActions.map((action) => (
            <ActionForm key={action.intent} intent={action.intent} label={action.label} variant={action.variant ?? undefined}>
              {action.hint ? <p className="text-sm text-muted-foreground">{action.hint}</p> : null}
              {action.fields.map((field) => (
                <TableActionField key={field.name} form={action.intent} field={field} />
              ))}
            </ActionForm>
          ))}
          {can("cancel") ? (
            <details className="rounded-lg border border-border p-3" open={cancelAnswer !== undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-medium">Cancel the booking</summary>
              <div className="mt-3">
                <ActionForm intent="cancel" label="Cancel the booking" variant="destructive">
                  {/* After the slot started the cancellation is a case; the fee and refund it settles with are still stated first. */}
                  <CancelPreview page={page} />
                  {customer && page.slotStarted ? (
                    <p className="text-sm text-muted-foreground">
                      The slot has started: the fixer has {caseAnswerHours} hours to answer your cancellation. If they agree or do not answer, the late-cancellation terms apply; if they contest it, FixiT staff decide.
                    </p>
                  ) : null}
                  <ReasonField form="cancel" name="reason" label={customer ? "Why are you cancelling?" : "Why are you cancelling? (the customer sees this)"} required={!customer} />
                </ActionForm>
              </div>
            </details>
          ) : null}
        </Section>
      ) : null}

      {page.canProposeSlot || page.slotProposal ? <SlotMove page={page} /> : null}

      <Section id="timeline" title="Timeline">
        <ol className="flex flex-col gap-2 text-sm">
          {page.timeline.map((t) => (
            <li key={t.id} className="flex flex-col border-l-2 border-primary/40 pl-3">
              <span className="font-medium">
                {t.label}
                {t.slot ? `: ${slotText(t.slot)}` : ""}
              </span>
              <span className="text-muted-foreground">{when(t.at)}</span>
              {t.reason ? <span className="break-words whitespace-pre-line">Reason: {t.reason}</span> : null}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

export const newBookingCopy = {
  acceptNote: "Booking accepts this quote: the other quotes are turned down, and you and the fixer get each other's contact details.",
  acceptAndContinue: "Accept and continue to payment",
  continue: "Continue to payment",
} as const;

export function NewBookingView({ page }: { page: NewBookingPage }) {
  const answer = useActionAnswer("book");
  const chosen = answeredValue(answer, "slot") ?? (page.fixerSlots[0] ? `${page.fixerSlots[0].date}|${page.fixerSlots[0].window}` : "own");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div>
        <p className="text-sm text-muted-foreground">{page.accepting ? `Accept and book ${page.fixerName}'s quote` : "Book and pay"}</p>
        <h1 className="text-3xl font-bold tracking-tight">{page.title}</h1>
        {page.accepting && page.pricePence !== null ? <p className="mt-2 text-sm">{newBookingCopy.acceptNote}</p> : null}
      </div>
      {page.pricePence === null ? (
        <Section id="price" title="Waiting for a fixed price">
          <p>
            {page.fixerName} quoted a range{page.range ? ` of ${formatGBP(page.range.fromPence)} to ${formatGBP(page.range.toPence)}` : ""}. They fix one price before the job can be booked
            {page.accepting ? ": you can accept the quote on your job's page now, so you can talk, and book once the price is fixed." : "; you will get an email when they do."}
          </p>
        </Section>
      ) : (
        <Form method="post" className="flex flex-col gap-6" noValidate>
          <FormAlert answer={answer} />
          <Section id="slot" title="Choose when">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm text-muted-foreground">The fixer can start at these times. Or propose your own: the fixer then has 24 hours to confirm it, or you are refunded in full.</legend>
              {page.fixerSlots.map((slot, i) => {
                const value = `${slot.date}|${slot.window}`;
                const terms = page.fixerSlotCancellation[i];
                return (
                  <label key={value} className="flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 py-2">
                    <input type="radio" name="slot" value={value} defaultChecked={chosen === value} className="size-4 shrink-0" />
                    <span className="flex flex-col">
                      {slotText(slot)}
                      {terms && page.lateFeePence !== null ? (
                        <span className="text-sm text-muted-foreground">
                          {terms.passed
                            ? `Free cancellation has already ended for this slot (it starts in less than ${freeCancellationHours} hours): if you cancel after paying, the late-cancellation fee of ${formatGBP(page.lateFeePence)} goes to the fixer.`
                            : `Free cancellation until ${when(terms.freeUntil)}.`}
                        </span>
                      ) : null}
                    </span>
                  </label>
                );
              })}
              <label className="flex min-h-11 items-center gap-3 rounded-lg border border-border px-3">
                <input type="radio" name="slot" value="own" defaultChecked={chosen === "own"} className="size-4" />
                Propose another time
              </label>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id="own-date" label="Your date" marks={false} hint="When you propose another time." error={answeredError(answer, "ownDate")}>
                {(control) => <Input {...control} type="date" name="ownDate" defaultValue={answeredValue(answer, "ownDate") ?? ""} />}
              </Field>
              <Field id="own-window" label="Time of day" marks={false} hint="When you propose another time." error={answeredError(answer, "ownWindow")}>
                {(control) => (
                  <NativeSelect {...control} name="ownWindow" defaultValue={answeredValue(answer, "ownWindow") ?? "morning"}>
                    <SlotWindowOptions />
                  </NativeSelect>
                )}
              </Field>
            </div>
          </Section>
          <AddressSection page={page} />
          <Section id="price" title="Price">
            <dl className="text-sm">
              <Row label="Price" value={formatGBP(page.pricePence)} />
              <Row label={`Customer service fee (${fees.customerServiceFeePercent}%)`} value={`added at checkout`} />
            </dl>
            <p className="text-sm text-muted-foreground">
              The next page shows the fee, any early-bird discount or referral credit, the total and the cancellation rules before you pay. The money is held by FixiT until you confirm the job is done.
            </p>
          </Section>
          <Button type="submit" className="self-start">
            {page.accepting ? newBookingCopy.acceptAndContinue : newBookingCopy.continue}
          </Button>
        </Form>
      )}
      <Link to={`/account/jobs/${page.jobId}`} className="text-sm font-medium text-primary hover:underline">
        Back to your job
      </Link>
    </div>
  );
}

/** Where the work happens: asked with the booking, before paying (decision 066). */
function AddressSection({ page }: { page: NewBookingPage }) {
  return (
    <Section id="address" title="Where is the job?">
      <AddressFields form="book" postcode={page.postcode} note={`Only your fixer sees the address and notes, once you have paid. The address must be in ${page.district}, where the fixer quoted.`} />
    </Section>
  );
}

/** The address fields: the booking form's, and a call-out's Pay form's. */
function AddressFields({ form, postcode, note }: { form: string; postcode: string; note: string }) {
  const answer = useActionAnswer(form);
  const value = (name: string, fallback = "") => answeredValue(answer, name) ?? fallback;
  return (
    <>
      <p className="text-sm text-muted-foreground">{note}</p>
      <Field id="address-line1" label="Address line 1" required error={answeredError(answer, "addressLine1")}>
        {(control) => <Input {...control} name="addressLine1" autoComplete="address-line1" maxLength={addressLimits.line} defaultValue={value("addressLine1")} />}
      </Field>
      <Field id="address-line2" label="Address line 2" error={answeredError(answer, "addressLine2")}>
        {(control) => <Input {...control} name="addressLine2" autoComplete="address-line2" maxLength={addressLimits.line} defaultValue={value("addressLine2")} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="address-town" label="Town or city" required error={answeredError(answer, "town")}>
          {(control) => <Input {...control} name="town" autoComplete="address-level2" maxLength={addressLimits.town} defaultValue={value("town")} />}
        </Field>
        <Field id="address-postcode" label="Postcode" required error={answeredError(answer, "postcode")}>
          {(control) => <Input {...control} name="postcode" autoComplete="postal-code" maxLength={10} defaultValue={value("postcode", postcode)} />}
        </Field>
      </div>
      <Field id="address-access" label="Access notes" hint="Parking, door codes, pets: anything the fixer needs to get in." error={answeredError(answer, "accessNotes")}>
        {(control) => <Textarea {...control} name="accessNotes" maxLength={addressLimits.accessNotes} defaultValue={value("accessNotes")} />}
      </Field>
    </>
  );
}
