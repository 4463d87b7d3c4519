import { Link } from "react-router";
import { connectPayoutText } from "~/features/bookings/earnings";
import { bookingPaths } from "~/features/bookings/paths";

/**
 * The prompt with the way to act on it, on the fixer's dashboard, booking and earnings pages; nothing when no money waits.
 * `link={false}` where the page already shows "Connect a payout account" next to it, so it is not said twice.
 */
export function PayoutPrompt({ pence, link = true }: { pence: number | null; link?: boolean }) {
  if (!pence) return null;
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm" data-testid="payout-prompt">
      <span className="font-medium">{connectPayoutText(pence)}</span>
      {link ? (
        <Link to={bookingPaths.payouts} className="font-medium text-primary underline underline-offset-4">
          Connect a payout account
        </Link>
      ) : null}
    </p>
  );
}
