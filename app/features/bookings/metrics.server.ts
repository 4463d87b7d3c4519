import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { BOOKING_STATES, reconciliationRuns } from "#server/db/schema/bookings.ts";
import { gaugeSet } from "#server/metrics/gauge-set.ts";
import { SLOT_CONFIRMATION_MS, STAFF_REVIEW_AFTER_DAYS } from "./process";
import { CASE_ANSWER_MS } from "./process";
import { ACCOUNTS } from "./ledger.server";
import { FINAL_STATES } from "./state-machine";

/**
 * The bookings' gauges for the operators' metrics (docs/OPERATIONS.md, "Metrics and alerts"), read at
 * scrape time. Only bookings still waiting for something are read (the (state, updated_at) index):
 * their number stays bounded however long the history grows; settled ones are counted nowhere here.
 */

/** The states a booking leaves by someone's action or a timer. */
export const WAITING_STATES = BOOKING_STATES.filter((state) => !FINAL_STATES.includes(state));

const DAY_MS = 86_400_000;
/** Past a timer's moment by more than this, the timer should have run: the outbox worker polls every few seconds. */
export const DEADLINE_GRACE_MS = 15 * 60_000;
/**
 * When held money must move, per state, from the moment the state began: the fixer confirms the
 * customer's slot or the booking lapses (refund); the customer answers or staff review it; the fixer
 * answers a case or it is settled as claimed (decision 064: the case opens as the state begins). A booking
 * still in that state after its deadline (plus the grace) holds money its timer failed to move.
 */
const deadlineChecks = sql`(
  (w.state = 'awaiting_fixer_confirmation' and w.paid_at < now() - ${SLOT_CONFIRMATION_MS + DEADLINE_GRACE_MS} * interval '1 millisecond')
  or (w.state = 'done_marked' and w.done_marked_at < now() - ${STAFF_REVIEW_AFTER_DAYS * DAY_MS + DEADLINE_GRACE_MS} * interval '1 millisecond')
  or (w.state = 'claim_open' and w.updated_at < now() - ${CASE_ANSWER_MS + DEADLINE_GRACE_MS} * interval '1 millisecond')
)`;

type StateRow = { state: string; bookings: number; oldest_seconds: number; held_pence: number; past_deadline_pence: number; past_deadline_bookings: number };

export function bookingGauges(db: Db) {
  return gaugeSet(
    {
      fixit_bookings: { help: "Bookings waiting for something (payment, the fixer, the slot, the customer, staff), by state.", labelNames: ["state"] },
      fixit_bookings_oldest_age_seconds: { help: "Seconds since the least recently changed booking in each waiting state changed (0 when none).", labelNames: ["state"] },
      fixit_held_funds_pence: { help: "Money held for waiting bookings (the ledger's held_funds entries of those bookings), in pence." },
      fixit_held_funds_past_deadline_pence: {
        help: "Held money of bookings whose timer should have moved it over 15 minutes ago (slot not confirmed in 24 h, no answer 7 days after done), in pence.",
      },
      fixit_held_bookings_past_deadline: { help: "Bookings holding money past their deadline (see fixit_held_funds_past_deadline_pence)." },
    },
    async () => {
      // One statement: the waiting bookings, each with its held balance. The held_funds filter is in the
      // sum, not the WHERE, so the plan can only walk each booking's events (ledger_events_booking_idx)
      // and their entries (ledger_entries_event_idx): on the account's index it would read every held
      // entry ever written, once per booking (85 s on 100k bookings with stale statistics, measured).
      const result = await db.execute(sql`
        with waiting as (
          select id, state, updated_at, paid_at, done_marked_at from bookings
          where state in (${sql.join(WAITING_STATES.map((state) => sql`${state}`), sql`, `)})
        )
        select w.state,
          count(*)::int as bookings,
          extract(epoch from now() - min(w.updated_at))::float8 as oldest_seconds,
          coalesce(sum(h.pence), 0)::float8 as held_pence,
          coalesce(sum(h.pence) filter (where ${deadlineChecks}), 0)::float8 as past_deadline_pence,
          (count(*) filter (where ${deadlineChecks} and h.pence > 0))::int as past_deadline_bookings
        from waiting w
        left join lateral (
          select sum(le.amount_pence) filter (where le.account_id = (select id from ledger_accounts where code = ${ACCOUNTS.heldFunds})) as pence
          from ledger_events e
          join ledger_entries le on le.event_id = e.id
          where e.booking_id = w.id
        ) h on true
        group by w.state`);
      const rows = (result as unknown as { rows: StateRow[] }).rows;
      const byState = new Map(rows.map((row) => [row.state, row]));
      const perState = (value: (row: StateRow) => number) => WAITING_STATES.map((state) => ({ labels: { state }, value: byState.has(state) ? Number(value(byState.get(state)!)) : 0 }));
      const total = (value: (row: StateRow) => number) => [{ value: rows.reduce((sum, row) => sum + Number(value(row)), 0) }];
      return {
        fixit_bookings: perState((r) => r.bookings),
        fixit_bookings_oldest_age_seconds: perState((r) => r.oldest_seconds),
        fixit_held_funds_pence: total((r) => r.held_pence),
        fixit_held_funds_past_deadline_pence: total((r) => r.past_deadline_pence),
        fixit_held_bookings_past_deadline: total((r) => r.past_deadline_bookings),
      };
    },
  );
}

/** The last finished reconciliation (decision 053; the day's or one staff asked for): when, and what it found. */
export function reconciliationGauges(db: Db) {
  return gaugeSet(
    {
      fixit_reconciliation_last_finished_timestamp_seconds: { help: "When the last daily reconciliation finished (unix seconds; 0 before the first)." },
      fixit_reconciliation_mismatches: { help: "Differences between the ledger and the payment provider the last finished reconciliation found." },
      fixit_reconciliation_unbalanced_ledger_events: { help: "Ledger events whose entries do not sum to zero, as the last finished reconciliation counted them." },
      fixit_reconciliation_last_duration_seconds: { help: "How long the last finished reconciliation took, from its opening to its end (seconds; 0 before the first)." },
      fixit_reconciliation_running_heartbeat_age_seconds: {
        help: "Seconds since the running reconciliation last reported progress (0 when none runs); past 15 minutes it is marked failed as killed half-way.",
      },
    },
    async () => {
      const [[run], [running]] = await Promise.all([
        db
          .select({ startedAt: reconciliationRuns.startedAt, finishedAt: reconciliationRuns.finishedAt, mismatches: reconciliationRuns.mismatchCount, unbalanced: reconciliationRuns.unbalancedEvents })
          .from(reconciliationRuns)
          .where(eq(reconciliationRuns.status, "finished"))
          .orderBy(desc(reconciliationRuns.finishedAt))
          .limit(1),
        // reconciliation_runs_status_idx: the running ones only.
        db
          .select({ age: sql<number>`extract(epoch from now() - min(coalesce(${reconciliationRuns.heartbeatAt}, ${reconciliationRuns.startedAt})))::float8` })
          .from(reconciliationRuns)
          .where(eq(reconciliationRuns.status, "running")),
      ]);
      return {
        fixit_reconciliation_last_finished_timestamp_seconds: [{ value: run?.finishedAt ? run.finishedAt.getTime() / 1000 : 0 }],
        fixit_reconciliation_mismatches: [{ value: run?.mismatches ?? 0 }],
        fixit_reconciliation_unbalanced_ledger_events: [{ value: run?.unbalanced ?? 0 }],
        fixit_reconciliation_last_duration_seconds: [{ value: run?.finishedAt ? Math.max(0, (run.finishedAt.getTime() - run.startedAt.getTime()) / 1000) : 0 }],
        fixit_reconciliation_running_heartbeat_age_seconds: [{ value: Math.max(0, Number(running?.age ?? 0)) }],
      };
    },
  );
}
