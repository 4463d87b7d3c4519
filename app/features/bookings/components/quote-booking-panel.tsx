import { Form, Link, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatLongDate } from "~/content/dates";
import { fees, formatGBP } from "~/content/prices";
import { formatGBPAs } from "~/content/money";
import { isFormResult, type FormResult } from "~/lib/forms/result";
import { bookingPaths } from "~/features/bookings/paths";
import type { QuoteBookingForFixer } from "~/features/bookings/quote-terms.server";
import { SLOT_WINDOW_LABELS, type Slot } from "~/features/bookings/slots";

/** The booking side of a fixer's quote on their job page: the slots proposed, the price to fix (a range), what they receive, the booking once made. */

export const quoteBookingCopy = {
  title: "Booking",
  slotsLabel: "Start slots you proposed",
  noSlots: "No start slots yet: change your quote to propose some.",
  fixIntro: "You quoted a range. Fix the one price the job will cost (within your range) so the customer can book and pay.",
  fixLabel: "The price (£)",
  fixButton: "Fix the price",
  waitingForCustomer: "The customer can book one of your slots and pay; the money is held by FixiT until they confirm the job is done.",
  openBooking: "Open the booking",
} as const;

export const slotLabel = (slot: Slot) => `${formatLongDate(new Date(`${slot.date}T12:00:00Z`))}, ${SLOT_WINDOW_LABELS[slot.window].toLowerCase()}`;

function useAnswer(form: string): FormResult | undefined {
  const answer: unknown = useActionData();
  return isFormResult(answer, form) ? answer : undefined;
}

export function QuoteBookingPanel({ booking, quote }: { booking: QuoteBookingForFixer; quote: { status: string; priceKind: string; amountPence: number; amountToPence: number | null } }) {
  const answer = useAnswer("fix-price");
  const live = quote.status === "sent" || quote.status === "accepted";
  const typed = answer && "values" in answer && typeof answer.values?.price === "string" ? answer.values.price : "";
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <p className="font-medium">{quoteBookingCopy.slotsLabel}</p>
        {booking.slots.length ? (
          <ul className="mt-1 list-disc pl-5">
            {booking.slots.map((s) => (
              <li key={`${s.date}|${s.window}`}>{slotLabel(s)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-muted-foreground">{quoteBookingCopy.noSlots}</p>
        )}
      </div>
      {booking.pricePence !== null && booking.fixerNetPence !== null ? (
        <p data-testid="quote-net">
          Price {formatGBP(booking.pricePence)}: you will receive <strong className="tabular-nums">{formatGBP(booking.fixerNetPence)}</strong> (less the {fees.fixerServiceChargePercent}% FixiT service charge).
        </p>
      ) : null}
      {booking.liveBookingId !== null ? (
        <Link to={bookingPaths.fixer(booking.liveBookingId)} className="inline-flex min-h-11 items-center justify-center self-start rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
          {quoteBookingCopy.openBooking}
        </Link>
      ) : live && quote.priceKind === "range" && booking.slots.length ? (
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="fix-price" />
          {answer && answer.status !== "success" ? (
            <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3">
              <p className="font-semibold">{answer.title}</p>
              {answer.message ? <p className="mt-1">{answer.message}</p> : null}
            </div>
          ) : null}
          <p>{quoteBookingCopy.fixIntro}</p>
          <Field
            id="fix-price"
            label={quoteBookingCopy.fixLabel}
            required
            hint={`From ${formatGBP(quote.amountPence)} to ${formatGBP(quote.amountToPence ?? quote.amountPence)}.`}
            error={answer?.status === "invalid" ? answer.fieldErrors.price : undefined}
          >
            {(control) => <Input {...control} name="price" inputMode="decimal" defaultValue={typed || (booking.pricePence !== null ? formatGBPAs(booking.pricePence, "field") : "")} />}
          </Field>
          <Button type="submit" className="self-start">
            {quoteBookingCopy.fixButton}
          </Button>
        </Form>
      ) : live ? (
        <p className="text-muted-foreground">{quoteBookingCopy.waitingForCustomer}</p>
      ) : null}
    </div>
  );
}
