import { data } from "react-router";
import type { Route } from "./+types/_site.checkout.success";
import { BookingPaymentConfirmation } from "~/features/bookings/components/payment-confirmation";
import { bookingPaymentView } from "~/features/bookings/confirmation.server";
import { loadSuccessPage } from "~/features/payments/checkout.server";
import { FixerStepIndicator } from "~/features/fixers/step-indicator";
import { isSettled, PaymentSuccess } from "~/features/payments/success-page";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { pageMeta } from "~/lib/seo";

/** After a checkout: the outcome per product (access code, VIP code, thanks); waits for a late confirmation. */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Payment", description: "Your FixiT payment.", path: "/checkout/success", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadSuccessPage(request, context);
  // A booking's payment: its confirmation (or the refund of a payment it did not need), from the bookings feature.
  const booking = page.data.product === "booking" ? await bookingPaymentView(request, context, page.data.id, bookingQuoteReads) : null;
  return data({ ...page.data, booking }, page.init ?? undefined);
}

export function headers() {
  return { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };
}

export default function CheckoutSuccessRoute({ loaderData }: Route.ComponentProps) {
  const settled = isSettled(loaderData);
  const steps =
    loaderData.product === "fixerOnboarding" ? <FixerStepIndicator current={settled ? "onboarding" : "payment"} done={settled ? ["details", "payment"] : ["details"]} /> : null;
  const booking = loaderData.booking ? <BookingPaymentConfirmation view={loaderData.booking} amountPence={loaderData.amountPence} email={loaderData.email} /> : undefined;
  return <PaymentSuccess view={loaderData} steps={steps} settledView={booking} />;
}
