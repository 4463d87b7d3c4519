import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { emergencyOffers, emergencyRequests } from "#server/db/schema/emergency.ts";
import { gaugeSet } from "#server/metrics/gauge-set.ts";
import { ROUND_WINDOW_MS } from "./dispatch-plan";

/**
 * Emergency dispatch's figures (decision 082), read from the database at scrape time: every instance
 * reports the same numbers and a restart loses none. Over the requests sent in the last 24 hours
 * (`emergency_requests_created_idx`): requests by status, offers by state, the time from the send to
 * the first offer, and open requests whose round is overdue (the job queue is not running rounds).
 */
const REQUEST_STATUSES = ["open", "accepted", "unanswered", "cancelled"] as const;
const OFFER_STATES = ["offered", "accepted", "taken", "expired", "declined"] as const;
/** A round's job is overdue a minute after its window ends. */
const OVERDUE_AFTER_MS = ROUND_WINDOW_MS + 60_000;

type Row = { kind: "request" | "offer" | "first" | "overdue"; label: string | null; n: number; p50: number | null; p99: number | null };

export function emergencyGauges(db: Db) {
  return gaugeSet(
    {
      fixit_emergency_requests_24h: { help: "Emergency requests sent in the last 24 hours, by status (open, accepted, unanswered, cancelled).", labelNames: ["status"] },
      fixit_emergency_offers_24h: { help: "Offers of the emergency requests sent in the last 24 hours, by state (accepted = acceptances).", labelNames: ["state"] },
      fixit_emergency_first_offer_seconds: { help: "Seconds from an emergency request's send to its first offer, over the last 24 hours' requests.", labelNames: ["quantile"] },
      fixit_emergency_overdue_requests: { help: "Open emergency requests whose next round is over a minute late (the job queue is not running rounds)." },
    },
    async () => {
      const result = await db.execute(sql`
        with recent as (
          select ${emergencyRequests.id} as id, ${emergencyRequests.status} as status, ${emergencyRequests.createdAt} as created_at
          from ${emergencyRequests} where ${emergencyRequests.createdAt} > now() - interval '24 hours'
        ),
        firsts as (
          select extract(epoch from min(o.offered_at) - r.created_at)::float8 as seconds
          from recent r join ${emergencyOffers} o on o.request_id = r.id group by r.id, r.created_at
        )
        select 'request' as kind, status as label, count(*)::int as n, null::float8 as p50, null::float8 as p99 from recent group by status
        union all
        select 'offer', o.state, count(*)::int, null, null from recent r join ${emergencyOffers} o on o.request_id = r.id group by o.state
        union all
        select 'first', null, count(*)::int, percentile_cont(0.5) within group (order by seconds), percentile_cont(0.99) within group (order by seconds) from firsts
        union all
        select 'overdue', null, count(*)::int, null, null from recent r
        where r.status = 'open' and not exists (
          select 1 from ${emergencyOffers} o where o.request_id = r.id and o.offered_at > now() - ${OVERDUE_AFTER_MS} * interval '1 millisecond'
        ) and r.created_at < now() - ${OVERDUE_AFTER_MS} * interval '1 millisecond'`);
      const rows = (result as unknown as { rows: Row[] }).rows;
      const count = (kind: Row["kind"], label: string) => Number(rows.find((r) => r.kind === kind && r.label === label)?.n ?? 0);
      const first = rows.find((r) => r.kind === "first");
      return {
        fixit_emergency_requests_24h: REQUEST_STATUSES.map((status) => ({ labels: { status }, value: count("request", status) })),
        fixit_emergency_offers_24h: OFFER_STATES.map((state) => ({ labels: { state }, value: count("offer", state) })),
        fixit_emergency_first_offer_seconds: [
          { labels: { quantile: "0.5" }, value: Number(first?.p50 ?? 0) },
          { labels: { quantile: "0.99" }, value: Number(first?.p99 ?? 0) },
        ],
        fixit_emergency_overdue_requests: [{ value: Number(rows.find((r) => r.kind === "overdue")?.n ?? 0) }],
      };
    },
  );
}
