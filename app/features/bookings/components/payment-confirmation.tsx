import { CircleCheck, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatUkDateTime } from "~/content/dates";
import { formatGBP, freeCancellationHours } from "~/content/prices";
import type { BookingPaymentView } from "~/features/bookings/confirmation.server";
import { isCallOutSlot, slotText } from "~/features/bookings/slots";
import { callOutWords } from "~/features/bookings/call-out";

/** /checkout/success for a booking's payment: the booking confirmation, or the truthful refund of a payment it did not need. */
export function BookingPaymentConfirmation({ view, amountPence, email }: { view: BookingPaymentView; amountPence: number; email: string | null }) {
  const d = view.details;
  const back = (
    <Button asChild size="lg" className="self-start">
      <Link to={view.path}>Open your booking</Link>
    </Button>
  );
  if (view.outcome === "refunded") {
    return (
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
            <Undo2 aria-hidden="true" className="size-7 text-primary" />
            This payment is refunded
          </h1>
          <CardDescription size="lg">
            {d?.live
              ? `Your booking was already paid, so this second payment of ${formatGBP(amountPence)} was not needed: it is refunded to your card in full. Your booking stands, paid once.`
              : `Your booking was no longer waiting for this payment, so nothing was booked with it: ${formatGBP(amountPence)} is refunded to your card in full.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">{back}</CardContent>
      </Card>
    );
  }
  return (
    <Card tone="success">
      <CardHeader>
        <h1 className="flex items-center gap-3 text-h3 leading-snug font-semibold">
          <CircleCheck aria-hidden="true" className="size-7 text-success" />
          {d?.awaitingFixer ? "Paid: waiting for the fixer to confirm your slot" : d && isCallOutSlot(d.slot) ? callOutWords.paidHeading : "Your booking is confirmed"}
        </h1>
        <CardDescription size="lg">
          {formatGBP(amountPence)} paid. It is held by FixiT until you confirm the job is done; then the fixer is paid.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {d ? (
          <>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Job</dt>
              <dd className="break-words">{d.title}</dd>
              <dt className="font-medium">When</dt>
              <dd>{slotText(d.slot)}, UK time</dd>
              <dt className="font-medium">Fixer</dt>
              <dd className="break-words">{d.fixerName}</dd>
              <dt className="font-medium">Held by FixiT</dt>
              <dd>{formatGBP(d.totalPence)}, until you confirm the work is done</dd>
            </dl>
            {d.awaitingFixer ? <p className="text-sm">The fixer has 24 hours to confirm the slot you proposed. If they do not, you get everything back.</p> : null}
            {isCallOutSlot(d.slot) ? (
              <p className="text-sm text-muted-foreground">{callOutWords.paidCancellation(formatGBP(d.lateFeePence))}</p>
            ) : (
              <p className="text-sm text-muted-foreground">
                {d.freeCancellationPassedAtPayment
                  ? `Free cancellation had already ended when you paid (it ended ${formatUkDateTime(new Date(d.freeCancellationUntil))}, ${freeCancellationHours} hours before the slot): if you cancel, the late-cancellation fee of ${formatGBP(d.lateFeePence)} goes to the fixer and the rest is refunded.`
                  : `Free cancellation until ${formatUkDateTime(new Date(d.freeCancellationUntil))} (${freeCancellationHours} hours before the slot). After that, the late-cancellation fee of ${formatGBP(d.lateFeePence)} goes to the fixer and the rest is refunded.`}{" "}
                If the fixer cancels or does not come, you get everything back.
              </p>
            )}
          </>
        ) : (
          <p className="text-sm">Sign in as the booking&apos;s customer to see its details.</p>
        )}
        {email ? (
          <p className="text-sm">
            We&apos;ve emailed your receipt to <strong className="break-all">{email}</strong>.
          </p>
        ) : null}
        {back}
      </CardContent>
    </Card>
  );
}
