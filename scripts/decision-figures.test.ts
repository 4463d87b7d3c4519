import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fees, caseAnswerHours, products, vipPromotions } from "~/content/prices";
import { PAYMENT_WINDOW_MS } from "~/features/bookings/checkout-window.server";
import { REMINDER_AFTER_DAYS, SLOT_CONFIRMATION_MS, STAFF_REVIEW_AFTER_DAYS } from "~/features/bookings/process";
import { CHARGE_GRACE_MS, LISTING_WINDOW_MS, STALE_RUN_MS } from "~/features/bookings/reconciliation.server";
import { STRIKE_WINDOW_DAYS, STRIKES_TO_PAUSE_LEADS } from "~/features/bookings/strikes";
import { REGISTRATION_RATE_LIMIT } from "~/features/fixers/registration.server";
import { UNSUBSCRIBE_TOKEN_DAYS } from "~/features/notifications/unsubscribe-token.server";
import { CODE_REVEAL_WINDOW_MS } from "~/features/payments/payments.server";
import { DRAFT_LIFETIME_MS } from "~/features/quotes/request-draft.server";
import { REVIEW_WINDOW_DAYS } from "~/features/quotes/reviews.server";
import { vipCodeLimits } from "~/features/vip/vip.server";
import { EARNINGS_PAGE_SIZE } from "~/features/bookings/earnings.server";
import { RECONCILIATION_BATCH } from "~/features/bookings/reconciliation.server";
import { DASHBOARD_PAGE_SIZE, QUOTED_JOBS_PAGE_SIZE } from "~/features/quotes/dashboard.server";
import { THREAD_PAGE_SIZE } from "~/features/quotes/messages.server";
import { JOB_QUOTES_PAGE_SIZE } from "~/features/quotes/quotes.server";
import { TOTALS_TTL_MS } from "~/features/staff/dashboard.server";
import { COUNT_CAP } from "~/features/staff/lists/view.server";
import { ON_CALL_NOW_MAX_HOURS } from "~/features/emergency/on-call-time";
import { STAFF_ON_CALL_PAGE_SIZE } from "~/features/emergency/on-call.server";
import { arrivalChoices, dispatchRounds } from "~/features/emergency/dispatch-plan";
import { STAFF_EMERGENCIES_PAGE } from "~/features/emergency/staff-requests.server";
import { ARRIVAL_MINUTES, CALL_OUT_PAYMENT_WINDOW_MINUTES, NO_SHOW_GRACE_MINUTES } from "~/features/bookings/call-out";
import { lateCancellationFee } from "~/content/prices";
import { EXTRA_PAYMENT_WINDOW_MS, MAX_EXTRA_HOURS, MAX_EXTRA_PRICE_PENCE, MAX_EXTRAS_PER_BOOKING } from "~/features/bookings/extras";

/**
 * A figure a decision record states and the code also states (a window, a timer, a fee, a limit)
 * must be the same in both, or the record misleads whoever reads it (issue 48: decision 044 said a
 * 1-hour payment window for months while the code had 2 hours). Each row: the record, the sentence
 * with the figures as capture groups, and the code's values in the same order. A figure that is
 * reworded in the record fails here as "not found", so the row is updated with it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Row = { decision: string; what: string; says: RegExp; code: readonly number[] };

const rows: Row[] = [
  { decision: "044", what: "the pending-payment expiry", says: /pending-payment expiry \((\w+) hours?\)/, code: [PAYMENT_WINDOW_MS / HOUR] },
  { decision: "044", what: "the slot confirmation timer", says: /Slot confirmation \((\d+) h\b/, code: [SLOT_CONFIRMATION_MS / HOUR] },
  { decision: "044", what: "the reminders after done", says: /reminders\s+\((\d+) and (\d+) days after "done"\)/, code: REMINDER_AFTER_DAYS },
  { decision: "044", what: "staff review after done", says: /staff review \((\d+) days\)/, code: [STAFF_REVIEW_AFTER_DAYS] },
  { decision: "044", what: "the fixer's service charge", says: /fixer payable \(price − (\d+)%\)/, code: [fees.fixerServiceChargePercent] },
  { decision: "044", what: "the case's answer time", says: /lets the (\d+) hours run out/, code: [caseAnswerHours] },
  { decision: "050", what: "the fixer's confirmation of a proposed slot", says: /confirms it within (\d+) hours/, code: [SLOT_CONFIRMATION_MS / HOUR] },
  { decision: "054", what: "the fee and the service charge", says: /price \+ (\d+)% when booking; the fixer receives the\s+price − (\d+)%/, code: [fees.customerServiceFeePercent, fees.fixerServiceChargePercent] },
  { decision: "064", what: "the case's answer time", says: /`answer_due_at`, (\d+) hours/, code: [caseAnswerHours] },
  { decision: "064", what: "a no-show refund's wait", says: /refund now takes up to (\d+) hours/, code: [caseAnswerHours] },
  { decision: "064", what: "strikes that pause leads", says: /strikes within (\d+) days count; (\w+) of them pause leads/, code: [STRIKE_WINDOW_DAYS, STRIKES_TO_PAUSE_LEADS] },
  { decision: "055", what: "the review window", says: /opens \+ (\d+) days/, code: [REVIEW_WINDOW_DAYS] },
  { decision: "049", what: "the unsubscribe token's life", says: /(\d+) days, compared in constant/, code: [UNSUBSCRIBE_TOKEN_DAYS] },
  { decision: "042", what: "a job draft's life", says: /At most (\d+) minutes, then deleted/, code: [DRAFT_LIFETIME_MS / MINUTE] },
  { decision: "053", what: "a charge's quiet time before it is reported", says: /has not changed for (\d+) minutes/, code: [CHARGE_GRACE_MS / MINUTE] },
  { decision: "053", what: "the provider listing's window", says: /created in the last (\d+) days/, code: [LISTING_WINDOW_MS / DAY] },
  {
    decision: "068",
    what: "the own lists' page sizes",
    says: /\(leads, (\d+)\),\s+`\/fixer\?quotesAfter=<quote id>` \(the fixer's quotes, (\d+)\), `\/fixer\/earnings\?after=<booking id>` \((\d+)\),\s+and a thread's `\?before=<message id>` \("Show earlier", (\d+) per thread\)/,
    code: [DASHBOARD_PAGE_SIZE, QUOTED_JOBS_PAGE_SIZE, EARNINGS_PAGE_SIZE, THREAD_PAGE_SIZE],
  },
  { decision: "079", what: "On call now's longest hold", says: /"On call now" holds at most (\d+) hours/, code: [ON_CALL_NOW_MAX_HOURS] },
  { decision: "084", what: "an extra's limits", says: /at most (\d+) extras per booking, declined ones included\s+\(no pestering\); at most (\d+) hours or £([\d,]+) \(before the fee\)/, code: [MAX_EXTRAS_PER_BOOKING, MAX_EXTRA_HOURS, MAX_EXTRA_PRICE_PENCE / 100] },
  { decision: "084", what: "an accepted extra's checkout window", says: /the checkout's window, (\d+) hours from accepting/, code: [EXTRA_PAYMENT_WINDOW_MS / HOUR] },
  { decision: "084", what: "the extra's fee and charge", says: /the customer pays the price \+ (\d+)%,\s+the fixer receives the price − (\d+)%/, code: [fees.customerServiceFeePercent, fees.fixerServiceChargePercent] },
  { decision: "079", what: "the staff on-call page's size", says: /\(`\?after=`, (\d+) a page, no OFFSET\)/, code: [STAFF_ON_CALL_PAGE_SIZE] },
  {
    decision: "082",
    what: "the dispatch rounds",
    says: /each round offers the request to (\d+) fixers,\s+whose offers stay open for (\d+) minutes; the last round is round (\d+)\./,
    code: [dispatchRounds.fixersPerRound, dispatchRounds.windowMinutes, dispatchRounds.lastRound],
  },
  { decision: "082", what: "the arrival estimates", says: /arrival estimate \((\d+), (\d+), (\d+), (\d+) or (\d+) minutes\)/, code: arrivalChoices },
  { decision: "082", what: "the staff emergencies page's size", says: /keyset-paged on the id \((\d+) a page, no OFFSET\)/, code: [STAFF_EMERGENCIES_PAGE] },
  { decision: "083", what: "a call-out's payment window", says: /The payment\s+window is (\d+) minutes \(`CALL_OUT_PAYMENT_WINDOW_MINUTES`\)/, code: [CALL_OUT_PAYMENT_WINDOW_MINUTES] },
  { decision: "083", what: "a call-out's no-show grace", says: /`NO_SHOW_GRACE_MINUTES` \((\d+)\) minutes/, code: [NO_SHOW_GRACE_MINUTES] },
  { decision: "083", what: "the arrival estimates", says: /the estimate is (\d+)–(\d+) minutes/, code: [ARRIVAL_MINUTES.min, ARRIVAL_MINUTES.max] },
  { decision: "083", what: "the late-cancellation fee", says: /\((\d+)% of the price, at most £(\d+)/, code: [lateCancellationFee.percentOfPrice, lateCancellationFee.maxPence / 100] },
  { decision: "068", what: "a job page's quotes", says: /A job page shows (\d+) quotes/, code: [JOB_QUOTES_PAGE_SIZE] },
  { decision: "069", what: "the exact count's cap", says: /"(\d[\d,]*)\+ results \(counted up to (\d[\d,]*)\)"/, code: [COUNT_CAP, COUNT_CAP] },
  { decision: "069", what: "the dashboard totals' age", says: /totals per status are kept for (\w+) minutes?/, code: [TOTALS_TTL_MS / MINUTE] },
  { decision: "070", what: "the reconciliation's batch", says: /Batches of (\d[\d,]*) by keyset/, code: [RECONCILIATION_BATCH] },
  { decision: "070", what: "a hung run's heartbeat age", says: /heartbeat is (\d+) minutes old/, code: [STALE_RUN_MS / MINUTE] },
  { decision: "008", what: "the sealed code's reveal window", says: /opens it only within (\w+) hours? of fulfilment/, code: [CODE_REVEAL_WINDOW_MS / HOUR] },
  {
    decision: "008",
    what: "the three products' prices",
    says: /fixer onboarding fee £(\d+\.\d\d), VIP access £(\d+\.\d\d),\s+early-access\s+donation £(\d+\.\d\d)/,
    code: [products.fixerOnboarding.pricePence / 100, products.vipAccess.pricePence / 100, products.earlyAccessDonation.pricePence / 100],
  },
  {
    decision: "009",
    what: "the VIP code limits",
    says: /allows (\d+) tries per\s+(\d+) minutes per address; blog links allow (\d+) \*failed\* checks per (\d+) minutes/,
    code: [vipCodeLimits.form.limit, vipCodeLimits.form.windowMs / MINUTE, vipCodeLimits.link.limit, vipCodeLimits.link.windowMs / MINUTE],
  },
  { decision: "017", what: "the fixer registration's limit", says: /limited per address \((\d+) an hour\)/, code: [REGISTRATION_RATE_LIMIT.limit * (HOUR / REGISTRATION_RATE_LIMIT.windowMs)] },
  { decision: "052", what: "the referral credit", says: /£(\d+) credit each/, code: [vipPromotions.referral.creditPence / 100] },
];

const words: Record<string, number> = { an: 1, a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** "2", "1,000", "3.99", "an", "three" as a number. */
export function figure(text: string): number {
  const word = words[text.toLowerCase()];
  return word ?? Number(text.replace(/,/g, ""));
}

const records = new Map(readdirSync("docs/decisions").filter((file) => /^\d{3}-.*\.md$/.test(file)).map((file) => [file.slice(0, 3), readFileSync(`docs/decisions/${file}`, "utf8")]));

/** The figures a record states in the row's sentence, or null when the sentence is not there. */
export function statedFigures(text: string, says: RegExp): number[] | null {
  const match = says.exec(text);
  return match ? match.slice(1).map(figure) : null;
}

describe("figures a decision shares with the code", () => {
  it.each(rows.map((row) => [`${row.decision}: ${row.what}`, row] as const))("%s", (_, row) => {
    const text = records.get(row.decision);
    expect(text, `decision ${row.decision} exists`).toBeDefined();
    const stated = statedFigures(text!, row.says);
    expect(stated, `decision ${row.decision} still states ${row.what} as ${row.says}`).not.toBeNull();
    expect(stated).toEqual([...row.code]);
  });

  it("reads figures as the records write them, and catches one that drifted", () => {
    expect(["2", "1,000", "3.99", "an", "three"].map(figure)).toEqual([2, 1000, 3.99, 1, 3]);
    const stale = "Timers: staff review (7 days), pending-payment expiry (1 hour) are outbox jobs";
    expect(statedFigures(stale, rows[0]!.says)).toEqual([1]);
    expect(statedFigures(stale, rows[0]!.says)).not.toEqual([PAYMENT_WINDOW_MS / HOUR]);
    expect(statedFigures("no such sentence", rows[0]!.says)).toBeNull();
  });
});
