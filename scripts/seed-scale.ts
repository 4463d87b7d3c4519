/**
 * `npm run seed:scale -- --factor 1|0.01 [--database-url URL]`: a national-size copy of FixiT made
 * by SQL (issue 47), for the scale bench (scripts/bench-scale.ts) and the query-plan test
 * (tests/scale-plans.test.ts). At factor 1: 300,000 users, 20,002 approved fixers over ~3,000
 * postcode districts, 100,001 open jobs, ~1.9M job matches, ~557k quotes, 202,015 bookings in every
 * state with their payments and provider operations, ~1.15M ledger entries that balance, ~970k
 * messages with read markers and ~520k notifications; a smaller factor scales every count.
 *
 * Set-based: each table is one INSERT … SELECT over generate_series or over the rows already made,
 * never a loop of JS inserts. Deterministic: every "random" choice is a hash of a label and a row's
 * number (`r(label, n)` below), so two runs at one factor make the same rows (ids, names, amounts);
 * only the dates move with the day it runs (they are spread over the two years before it).
 *
 * The target database is migrated first with the project's own migrations (server/db/client.ts), and
 * must be empty. A handful of named users sign in with the password printed at the end; every
 * account has that password (one scrypt hash, made with better-auth's own function, reused).
 */
import { performance } from "node:perf_hooks";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { requiredPairs } from "~/features/fixers/required-checks";

export const SCALE_PASSWORD = "scale-copper-kettle-47";

/** The named accounts (emails) the bench and the tests sign in as. */
export const SCALE_USERS = {
  typicalFixer: "fixer.typical@scale.test",
  busyFixer: "fixer.busy@scale.test",
  typicalCustomer: "customer.typical@scale.test",
  busyCustomer: "customer.busy@scale.test",
  staff: "staff@scale.test",
} as const;

/** The counts a factor makes (factor 1: the issue's figures). */
export function scaleCounts(factor: number) {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * factor));
  const fixers = n(20_002, 40);
  const users = n(300_000, 400);
  return {
    users,
    fixers,
    customers: users - fixers - 1,
    districts: n(3_000, 30),
    openJobs: n(100_001, 120),
    bookedJobs: n(202_015, 200),
    closedJobs: n(20_000, 20),
    busyPaid: n(2_015, 25),
    busyOpenQuotes: n(35, 5),
    busyInvited: n(537, 10),
    busyMessages: n(3_040, 60),
  };
}

type Step = { name: string; sql: string };

const SERVICES = ["plumbing", "electrical", "cleaning", "handyman", "painting", "moving", "landscaping", "assembly", "house-sitting", "nanny", "dog-walking"];
/** UK postcode areas, roughly busiest first (London's and the big cities'): district i is in area i mod the areas used. */
const AREAS =
  "E N SE SW W NW EC WC B M L LS S G EH BS NG LE CV CF NE SR DH TS YO HU DN WF BD HD HX OL BL BB PR FY LA CA WN WA CH CW ST DE SK TF WV WS DY WR HR GL SN BA TA EX PL TQ TR DT BH SO PO GU RG OX HP MK LU SG AL WD EN HA UB TW KT SM CR BR DA ME CT TN BN RH CM SS CO IP NR PE CB AB DD KY PA KA FK ML IV PH DG TD ZE KW HS LD SY LL NP SA BT".split(" ");
const FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Harry", "Mia", "Noah", "Ivy", "Jack", "Freya", "Leo", "Grace", "Arthur", "Lily", "Oscar", "Emily", "Charlie", "Sophie", "Thomas", "Priya", "Mohammed", "Aisha", "Tomasz", "Zofia", "Kwame", "Niamh", "Callum", "Eilidh", "Rhys"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Khan", "Lewis", "Harris", "Clarke", "Nowak", "Murphy", "Campbell", "Mensah", "Hughes", "Edwards", "Singh", "Wood"];

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`;

/** The steps, in order. Every number in them comes from `scaleCounts`; no text from outside. */
export function scaleSteps(factor: number, passwordHash: string): Step[] {
  const c = scaleCounts(factor);
  const areasUsed = Math.min(AREAS.length, Math.max(10, Math.round(c.districts / 25)));
  const checkPairs = requiredPairs()
    .map((p) => `('${p.service}','${p.kind}')`)
    .join(",");
  const nonBusyFixers = c.fixers - 1;
  // Booking states and their shares (the rest are released): every state of the state machine.
  const shares: [string, number][] = [
    ["partly_released", 0.01],
    ["refunded", 0.04],
    ["cancelled_by_customer", 0.04],
    ["cancelled_late", 0.01],
    ["cancelled_by_fixer", 0.01],
    ["slot_declined", 0.005],
    ["no_show", 0.005],
    ["lapsed", 0.01],
    ["expired", 0.04],
    ["pending_payment", 0.01],
    ["awaiting_fixer_confirmation", 0.005],
    ["booked", 0.07],
    ["done_marked", 0.02],
    ["disputed", 0.005],
    ["staff_review", 0.003],
    ["claim_open", 0.002],
    ["claim_contested", 0.002],
  ];
  let acc = 0;
  const stateCase = `case ${shares.map(([s, p]) => `when u < ${(acc += p).toFixed(4)} then '${s}'`).join(" ")} else 'released' end`;
  const LIVE = `('awaiting_fixer_confirmation','booked','done_marked','disputed','staff_review','claim_open','claim_contested')`;
  const UNPAID = `('pending_payment','expired')`;

  return [
    {
      name: "helpers",
      sql: `
        create or replace function pg_temp.r(label text, n bigint) returns double precision language sql immutable parallel safe as
          $$ select ((hashtextextended(label || ':' || n, 47) & 9007199254740991)::double precision / 9007199254740992) $$;
        create temp table scale_now as select date_trunc('minute', now()) as t;
        create temp table districts as
          select d, area, area || (1 + (d - 1) / ${areasUsed})::text as code
          from (select d, (${sqlArray(AREAS.slice(0, areasUsed))})[1 + (d - 1) % ${areasUsed}] as area from generate_series(1, ${c.districts}) d) x;
        create unique index on districts (d);
        create index on districts (code);
        create index on districts (area);
        create temp table svc as select i, s from unnest(${sqlArray(SERVICES)}::text[]) with ordinality as t(s, i);`,
    },
    {
      name: "users and accounts",
      sql: `
        insert into users (id, name, email, email_verified, created_at, updated_at, full_name, phone, user_type, role)
        select id, nm, email, true, t, t, nm, '07700 9' || lpad((n % 100000)::text, 5, '0'), kind, role from (
          select 'scale-staff' as id, 0 as n, 'admin' as role, 'customer' as kind, 'Sam Staff' as nm, '${SCALE_USERS.staff}' as email, (select t from scale_now) - interval '730 days' as t
          union all
          select 'scale-f-' || n, n, 'user', 'fixer',
            (${sqlArray(FIRST)})[1 + floor(pg_temp.r('ffirst', n) * ${FIRST.length})::int] || ' ' || (${sqlArray(LAST)})[1 + floor(pg_temp.r('flast', n) * ${LAST.length})::int],
            'fixer' || n || '@scale.test', (select t from scale_now) - interval '730 days' * pg_temp.r('fcreated', n)
          from generate_series(1, ${c.fixers}) n
          union all
          select 'scale-c-' || n, n, 'user', 'customer',
            (${sqlArray(FIRST)})[1 + floor(pg_temp.r('cfirst', n) * ${FIRST.length})::int] || ' ' || (${sqlArray(LAST)})[1 + floor(pg_temp.r('clast', n) * ${LAST.length})::int],
            'customer' || n || '@scale.test', (select t from scale_now) - interval '730 days' * pg_temp.r('ccreated', n)
          from generate_series(1, ${c.customers}) n
        ) u;
        insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select 'acc-' || id, id, 'credential', id, '${passwordHash}', created_at, created_at from users;`,
    },
    {
      name: "fixers: registrations, applications, profiles, coverage, checks, payout accounts",
      sql: `
        create temp table fx as
        select n, 'scale-f-' || n as id,
          -- the fixer's home district, skewed to the busy ones; fixer 1 (the busy fixer) covers whole areas
          1 + floor(power(pg_temp.r('fhome', n), 1.5) * ${c.districts})::int as home,
          1 + floor(pg_temp.r('fnd', n) * 4)::int as nd,
          pg_temp.r('fwide', n) < 0.03 as wide,
          1 + floor(power(pg_temp.r('fns', n), 1.3) * 3)::int as ns
        from generate_series(1, ${c.fixers}) n;
        insert into fixer_registrations (id, first_name, last_name, email, phone, paid_at, user_id, unlocked_at, onboarding_completed, created_at)
        select fx.n, split_part(u.name, ' ', 1), split_part(u.name, ' ', 2), u.email, u.phone, u.created_at, u.id, u.created_at, true, u.created_at
        from fx join users u on u.id = fx.id;
        insert into fixer_onboarding (id, registration_id, user_id, email, qualifications, expertise, insurance, status, reviewed_by, reviewed_at, identity_checked, insurance_checked, qualifications_checked, created_at, updated_at)
        select fx.n, fx.n, u.id, u.email, 'City & Guilds Level 3', 'Fifteen years of domestic work', 'Public liability £2m', 'approved', 'scale-staff', u.created_at + interval '2 days', true, true, true, u.created_at + interval '1 day', u.created_at + interval '2 days'
        from fx join users u on u.id = fx.id;
        select setval(pg_get_serial_sequence('fixer_registrations', 'id'), ${c.fixers});
        select setval(pg_get_serial_sequence('fixer_onboarding', 'id'), ${c.fixers});
        insert into fixer_profiles (user_id, onboarding_id, slug, display_name, bio, created_at, updated_at)
        select u.id, fx.n, 'scale-' || lower(split_part(u.name, ' ', 1)) || '-' || fx.n, split_part(u.name, ' ', 1) || ' ' || left(split_part(u.name, ' ', 2), 1) || '.',
          'Reliable, tidy and on time. Fully insured.', u.created_at + interval '2 days', u.created_at + interval '2 days'
        from fx join users u on u.id = fx.id;
        insert into fixer_services (fixer_user_id, service)
        select distinct fx.id, case when fx.n = 1 then svc.s else (select s from svc where i = 1 + floor(power(pg_temp.r('fsvc' || k, fx.n), 1.8) * 11)::int) end
        from fx cross join lateral generate_series(1, case when fx.n = 1 then 11 else fx.ns end) k
        left join svc on fx.n = 1 and svc.i = k;
        insert into fixer_areas (fixer_user_id, code)
        select distinct fx.id, case when fx.n = 1 or fx.wide then d.area else d.code end
        from fx cross join lateral generate_series(0, case when fx.n = 1 then 2 when fx.wide then 0 else fx.nd - 1 end) k
        join districts d on d.d = case when fx.n = 1 then 1 + k else 1 + (fx.home - 1 + k) % ${c.districts} end;
        insert into fixer_checks (fixer_user_id, kind, evidence, onboarding_id, checked_by, checked_at)
        select distinct fs.fixer_user_id, p.kind, 'Seen: ' || p.kind || ' ' || fx.n, fx.n, 'scale-staff', u.created_at + interval '2 days'
        from fixer_services fs join (values ${checkPairs}) as p(service, kind) on p.service = fs.service
        join fx on fx.id = fs.fixer_user_id join users u on u.id = fx.id;
        insert into payout_accounts (fixer_user_id, provider, provider_account_id, status, created_at, activated_at)
        select fx.id, 'test', 'acct_test_scale_' || fx.n, 'active', u.created_at + interval '3 days', u.created_at + interval '3 days'
        from fx join users u on u.id = fx.id;
        -- Each non-busy fixer's coverage as arrays, to seed jobs where fixers are.
        create temp table fxcov as
        select fx.n, (select array_agg(service order by service) from fixer_services where fixer_user_id = fx.id) as services,
          array(select d.d from fixer_areas a join districts d on d.code = a.code where a.fixer_user_id = fx.id
                union all select d.d from fixer_areas a join districts d on d.area = a.code where a.fixer_user_id = fx.id) as ds
        from fx where fx.n > 1;
        create unique index on fxcov (n);`,
    },
    {
      name: "jobs",
      sql: `
        -- Each job starts from a fixer's coverage (so it has at least one match), then gets a customer,
        -- a kind (open, booked with a booking state, or closed) and a date that suits the kind.
        create temp table jspec as
        select k, kind, state, cov.services[1 + floor(pg_temp.r('jsvc', k) * array_length(cov.services, 1))::int] as service,
          cov.ds[1 + floor(pg_temp.r('jd', k) * array_length(cov.ds, 1))::int] as d,
          1 + floor(power(pg_temp.r('jcust', k), 1.4) * ${c.customers})::int as cust,
          (select t from scale_now) - case
            when kind = 'open' then interval '60 days' * pg_temp.r('jt', k)
            when state = 'pending_payment' then interval '20 hours' * pg_temp.r('jt', k) + interval '2 hours'
            when state in ${LIVE} then interval '21 days' * pg_temp.r('jt', k) + interval '3 days'
            else interval '700 days' * pg_temp.r('jt', k) + interval '30 days' end as created_at
        from (
          select k, case when k <= ${c.bookedJobs} then 'booked' when k <= ${c.bookedJobs + c.closedJobs} then 'closed' else 'open' end as kind,
            case when k <= ${c.bookedJobs} then (select ${stateCase} from (select pg_temp.r('state', k) as u) s) end as state
          from generate_series(1, ${c.bookedJobs + c.closedJobs + c.openJobs}) k
        ) s
        join fxcov cov on cov.n = 2 + floor(pg_temp.r('jfixer', k) * ${nonBusyFixers - 1})::int;
        insert into jobs (id, customer_user_id, service, postcode, outward, district, area, title, description, timing, preferred_date, budget, status, created_at, updated_at)
        select row_number() over (order by j.created_at, j.k), 'scale-c-' || j.cust, j.service,
          d.code || ' ' || (1 + floor(pg_temp.r('pc', j.k) * 9)::int) || chr(65 + floor(pg_temp.r('pc1', j.k) * 26)::int) || chr(65 + floor(pg_temp.r('pc2', j.k) * 26)::int),
          d.code, d.code, d.area,
          initcap(replace(j.service, '-', ' ')) || ' job ' || j.k,
          'Scale copy job ' || j.k || ': please quote for the work described, with materials if you can.',
          (array['asap','week','flexible','date'])[1 + floor(pg_temp.r('timing', j.k) * 4)::int],
          case when floor(pg_temp.r('timing', j.k) * 4)::int = 3 then (j.created_at + interval '10 days')::date end, (array['under_100','100_250','250_500','500_1000', '1000_2500', null])[1 + floor(pg_temp.r('budget', j.k) * 6)::int],
          case when j.kind = 'open' then 'open' when j.kind = 'closed' then 'closed'
               when j.state in ('released','partly_released') then 'done'
               when j.state in ${LIVE} or j.state = 'pending_payment' then 'in_progress' else 'closed' end,
          j.created_at, j.created_at
        from jspec j join districts d on d.d = j.d;
        select setval(pg_get_serial_sequence('jobs', 'id'), (select max(id) from jobs));
        create temp table jmap as select j.id, s.k, s.kind, s.state from jobs j join (select k, kind, state, row_number() over (order by created_at, k) as id from jspec) s on s.id = j.id;
        create unique index on jmap (id);`,
    },
    {
      name: "job matches",
      sql: `
        -- The fixers covering the job's district or its whole area (the outward code is the district here),
        -- offering its service: two equi-joins (hash joins), not one join on an OR.
        insert into job_matches (job_id, fixer_user_id, notified_at, invited, created_at)
        select distinct on (id, fixer_user_id) id, fixer_user_id, created_at + interval '1 minute', false, created_at + interval '1 minute' from (
          select j.id, j.created_at, fa.fixer_user_id from jobs j
          join fixer_areas fa on fa.code = j.district join fixer_services fs on fs.fixer_user_id = fa.fixer_user_id and fs.service = j.service
          union all
          select j.id, j.created_at, fa.fixer_user_id from jobs j
          join fixer_areas fa on fa.code = j.area join fixer_services fs on fs.fixer_user_id = fa.fixer_user_id and fs.service = j.service
        ) m order by id, fixer_user_id;`,
    },
    {
      name: "quotes",
      sql: `
        -- The busy fixer's booked jobs (released ones) and a few open ones it quoted; everyone else by rank.
        create temp table busy_booked as
        select m.job_id from job_matches m join jmap on jmap.id = m.job_id
        where m.fixer_user_id = 'scale-f-1' and jmap.state = 'released'
        order by pg_temp.r('busy', m.job_id) limit ${c.busyPaid};
        create temp table busy_open as
        select m.job_id from job_matches m join jmap on jmap.id = m.job_id
        where m.fixer_user_id = 'scale-f-1' and jmap.kind = 'open'
        order by pg_temp.r('busyo', m.job_id) limit ${c.busyOpenQuotes};
        create temp table qspec as
        select m.job_id, m.fixer_user_id, jmap.kind, jmap.state, rnk,
          case when jmap.kind = 'booked' then 1 + floor(pg_temp.r('nq', m.job_id) * 2.6)::int
               when jmap.kind = 'closed' then floor(pg_temp.r('nq', m.job_id) * 2)::int
               else floor(pg_temp.r('nq', m.job_id) * 4.5)::int end as nq
        from (
          select m.*, row_number() over (partition by m.job_id order by
            (m.fixer_user_id = 'scale-f-1' and (m.job_id in (select job_id from busy_booked) or m.job_id in (select job_id from busy_open))) desc,
            m.fixer_user_id = 'scale-f-1', pg_temp.r(m.fixer_user_id, m.job_id)) as rnk
          from job_matches m
        ) m join jmap on jmap.id = m.job_id;
        delete from qspec where fixer_user_id = 'scale-f-1' and not (job_id in (select job_id from busy_booked) or job_id in (select job_id from busy_open));
        insert into quotes (job_id, fixer_user_id, price_kind, amount_pence, amount_to_pence, includes, earliest_start, message, status, created_at, updated_at)
        select q.job_id, q.fixer_user_id, 'fixed', 2500 * (2 + floor(power(pg_temp.r('price', q.job_id * 31 + q.rnk), 2) * 60)::int), null,
          'Labour and materials', (j.created_at + interval '5 days')::date, 'Happy to help: I can start soon.',
          case when q.kind = 'booked' and q.rnk = 1 then 'accepted'
               when q.kind = 'booked' then 'not_selected'
               when q.kind = 'closed' then 'declined'
               when pg_temp.r('wd', q.job_id * 31 + q.rnk) < 0.04 then 'withdrawn' else 'sent' end,
          j.created_at + interval '1 hour' * (1 + q.rnk * 3), j.created_at + interval '1 hour' * (1 + q.rnk * 3)
        from qspec q join jobs j on j.id = q.job_id
        where q.rnk <= q.nq or (q.fixer_user_id = 'scale-f-1')
        order by j.created_at + interval '1 hour' * (1 + q.rnk * 3), q.job_id, q.rnk;`,
    },
    {
      name: "the busy customer's job (quotes from every matched fixer)",
      sql: `
        create temp table busy_job as
        select m.job_id from job_matches m join jobs j on j.id = m.job_id
        where j.status = 'open' and m.fixer_user_id <> 'scale-f-1'
        group by m.job_id order by count(*) desc, m.job_id limit 1;
        update jobs set customer_user_id = 'scale-c-1' where id = (select job_id from busy_job);
        insert into quotes (job_id, fixer_user_id, price_kind, amount_pence, includes, earliest_start, message, status, created_at, updated_at)
        select m.job_id, m.fixer_user_id, 'fixed', 15000, 'Labour and materials', (j.created_at + interval '5 days')::date, 'Happy to help.', 'sent', j.created_at + interval '2 hours', j.created_at + interval '2 hours'
        from job_matches m join jobs j on j.id = m.job_id
        where m.job_id = (select job_id from busy_job) and m.fixer_user_id <> 'scale-f-1'
        on conflict (job_id, fixer_user_id) do nothing;`,
    },
    {
      name: "bookings, payments, transitions and cases",
      sql: `
        create temp table bspec as
        select b.*, floor((price * 5 + 50) / 100)::int as fee, floor((price * 10 + 50) / 100)::int as charge, least(floor((price * 20 + 50) / 100)::int, 3000) as late_fee
        from (
          select q.id as quote_id, q.job_id, j.customer_user_id, q.fixer_user_id, q.amount_pence as price,
            case when q.fixer_user_id = 'scale-f-1' then 'released' else jmap.state end as state, q.created_at + interval '1 day' as created_at
          from quotes q join jobs j on j.id = q.job_id join jmap on jmap.id = q.job_id where q.status = 'accepted'
        ) b;
        insert into bookings (quote_id, job_id, customer_user_id, fixer_user_id, slot_date, slot_window, slot_proposed_by, price_pence, customer_fee_pence, discount_pence, credit_pence, total_pence, fixer_charge_pence, fixer_net_pence, late_fee_pence, state, paid_at, done_marked_at, settled_at, created_at, updated_at)
        select quote_id, job_id, customer_user_id, fixer_user_id, (created_at + interval '7 days')::date,
          (array['morning','afternoon','evening'])[1 + floor(pg_temp.r('win', quote_id) * 3)::int],
          case when state = 'awaiting_fixer_confirmation' or pg_temp.r('prop', quote_id) < 0.1 then 'customer' else 'fixer' end,
          price, fee, 0, 0, price + fee, charge, price - charge, late_fee, state,
          case when state not in ${UNPAID} then created_at + interval '10 minutes' end,
          case when state in ('released','partly_released','done_marked','disputed','staff_review') then created_at + interval '8 days' end,
          case when state not in ${LIVE} and state not in ${UNPAID} then created_at + interval '10 days' end,
          created_at, created_at + case when state in ${LIVE} or state = 'pending_payment' then interval '10 minutes' else interval '10 days' end
        from bspec order by created_at, quote_id;
        insert into payments (id, product, amount_pence, currency, provider, provider_session_id, status, user_id, email, reference, created_at, updated_at, paid_at, fulfilled_at)
        select md5('scale-payment-' || b.id)::uuid::text, 'booking', b.total_pence, 'gbp', 'test', 'cs_test_scale_' || b.id,
          case when b.state = 'pending_payment' then 'pending' when b.state = 'expired' then 'expired' else 'paid' end,
          b.customer_user_id, u.email, jsonb_build_object('bookingId', b.id), b.created_at + interval '1 minute',
          coalesce(b.paid_at, b.created_at + interval '1 minute'), b.paid_at, b.paid_at
        from bookings b join users u on u.id = b.customer_user_id order by b.id;
        update bookings set payment_id = md5('scale-payment-' || id)::uuid::text where paid_at is not null;
        insert into booking_transitions (booking_id, transition, from_state, to_state, actor_role, actor_user_id, details, idempotency_key, created_at)
        select id, t.transition, t.from_state, t.to_state, t.actor, t.actor_user, '{}', 'booking-' || id || '-' || t.transition, t.at
        from bookings b cross join lateral (values
          ('create', 'pending_payment', 'pending_payment', 'customer', b.customer_user_id, b.created_at, true),
          ('pay', 'pending_payment', case when b.slot_proposed_by = 'customer' then 'awaiting_fixer_confirmation' else 'booked' end, 'provider', null, b.paid_at, b.paid_at is not null),
          (case b.state when 'released' then 'confirm_done' when 'partly_released' then 'staff_decide' when 'refunded' then 'staff_decide' when 'cancelled_by_customer' then 'cancel'
             when 'cancelled_late' then 'cancel' when 'cancelled_by_fixer' then 'fixer_cancel' when 'slot_declined' then 'decline_slot' when 'no_show' then 'agree_claim'
             when 'lapsed' then 'lapse' when 'expired' then 'expire_payment' when 'done_marked' then 'mark_done' when 'disputed' then 'report_problem'
             when 'staff_review' then 'staff_review' when 'claim_open' then 'report_no_show' when 'claim_contested' then 'contest_claim' else 'none' end,
           case when b.slot_proposed_by = 'customer' then 'awaiting_fixer_confirmation' else 'booked' end, b.state,
           case when b.state in ('cancelled_by_fixer','slot_declined','done_marked') then 'fixer' when b.state in ('lapsed','expired','staff_review') then 'system'
                when b.state in ('partly_released','refunded') then 'staff' else 'customer' end, null, b.updated_at,
           b.state not in ('pending_payment','awaiting_fixer_confirmation','booked'))
        ) as t(transition, from_state, to_state, actor, actor_user, at, keep)
        where t.keep order by t.at, b.id;
        insert into booking_cases (booking_id, kind, claim, opened_at, answer_due_at, answer, answered_at, outcome, closed_at)
        select id, 'no_show', 'The fixer did not come.', updated_at - interval '1 day', updated_at + interval '1 day',
          case when state = 'claim_contested' then 'I came and nobody was in.' end, case when state = 'claim_contested' then updated_at end,
          case when state = 'no_show' then 'agreed' end, case when state = 'no_show' then updated_at end
        from bookings where state in ('claim_open','claim_contested','no_show');`,
    },
    {
      name: "ledger, provider operations, the test provider's books",
      sql: `
        -- What each paid booking's settlement moved (all balanced): the fixer's share, the refund, FixiT's fees.
        create temp table money as
        select b.id, b.fixer_user_id, b.payment_id, b.total_pence as total, b.state, b.paid_at, b.settled_at,
          case b.state when 'released' then 'confirm_done' when 'partly_released' then 'staff_decide' when 'refunded' then 'staff_decide' when 'cancelled_by_customer' then 'cancel'
            when 'cancelled_late' then 'cancel' when 'cancelled_by_fixer' then 'fixer_cancel' when 'slot_declined' then 'decline_slot' when 'no_show' then 'agree_claim' when 'lapsed' then 'lapse' end as transition,
          case b.state when 'released' then b.fixer_net_pence when 'partly_released' then b.fixer_net_pence / 2 when 'cancelled_late' then b.late_fee_pence else 0 end as to_fixer,
          case when b.state in ('refunded','cancelled_by_customer','cancelled_by_fixer','slot_declined','no_show','lapsed') then b.total_pence
               when b.state = 'partly_released' then b.total_pence / 2 when b.state = 'cancelled_late' then b.total_pence - b.late_fee_pence else 0 end as refund
        from bookings b where b.paid_at is not null;
        insert into ledger_accounts (code, kind, owner_user_id, created_at)
        select code, code, null, (select t from scale_now) - interval '731 days' from unnest(array['customer_payments','held_funds','platform_fees','promotions','refunds','fixer_payouts','credit_reserved']) code
        union all
        select 'fixer_payable:' || fixer_user_id, 'fixer_payable', fixer_user_id, min(settled_at) from money where to_fixer > 0 group by fixer_user_id;
        create temp table ev as
        select row_number() over (order by at, booking_id, ord) as id, * from (
          select id as booking_id, 1 as ord, 'payment' as kind, 'payment-' || payment_id || '-received' as key, paid_at as at,
            array['customer_payments','held_funds'] as accts, array[-total, total]::bigint[] as amts
          from money
          union all
          select id, 2, 'settle_' || transition, 'booking-' || id || '-' || transition || '-settle', settled_at,
            array_remove(array['held_funds', case when to_fixer > 0 then 'fixer_payable:' || fixer_user_id end, case when total - to_fixer - refund > 0 then 'platform_fees' end, case when refund > 0 then 'refunds' end], null),
            array_remove(array[-total, nullif(to_fixer, 0), nullif(total - to_fixer - refund, 0), nullif(refund, 0)], null)::bigint[]
          from money where transition is not null
          union all
          select id, 3, 'payout', 'booking-' || id || '-' || transition || '-transfer-done', settled_at + interval '1 minute',
            array['fixer_payable:' || fixer_user_id, 'fixer_payouts'], array[-to_fixer, to_fixer]::bigint[]
          from money where to_fixer > 0
          union all
          select id, 4, 'refund_paid', 'booking-' || id || '-' || transition || '-refund-done', settled_at + interval '2 minutes',
            array['refunds','customer_payments'], array[-refund, refund]::bigint[]
          from money where refund > 0
        ) e;
        insert into ledger_events (id, kind, booking_id, idempotency_key, created_at) select id, kind, booking_id, key, at from ev order by id;
        select setval(pg_get_serial_sequence('ledger_events', 'id'), (select max(id) from ledger_events));
        insert into ledger_entries (event_id, account_id, amount_pence)
        select ev.id, a.id, x.amt from ev cross join lateral unnest(ev.accts, ev.amts) as x(code, amt) join ledger_accounts a on a.code = x.code order by ev.id;
        insert into provider_operations (idempotency_key, kind, booking_id, provider, amount_pence, fixer_user_id, payment_id, status, provider_object_id, attempts, created_at, completed_at)
        select key, kind, id, 'test', amount, fixer, payment_id, 'succeeded', prefix || '_test_scale_' || id, 1, settled_at, settled_at + interval '1 minute' from (
          select id, 'booking-' || id || '-' || transition || '-transfer' as key, 'transfer' as kind, to_fixer as amount, fixer_user_id as fixer, payment_id, 'tr' as prefix, settled_at from money where to_fixer > 0
          union all
          select id, 'booking-' || id || '-' || transition || '-refund', 'refund', refund, null, payment_id, 're', settled_at from money where refund > 0
        ) o order by settled_at, id, kind;
        insert into test_provider_objects (id, idempotency_key, kind, amount_pence, destination, reference, created_at)
        select o.provider_object_id, o.idempotency_key, o.kind, o.amount_pence, case when o.kind = 'transfer' then 'acct_test_scale_' || substr(o.fixer_user_id, 9) end,
          case when o.kind = 'transfer' then 'booking-' || o.booking_id else o.payment_id end, o.completed_at
        from provider_operations o;`,
    },
    {
      name: "messages and read markers",
      sql: `
        -- One thread per quote (the quote's fixer and the job's customer), most short, some long.
        create temp table threads as
        select q.job_id, q.fixer_user_id, j.customer_user_id, q.created_at,
          case when q.job_id = (select job_id from busy_job) then 0
               -- every thread of the busy fixer has a message (its header counts read markers over all of them)
               when q.fixer_user_id = 'scale-f-1' then 1 + floor(-ln(1 - pg_temp.r('nm', q.id) * 0.999999) * 1.5)::int
               else floor(-ln(1 - pg_temp.r('nm', q.id) * 0.999999) * 2.25)::int end as nm
        from quotes q join jobs j on j.id = q.job_id;
        update threads set nm = ${c.busyMessages} / (select count(*) from threads t2 where t2.job_id = threads.job_id) where job_id = (select job_id from busy_job);
        -- The busy fixer's extra threads: customers who asked it by name (invited) and wrote first.
        create temp table busy_invited as
        select m.job_id from job_matches m join jobs j on j.id = m.job_id
        where m.fixer_user_id = 'scale-f-1' and j.status = 'open' and not exists (select 1 from quotes q where q.job_id = m.job_id and q.fixer_user_id = 'scale-f-1')
        order by pg_temp.r('inv', m.job_id) limit ${c.busyInvited};
        update job_matches set invited = true where fixer_user_id = 'scale-f-1' and job_id in (select job_id from busy_invited);
        insert into threads select j.id, 'scale-f-1', j.customer_user_id, j.created_at, 1 + floor(pg_temp.r('inm', j.id) * 2)::int from jobs j where j.id in (select job_id from busy_invited);
        insert into job_messages (job_id, fixer_user_id, sender_user_id, body, created_at)
        select t.job_id, t.fixer_user_id, case when k % 2 = 1 then t.customer_user_id else t.fixer_user_id end,
          'Scale message ' || k || ' on job ' || t.job_id || ': does Tuesday morning suit you?', t.created_at + interval '37 minutes' * k
        from threads t cross join lateral generate_series(1, t.nm) k
        order by t.created_at + interval '37 minutes' * k, t.job_id, t.fixer_user_id;
        -- Read markers: the customer and the fixer of each thread, mostly up to date (some a message behind).
        insert into thread_reads (user_id, job_id, fixer_user_id, last_read_message_id, updated_at)
        select t.customer_user_id, m.job_id, m.fixer_user_id, case when pg_temp.r('rc', m.last) < 0.15 and m.prev is not null then m.prev else m.last end, m.at
        from (select job_id, fixer_user_id, max(id) as last, (array_agg(id order by id desc))[2] as prev, max(created_at) as at from job_messages group by job_id, fixer_user_id) m
        join jobs t on t.id = m.job_id
        union all
        select m.fixer_user_id, m.job_id, m.fixer_user_id, case when pg_temp.r('rf', m.last) < 0.2 and m.prev is not null then m.prev else m.last end, m.at
        from (select job_id, fixer_user_id, max(id) as last, (array_agg(id order by id desc))[2] as prev, max(created_at) as at from job_messages group by job_id, fixer_user_id) m;`,
    },
    {
      name: "notifications",
      sql: `
        insert into notifications (user_id, kind, title, link, delivery, emailed_at, read_at, created_at)
        select user_id, kind, title, link, 'instant', at, case when at < (select t from scale_now) - interval '5 days' and pg_temp.r('read', n) < 0.9 then at + interval '1 day' end, at from (
          select j.customer_user_id as user_id, 'quote_received' as kind, 'New quote for ' || j.title as title, '/account/jobs/' || j.id as link, q.created_at as at, q.id as n
          from quotes q join jobs j on j.id = q.job_id where pg_temp.r('nq', q.id) < 0.6
          union all
          select b.fixer_user_id, 'booking', 'Booking ' || b.id || ': ' || replace(b.state, '_', ' '), '/fixer/bookings/' || b.id, b.updated_at, -b.id
          from bookings b where b.paid_at is not null
        ) x order by at, n;`,
    },
    {
      name: "named users",
      sql: `
        -- The typical fixer: the one whose open leads are the median of fixers covering districts (not whole areas).
        create temp table typical as
        select fixer_user_id from (
          select m.fixer_user_id, count(*) as leads from job_matches m join jobs j on j.id = m.job_id
          where j.status = 'open' and m.fixer_user_id in (select id from fx where not wide and n > 1)
          group by m.fixer_user_id
        ) x order by leads, fixer_user_id offset (select count(distinct fixer_user_id) / 2 from job_matches m join fx on fx.id = m.fixer_user_id and not fx.wide and fx.n > 1) limit 1;
        update users set email = '${SCALE_USERS.typicalFixer}' where id = (select fixer_user_id from typical);
        update users set email = '${SCALE_USERS.busyFixer}' where id = 'scale-f-1';
        update users set email = '${SCALE_USERS.busyCustomer}' where id = 'scale-c-1';
        update users set email = '${SCALE_USERS.typicalCustomer}' where id = (
          select customer_user_id from jobs group by customer_user_id having count(*) between 2 and 4 order by customer_user_id limit 1);
        update fixer_registrations r set email = u.email from users u where u.id = r.user_id and u.email like '%.%@scale.test';
        update fixer_onboarding o set email = u.email from users u where u.id = o.user_id and u.email like '%.%@scale.test';
        update payments p set email = u.email from users u where u.id = p.user_id and u.email like '%.%@scale.test';`,
    },
  ];
}

/** What the copy holds, for the summary and the tests. */
export async function scaleFigures(client: pg.Client | pg.PoolClient) {
  const tables = ["users", "fixer_profiles", "jobs", "job_matches", "quotes", "bookings", "payments", "provider_operations", "ledger_entries", "job_messages", "thread_reads", "notifications"];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  const one = async (q: string) => (await client.query(q)).rows[0] as Record<string, string | null>;
  const figures = {
    counts,
    openJobs: Number((await one("select count(*) as n from jobs where status = 'open'")).n),
    districts: Number((await one("select count(distinct district) as n from jobs")).n),
    ledgerTotal: Number((await one("select coalesce(sum(amount_pence), 0) as n from ledger_entries")).n),
    unbalancedEvents: Number((await one("select count(*) as n from (select event_id from ledger_entries group by event_id having sum(amount_pence) <> 0) x")).n),
    bookingStates: Number((await one("select count(distinct state) as n from bookings")).n),
    busyFixerQuotes: Number((await one(`select count(*) as n from quotes q join users u on u.id = q.fixer_user_id where u.email = '${SCALE_USERS.busyFixer}'`)).n),
    busyFixerPaid: Number((await one(`select count(*) as n from bookings b join users u on u.id = b.fixer_user_id where u.email = '${SCALE_USERS.busyFixer}' and b.state = 'released'`)).n),
    busyFixerReadMarkers: Number((await one(`select count(*) as n from thread_reads t join users u on u.id = t.user_id where u.email = '${SCALE_USERS.busyFixer}'`)).n),
    busyJob: (await one(`select j.id, count(m.id) as messages from jobs j join users u on u.id = j.customer_user_id join job_messages m on m.job_id = j.id where u.email = '${SCALE_USERS.busyCustomer}' group by j.id order by count(m.id) desc limit 1`)) as { id: string; messages: string } | undefined,
    typicalFixerLeads: Number((await one(`select count(*) as n from job_matches m join jobs j on j.id = m.job_id join users u on u.id = m.fixer_user_id where u.email = '${SCALE_USERS.typicalFixer}' and j.status = 'open'`)).n),
  };
  return figures;
}

export type SeedOptions = { factor: number; databaseUrl: string; log?: (line: string) => void };

/** Migrates `databaseUrl` (created if missing) and fills it; answers each step's seconds and the figures. */
export async function seedScale({ factor, databaseUrl, log = () => {} }: SeedOptions) {
  if (!(factor > 0 && factor <= 1)) throw new Error(`--factor must be in (0, 1], got ${factor}`);
  await createDatabaseIfMissing(databaseUrl);
  const timings: { step: string; seconds: number }[] = [];
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    timings.push({ step, seconds });
    log(`  ${step.padEnd(78)} ${seconds.toFixed(1).padStart(6)} s`);
    return result;
  };
  await timed("migrate (server/db/client.ts)", async () => {
    const database = await openDatabase({ database: { kind: "postgres", url: databaseUrl } });
    await database.close();
  });
  const passwordHash = await timed("hash the password (better-auth's scrypt, once)", () => hashPassword(SCALE_PASSWORD));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from users");
    if (rows[0].n > 0) throw new Error(`the database already has ${rows[0].n} users: seed an empty one`);
    await client.query("set synchronous_commit = off; set work_mem = '64MB'; set maintenance_work_mem = '256MB'");
    for (const step of scaleSteps(factor, passwordHash)) {
      await timed(step.name, async () => {
        await client.query("begin");
        await client.query(step.sql);
        await client.query("commit");
        // Fresh statistics for the next step's plans (a join planned on empty-table estimates can take hours).
        await client.query("analyze");
      });
    }
    await timed("vacuum analyze", () => client.query("vacuum analyze"));
    const figures = await scaleFigures(client);
    return { timings, figures, total: timings.reduce((s, t) => s + t.seconds, 0) };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function createDatabaseIfMissing(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name this script creates: ${name}`);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i !== -1) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main() {
  const args = process.argv.slice(2);
  const factor = Number(argValue(args, "--factor") ?? "0.01");
  const databaseUrl = argValue(args, "--database-url") ?? process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith("postgres")) {
    console.error("usage: npm run seed:scale -- --factor 1|0.01 --database-url postgres://… (or DATABASE_URL): PostgreSQL only");
    process.exit(2);
  }
  console.log(`seed:scale factor ${factor} into ${new URL(databaseUrl).pathname.slice(1)}`);
  const { timings, figures, total } = await seedScale({ factor, databaseUrl, log: (line) => console.log(line) });
  void timings;
  console.log(`  ${"total".padEnd(78)} ${total.toFixed(1).padStart(6)} s`);
  console.log("\nrows:");
  for (const [table, n] of Object.entries(figures.counts)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString("en-GB").padStart(11)}`);
  console.log(`  open jobs ${figures.openJobs.toLocaleString("en-GB")}, districts with jobs ${figures.districts}, booking states ${figures.bookingStates}`);
  console.log(`  ledger total ${figures.ledgerTotal} (must be 0), unbalanced events ${figures.unbalancedEvents}`);
  console.log(
    `  busy fixer: ${figures.busyFixerQuotes} quotes, ${figures.busyFixerPaid} released bookings, ${figures.busyFixerReadMarkers} read markers; busy customer's job ${figures.busyJob?.id}: ${figures.busyJob?.messages} messages; typical fixer: ${figures.typicalFixerLeads} open leads`,
  );
  console.log(`\nsign in (password ${SCALE_PASSWORD}):`);
  for (const email of Object.values(SCALE_USERS)) console.log(`  ${email}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
