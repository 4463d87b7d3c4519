import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatLongDate } from "~/content/dates";
import { fees, formatGBP } from "~/content/prices";
import { EARNINGS_GROUP_HINTS, EARNINGS_GROUP_LABELS, EARNINGS_GROUPS, extrasIncludedText, ON_ITS_WAY_TEXT, PAYOUT_FAILED_TEXT, type EarningsGroup, type EarningsPage } from "~/features/bookings/earnings";
import { bookingPaths } from "~/features/bookings/paths";
import { payoutPaths, type PayoutAccountState } from "~/features/bookings/payouts";
import { PayoutPrompt } from "./payout-prompt";
import { PayoutStateBadge } from "./payouts-view";

/** /fixer/earnings: totals per group, then one table per group with a line per booking. */

const day = (isoDate: string) => formatLongDate(new Date(`${isoDate}T12:00:00Z`));
const charge = (pence: number) => (pence > 0 ? `−${formatGBP(pence)}` : formatGBP(0));
const receiveLabel = (g: EarningsGroup) => (g === "held" || g === "awaiting_confirmation" ? "You will receive" : "You receive");

export function EarningsView({ page }: { page: EarningsPage & { payoutState: PayoutAccountState; payoutPrompt: number | null; payoutFailure?: string | null } }) {
  // The groups of this page's lines (a page holds 50 bookings; the totals count them all).
  const groups = EARNINGS_GROUPS.filter((g) => page.lines.some((l) => l.group === g));
  const totalLabel = (g: EarningsGroup, shown: number) => (page.totals[g].count > shown ? `Total, all ${page.totals[g].count} bookings` : "Total");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <Link to="/fixer" className="self-start text-sm font-medium text-primary hover:underline">
          Back to the fixer dashboard
        </Link>
        <h1 className="text-3xl font-bold">Earnings</h1>
        <p className="text-muted-foreground">
          Every paid booking: the price, any part refunded to the customer, FixiT&apos;s {fees.fixerServiceChargePercent}% service charge and what you receive (each row adds up). Held money is paid out when the customer confirms the job.
        </p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>Payout account:</span>
          <PayoutStateBadge state={page.payoutState} />
          <Link to={payoutPaths.page} className="font-medium text-primary hover:underline">
            {page.payoutState === "active" ? "Manage" : "Connect a payout account"}
          </Link>
        </div>
        <PayoutPrompt pence={page.payoutPrompt} link={page.payoutState === "active"} />
        {page.payoutFailure ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="payout-failed">
            {PAYOUT_FAILED_TEXT} Your bank said: {page.payoutFailure}{" "}
            <Link to={payoutPaths.page} className="font-medium text-primary underline underline-offset-4">
              Update your bank details
            </Link>
          </p>
        ) : null}
      </div>

      <section aria-labelledby="totals-title" className="flex flex-col gap-3">
        <h2 id="totals-title" className="text-xl font-semibold">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {EARNINGS_GROUPS.map((g) => (
            <div key={g} className="rounded-xl border border-border bg-card p-3 shadow-card sm:p-4">
              <dt className="text-sm text-muted-foreground">{EARNINGS_GROUP_LABELS[g]}</dt>
              <dd className="text-xl font-bold tabular-nums sm:text-2xl">{formatGBP(page.totals[g].netPence)}</dd>
              <dd className="text-xs text-muted-foreground">{page.totals[g].count === 1 ? "1 booking" : `${page.totals[g].count} bookings`}</dd>
            </div>
          ))}
        </dl>
        {page.lines.length || page.after !== null ? (
          <Button asChild variant="outline" className="self-start">
            <a href={payoutPaths.earningsCsv} download>
              Download CSV
            </a>
          </Button>
        ) : null}
      </section>

      {page.lines.length === 0 && page.after === null ? (
        <p className="rounded-xl border border-border bg-card p-6 text-center text-muted-foreground">No paid bookings yet. When a customer books and pays for one of your quotes, it shows here.</p>
      ) : null}

      {groups.map((g) => {
        const lines = page.lines.filter((l) => l.group === g);
        const total = page.totals[g];
        return (
          <section key={g} className="flex flex-col gap-2">
            <h2 id={`group-${g}`} className="text-xl font-semibold">
              {EARNINGS_GROUP_LABELS[g]}
            </h2>
            <p className="text-sm text-muted-foreground">{EARNINGS_GROUP_HINTS[g]}</p>
            {/* Phones: one card per booking (a five-column table does not fit 360 px). */}
            <ul className="flex flex-col gap-2 sm:hidden">
              {lines.map((l) => (
                <li key={l.bookingId} className="rounded-xl border border-border bg-card p-3 text-sm">
                  <Link to={bookingPaths.fixer(l.bookingId)} className="font-medium break-words text-primary hover:underline">
                    {l.title}
                  </Link>
                  <p className="text-muted-foreground">{day(l.slotDate)}</p>
                  {l.extrasPence > 0 ? <p className="text-muted-foreground" data-testid="earnings-extras">{extrasIncludedText(l.extrasPence)}</p> : null}
                  {l.onItsWayPence > 0 ? <p className="mt-1 text-muted-foreground" data-testid="on-its-way">{ON_ITS_WAY_TEXT}</p> : null}
                  <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                    <dt>Price</dt>
                    <dd className="text-right tabular-nums">{formatGBP(l.pricePence)}</dd>
                    {l.refundedPence > 0 ? (
                      <>
                        <dt>Refunded to the customer</dt>
                        <dd className="text-right tabular-nums">{charge(l.refundedPence)}</dd>
                      </>
                    ) : null}
                    <dt>Service charge</dt>
                    <dd className="text-right tabular-nums">{charge(l.chargePence)}</dd>
                    {l.lateFeePence > 0 ? (
                      <>
                        <dt>Late-cancellation fee</dt>
                        <dd className="text-right tabular-nums">{formatGBP(l.lateFeePence)}</dd>
                      </>
                    ) : null}
                    <dt className="font-semibold">{receiveLabel(g)}</dt>
                    <dd className="text-right font-semibold tabular-nums">{formatGBP(l.netPence)}</dd>
                  </dl>
                </li>
              ))}
              <li className="flex justify-between rounded-xl border border-border bg-muted/60 p-3 text-sm font-semibold">
                <span>{totalLabel(g, lines.length)}</span>
                <span className="tabular-nums">{formatGBP(total.netPence)}</span>
              </li>
            </ul>
            <div className="hidden overflow-x-auto sm:block rounded-xl border border-border bg-card" role="region" aria-labelledby={`group-${g}`} tabIndex={0}>
              <table className="w-full min-w-[46rem] text-sm">
                <thead className="bg-muted/60 text-left">
                  <tr>
                    <th scope="col" className="p-3 font-semibold">
                      Job
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="p-3 text-right font-semibold">
                      Price
                    </th>
                    <th scope="col" className="p-3 text-right font-semibold">
                      Refunded
                    </th>
                    <th scope="col" className="p-3 text-right font-semibold">
                      Service charge
                    </th>
                    <th scope="col" className="p-3 text-right font-semibold">
                      {receiveLabel(g)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.bookingId} className="border-t border-border">
                      <td className="p-3">
                        <Link to={bookingPaths.fixer(l.bookingId)} className="font-medium break-words text-primary hover:underline">
                          {l.title}
                        </Link>
                        {l.lateFeePence > 0 ? <span className="block text-xs text-muted-foreground">Late-cancellation fee {formatGBP(l.lateFeePence)}</span> : null}
                        {l.extrasPence > 0 ? <span className="block text-xs text-muted-foreground">{extrasIncludedText(l.extrasPence)}</span> : null}
                        {l.onItsWayPence > 0 ? <span className="block text-xs text-muted-foreground">{ON_ITS_WAY_TEXT}</span> : null}
                      </td>
                      <td className="p-3 whitespace-nowrap">{day(l.slotDate)}</td>
                      <td className="p-3 text-right tabular-nums">{formatGBP(l.pricePence)}</td>
                      <td className="p-3 text-right tabular-nums">{charge(l.refundedPence)}</td>
                      <td className="p-3 text-right tabular-nums">{charge(l.chargePence)}</td>
                      <td className="p-3 text-right font-semibold tabular-nums">{formatGBP(l.netPence)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t-2 border-border font-semibold">
                    <th scope="row" colSpan={2} className="p-3 text-left">
                      {totalLabel(g, lines.length)}
                    </th>
                    <td className="p-3 text-right tabular-nums">{formatGBP(total.pricePence)}</td>
                    <td className="p-3 text-right tabular-nums">{charge(total.refundedPence)}</td>
                    <td className="p-3 text-right tabular-nums">{charge(total.chargePence)}</td>
                    <td className="p-3 text-right tabular-nums">{formatGBP(total.netPence)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        );
      })}

      {page.after !== null || page.next !== null ? (
        <nav aria-label="Earnings pages" className="flex flex-wrap gap-3">
          {page.after !== null ? (
            <Button asChild variant="outline" size="sm">
              <Link to="?">Latest bookings</Link>
            </Button>
          ) : null}
          {page.next !== null ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`?after=${page.next}`} rel="next">
                Earlier bookings
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
