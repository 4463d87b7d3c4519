import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { emergencyHours, emergencyOverrides, emergencyServices } from "#server/db/schema/emergency.ts";
import { fixerAreasView, fixerProfilesView } from "~/features/quotes/projections.server";
import { londonWallTime } from "~/content/dates";
import { requireActiveFixer } from "~/features/quotes/access.server";
import { coversPlace, fixerCoverage, offersServiceNow } from "~/features/quotes/coverage.server";
import { coveringCodes, normaliseCoverageCode, parseCoveragePlace } from "~/features/quotes/postcodes";
import { RefusalError } from "~/lib/forms/refusal-error";
import type { Nearness } from "./dispatch-plan";
import { onCallStatus, overrideUntil, type OnCallStatus, type Override, type WeeklySpan } from "./on-call-time";
import { emergencyRates, emergencyServiceName, emergencyServiceSlugs, isEmergencyService, type EmergencyService } from "./rates";
import type { EmergencyServiceInput } from "./schemas";
import type { OnCallCoverage } from "./coverage-copy";

/**
 * Fixers on call for emergencies (issue 51, item 1; decision 079): a fixer's opt-ins per service
 * with their rate, their weekly hours and the "On call now / Off now" override, and the two reads
 * the rest of the product asks: `onCallFixersNear` (the request form's count and, next, dispatch)
 * and `onCallNowForStaff` (the staff page). "On call" is decided in SQL by `onCallAt`, which is
 * `onCallStatus`'s rule (on-call-time.ts) written for the database.
 */

// ---- the fixer's own settings ------------------------------------------------------------------

async function spansOf(db: DbOrTx, fixerUserId: string): Promise<WeeklySpan[]> {
  return db
    .select({ weekday: emergencyHours.weekday, startMinute: emergencyHours.startMinute, endMinute: emergencyHours.endMinute })
    .from(emergencyHours)
    .where(eq(emergencyHours.fixerUserId, fixerUserId))
    .orderBy(asc(emergencyHours.weekday));
}

async function overrideOf(db: DbOrTx, fixerUserId: string): Promise<Override | null> {
  const [row] = await db.select({ onCall: emergencyOverrides.onCall, until: emergencyOverrides.until }).from(emergencyOverrides).where(eq(emergencyOverrides.fixerUserId, fixerUserId));
  return row ?? null;
}

/** The emergency services a fixer may opt into: those of the three they offer now. */
async function eligibleServices(db: DbOrTx, fixerUserId: string): Promise<EmergencyService[]> {
  const coverage = await fixerCoverage(db, fixerUserId);
  return (coverage?.services ?? []).filter(isEmergencyService);
}

export type OnCallPage = {
  services: { service: EmergencyService; name: string; ratePence: number | null; minPence: number; maxPence: number }[];
  /** Emergency services the fixer does not offer (they add them on the dashboard first). */
  notOffered: EmergencyService[];
  spans: WeeklySpan[];
  status: OnCallStatus;
  /** At least one service is on: "On call now" can be tapped. */
  optedIn: boolean;
};

/** What /fixer/emergency shows an approved, active fixer (anyone else: a refusal). */
export async function loadOnCallPage(db: DbOrTx, fixerUserId: string, now: Date): Promise<OnCallPage> {
  await requireActiveFixer(db, fixerUserId);
  const [eligible, rows, spans, override] = await Promise.all([
    eligibleServices(db, fixerUserId),
    db.select({ service: emergencyServices.service, ratePence: emergencyServices.ratePence }).from(emergencyServices).where(eq(emergencyServices.fixerUserId, fixerUserId)),
    spansOf(db, fixerUserId),
    overrideOf(db, fixerUserId),
  ]);
  const rates = new Map(rows.map((r) => [r.service, r.ratePence]));
  const services = eligible.map((service) => ({ service, name: emergencyServiceName(service), ratePence: rates.get(service) ?? null, ...emergencyRates[service] }));
  const optedIn = services.some((s) => s.ratePence !== null);
  return {
    services,
    notOffered: emergencyServiceSlugs.filter((s) => !eligible.includes(s)),
    spans,
    // Nobody is on call for a service they have not opted into.
    status: optedIn ? onCallStatus(spans, override, now) : { onCall: false, until: null, overridden: false },
    optedIn,
  };
}

/** Take (or stop taking) emergency call-outs for one service, at a rate inside its published range. */
export async function setEmergencyService(db: DbOrTx, fixerUserId: string, input: EmergencyServiceInput): Promise<void> {
  await requireActiveFixer(db, fixerUserId);
  if (!(await eligibleServices(db, fixerUserId)).includes(input.service)) {
    const name = emergencyServiceName(input.service);
    throw new RefusalError("forbidden", `You don't offer ${name} work, so you can't be on call for it. Add ${name} under "Services you offer" on your dashboard first.`);
  }
  if (!input.takeCalls) {
    await db.delete(emergencyServices).where(and(eq(emergencyServices.fixerUserId, fixerUserId), eq(emergencyServices.service, input.service)));
    return;
  }
  const range = emergencyRates[input.service];
  // The schema checked it; the service is the authority all the same.
  if (input.ratePence === null || !Number.isInteger(input.ratePence) || input.ratePence < range.minPence || input.ratePence > range.maxPence) {
    throw new RefusalError("invalid", `Your rate must be within the published emergency range for ${emergencyServiceName(input.service)}.`);
  }
  await db
    .insert(emergencyServices)
    .values({ fixerUserId, service: input.service, ratePence: input.ratePence })
    .onConflictDoUpdate({ target: [emergencyServices.fixerUserId, emergencyServices.service], set: { ratePence: input.ratePence, updatedAt: new Date() } });
}

/** Replace the weekly hours; a running "On call now / Off now" is re-timed to the new hours' next change. */
export async function setEmergencyHours(db: DbOrTx, fixerUserId: string, spans: readonly WeeklySpan[], now: Date): Promise<void> {
  await requireActiveFixer(db, fixerUserId);
  await db.transaction(async (tx) => {
    await tx.delete(emergencyHours).where(eq(emergencyHours.fixerUserId, fixerUserId));
    if (spans.length) await tx.insert(emergencyHours).values(spans.map((s) => ({ fixerUserId, ...s })));
    const override = await overrideOf(tx, fixerUserId);
    if (override && override.until.getTime() > now.getTime()) await writeOverride(tx, fixerUserId, spans, override.onCall, now);
  });
}

async function writeOverride(tx: DbOrTx, fixerUserId: string, spans: readonly WeeklySpan[], onCall: boolean, now: Date) {
  const until = overrideUntil(spans, now, onCall);
  if (!until) {
    await tx.delete(emergencyOverrides).where(eq(emergencyOverrides.fixerUserId, fixerUserId));
    return;
  }
  await tx
    .insert(emergencyOverrides)
    .values({ fixerUserId, onCall, until })
    .onConflictDoUpdate({ target: emergencyOverrides.fixerUserId, set: { onCall, until, updatedAt: new Date() } });
}

/** "On call now" (true), "Off now" (false), or back to the weekly hours ("schedule"). */
export async function setOnCallNow(db: DbOrTx, fixerUserId: string, choice: boolean | "schedule", now: Date): Promise<void> {
  await requireActiveFixer(db, fixerUserId);
  await db.transaction(async (tx) => {
    if (choice === "schedule") {
      await tx.delete(emergencyOverrides).where(eq(emergencyOverrides.fixerUserId, fixerUserId));
      return;
    }
    if (choice) {
      const [any] = await tx.select({ service: emergencyServices.service }).from(emergencyServices).where(eq(emergencyServices.fixerUserId, fixerUserId)).limit(1);
      if (!any) throw new RefusalError("conflict", "Choose a service and your emergency rate first: then you can go on call.");
    }
    await writeOverride(tx, fixerUserId, await spansOf(tx, fixerUserId), choice, now);
  });
}

// ---- who is on call ----------------------------------------------------------------------------

/**
 * SQL: the fixer of the `emergency_services` row is on call at `at`: an override still running says
 * so, else their weekly hours (today's span, or yesterday's running past midnight, in UK wall time).
 * The query joins `emergency_overrides` as `eo`.
 */
function onCallAt(at: Date): SQL {
  const { weekday, minute } = londonWallTime(at);
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  const iso = at.toISOString();
  return sql`(case when "eo"."until" > ${iso}::timestamptz then "eo"."on_call" else exists (select 1 from ${emergencyHours} where ${emergencyHours.fixerUserId} = ${emergencyServices.fixerUserId} and ((${emergencyHours.weekday} = ${weekday} and ${emergencyHours.startMinute} <= ${minute} and (${emergencyHours.endMinute} > ${minute} or ${emergencyHours.endMinute} <= ${emergencyHours.startMinute})) or (${emergencyHours.weekday} = ${yesterday} and ${emergencyHours.endMinute} <= ${emergencyHours.startMinute} and ${emergencyHours.endMinute} > ${minute}))) end)`;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const overrideJoin = sql`left join ${emergencyOverrides} as "eo" on "eo"."fixer_user_id" = ${emergencyServices.fixerUserId}`;

export type OnCallFixer = { fixerUserId: string; displayName: string; ratePence: number; nearness: Nearness };

/**
 * Who is on call for `service` covering `district` (a postcode district like "SW1", an outward code or
 * a full postcode) at `at`: the request form's "how many fixers are on call near you" and dispatch,
 * nearest first (`nearness`: 0 covers the outward code, 1 the district, 2 only the area; decision 082),
 * then the lower rate. Starts from `emergency_services_service_idx`; each candidate's coverage,
 * eligibility, override and hours are primary-key lookups. An unknown place or service has nobody.
 */
export async function onCallFixersNear(db: DbOrTx, options: { service: string; district: string; at: Date }): Promise<OnCallFixer[]> {
  const place = parseCoveragePlace(options.district);
  if (!place || !isEmergencyService(options.service)) return [];
  const codes = coveringCodes(place);
  const nearness = sql`(select min(case ${fixerAreasView.code} when ${place.outward} then 0 when ${place.district} then 1 else 2 end) from ${fixerAreasView} where ${fixerAreasView.fixerUserId} = ${emergencyServices.fixerUserId} and ${inArray(fixerAreasView.code, codes)})`;
  const rows = rowsOf<{ fixer_user_id: string; display_name: string; rate_pence: number; nearness: number | null }>(await db.execute(sql`
    select ${emergencyServices.fixerUserId}, ${fixerProfilesView.displayName}, ${emergencyServices.ratePence}, ${nearness} as nearness
    from ${emergencyServices}
    inner join ${fixerProfilesView} on ${fixerProfilesView.userId} = ${emergencyServices.fixerUserId}
    ${overrideJoin}
    where ${emergencyServices.service} = ${options.service}
      and ${coversPlace(sql`${emergencyServices.fixerUserId}`, place)}
      and ${offersServiceNow(sql`${emergencyServices.fixerUserId}`, sql`${emergencyServices.service}`)}
      and ${onCallAt(options.at)}
    order by nearness, ${emergencyServices.ratePence}, ${emergencyServices.fixerUserId}`));
  return rows.map((r) => ({ fixerUserId: r.fixer_user_id, displayName: r.display_name, ratePence: Number(r.rate_pence), nearness: Math.min(2, Math.max(0, Number(r.nearness ?? 2))) as Nearness }));
}

// ---- the staff page ----------------------------------------------------------------------------

export const STAFF_ON_CALL_PAGE_SIZE = 50;

/** A row's place in the staff list's order (area code, service, fixer): the keyset cursor. */
export type OnCallCursor = { code: string; service: EmergencyService; fixerUserId: string };

/** `after=M1~plumbing~<id>` → a cursor; anything malformed is no cursor (the first page). */
export function parseOnCallCursor(value: string | null): OnCallCursor | null {
  const parts = value?.split("~");
  if (!parts || parts.length !== 3) return null;
  const [code = "", service = "", fixerUserId = ""] = parts;
  if (!/^[A-Z0-9]{1,4}$/.test(code) || !isEmergencyService(service) || !/^[A-Za-z0-9_-]{1,64}$/.test(fixerUserId)) return null;
  return { code, service, fixerUserId };
}

export const onCallCursorParam = (c: OnCallCursor): string => `${c.code}~${c.service}~${c.fixerUserId}`;

export type StaffOnCallRow = OnCallCursor & { displayName: string; ratePence: number; until: Date | null };

/**
 * Fixers on call now by covered area and service, for staff: keyset-paged on (code, service, fixer)
 * (no OFFSET), walked from `fixer_areas_code_idx`; filtered by service and by a district (the
 * fixers covering it). Each row says until when (the fixer's hours, read for the page's fixers only).
 */
export async function onCallNowForStaff(
  db: DbOrTx,
  options: { now: Date; service: EmergencyService | null; district: string | null; after: OnCallCursor | null },
): Promise<{ rows: StaffOnCallRow[]; next: string | null }> {
  const code = options.district ? normaliseCoverageCode(options.district) : null;
  // An area ("M") lists the fixers covering it or any of its districts; a district those covering it.
  const place = code && /\d/.test(code) ? parseCoveragePlace(code) : null;
  const where = place
    ? sql`and ${inArray(fixerAreasView.code, coveringCodes(place))}`
    : code
      ? sql`and (${fixerAreasView.code} = ${code} or ${fixerAreasView.code} ~ ${`^${code}[0-9]`})`
      : options.district
        ? sql`and false`
        : sql``;
  const after = options.after;
  const found = rowsOf<{ code: string; service: string; fixer_user_id: string; display_name: string; rate_pence: number }>(await db.execute(sql`
    select ${fixerAreasView.code}, ${emergencyServices.service}, ${emergencyServices.fixerUserId}, ${fixerProfilesView.displayName}, ${emergencyServices.ratePence}
    from ${fixerAreasView}
    inner join ${emergencyServices} on ${emergencyServices.fixerUserId} = ${fixerAreasView.fixerUserId}
    inner join ${fixerProfilesView} on ${fixerProfilesView.userId} = ${emergencyServices.fixerUserId}
    ${overrideJoin}
    where ${onCallAt(options.now)}
      and ${offersServiceNow(sql`${emergencyServices.fixerUserId}`, sql`${emergencyServices.service}`)}
      ${options.service ? sql`and ${emergencyServices.service} = ${options.service}` : sql``}
      ${where}
      ${after ? sql`and (${fixerAreasView.code}, ${emergencyServices.service}, ${emergencyServices.fixerUserId}) > (${after.code}, ${after.service}, ${after.fixerUserId})` : sql``}
    order by ${fixerAreasView.code}, ${emergencyServices.service}, ${emergencyServices.fixerUserId}
    limit ${STAFF_ON_CALL_PAGE_SIZE + 1}`));
  const page = found.slice(0, STAFF_ON_CALL_PAGE_SIZE);
  const ids = [...new Set(page.map((r) => r.fixer_user_id))];
  const [hours, overrides] = ids.length
    ? await Promise.all([
        db.select().from(emergencyHours).where(inArray(emergencyHours.fixerUserId, ids)),
        db.select().from(emergencyOverrides).where(inArray(emergencyOverrides.fixerUserId, ids)),
      ])
    : [[], []];
  const rows = page.map((r) => {
    const spans = hours.filter((h) => h.fixerUserId === r.fixer_user_id);
    const override = overrides.find((o) => o.fixerUserId === r.fixer_user_id) ?? null;
    return {
      code: r.code,
      service: r.service as EmergencyService,
      fixerUserId: r.fixer_user_id,
      displayName: r.display_name,
      ratePence: Number(r.rate_pence),
      until: onCallStatus(spans, override, options.now).until,
    };
  });
  const last = rows.at(-1);
  return { rows, next: found.length > STAFF_ON_CALL_PAGE_SIZE && last ? onCallCursorParam(last) : null };
}

// ---- what the public pages may say -------------------------------------------------------------

/** How many areas a service page names before "and N more". */
export const COVERAGE_AREAS_SHOWN = 6;

/**
 * Who is on call for `service` anywhere at `at`, as a service page may say it (issue 51, item 5):
 * how many fixers, how many covered areas (postcode areas or districts, as fixers chose them) and
 * the first few in order. Starts from the on-call fixers of the service (thousands at national
 * size, not every fixer); the page is cached for minutes (SERVICE_PAGE_MAX_AGE_MS), so it says
 * "in the last few minutes", never more than that.
 */
export async function onCallCoverageFor(db: DbOrTx, service: EmergencyService, at: Date): Promise<OnCallCoverage> {
  const rows = rowsOf<{ fixers: number; areas: number; first_areas: string[] | null }>(await db.execute(sql`
    with on_call as (
      select ${emergencyServices.fixerUserId} as fixer_user_id
      from ${emergencyServices}
      ${overrideJoin}
      where ${emergencyServices.service} = ${service}
        and ${offersServiceNow(sql`${emergencyServices.fixerUserId}`, sql`${emergencyServices.service}`)}
        and ${onCallAt(at)}
    ), codes as (
      select distinct ${fixerAreasView.code} as code from ${fixerAreasView} inner join on_call on on_call.fixer_user_id = ${fixerAreasView.fixerUserId}
    )
    select (select count(*) from on_call)::int as fixers,
      (select count(*) from codes)::int as areas,
      (select array_agg(code order by code) from (select code from codes order by code limit ${COVERAGE_AREAS_SHOWN}) as first) as first_areas`));
  const row = rows[0];
  return { fixers: Number(row?.fixers ?? 0), areas: Number(row?.areas ?? 0), firstAreas: row?.first_areas ?? [] };
}
