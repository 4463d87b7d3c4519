import { formatGBP } from "~/content/prices";
import { callOutWords } from "~/features/bookings/call-out";
import type { BookingPage } from "~/features/bookings/pages.server";
import { isCallOutSlot } from "~/features/bookings/slots";

/**
 * An emergency call-out booking's panel (decision 083): the service, who is coming and when, the
 * call-out's price as an hourly rate, and, until it is paid, what waits for the payment.
 */
export function CallOutPanel({ page }: { page: BookingPage }) {
  const view = page.callOut;
  if (!view || !isCallOutSlot(page.slot)) return null;
  const customer = page.role === "customer";
  const unpaid = page.state === "pending_payment";
  const live = page.state === "booked" || page.state === "done_marked";
  return (
    <section id="call-out" aria-labelledby="call-out-title" className="rounded-xl border-2 border-primary/60 bg-card p-4 shadow-card sm:p-6" data-testid="call-out">
      <h2 id="call-out-title" className="text-xl font-semibold">
        {callOutWords.panelTitle(customer)}
      </h2>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium">{customer ? callOutWords.labels.fixer : callOutWords.labels.postcode}</dt>
        <dd>{customer ? view.fixerName : view.postcode}</dd>
        <dt className="font-medium">{callOutWords.labels.when}</dt>
        <dd className="font-semibold">{unpaid ? callOutWords.arrivingWithin(view.arrivalMinutes) : callOutWords.arrivingBy(page.slot)}</dd>
        <dt className="font-medium">{callOutWords.labels.price}</dt>
        <dd>{callOutWords.firstHour(formatGBP(view.ratePence))}</dd>
      </dl>
      <div className="mt-4 flex flex-col gap-2 text-sm">
        {unpaid && view.payBy ? (
          customer ? (
            <>
              <p>{callOutWords.accepted(view.fixerName, view.arrivalMinutes)}</p>
              <p className="font-medium">{callOutWords.payBy(view.payBy)}</p>
            </>
          ) : (
            <>
              <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950">
                {callOutWords.waitForPayment}
              </p>
              <p>{callOutWords.fixerPayBy(view.payBy)}</p>
            </>
          )
        ) : null}
        {live && page.state === "booked" ? <p className="font-medium">{customer ? callOutWords.onTheWay(view.fixerName, page.slot) : callOutWords.setOff(page.slot)}</p> : null}
        {!unpaid && customer && live ? <p>{callOutWords.paid}</p> : null}
        {customer ? <p className="text-muted-foreground">{callOutWords.extraHours}</p> : null}
      </div>
    </section>
  );
}
