import { and, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { emergencyOffers, emergencyRequests } from "#server/db/schema/emergency.ts";
import { fixerProfilesView } from "~/features/quotes/projections.server";
import { timelineOf } from "./dispatch.server";
import { timelineLine } from "./dispatch-copy";

/**
 * The staff view of emergency requests (decision 082): a keyset-paged list (newest first, on the
 * primary key: `?after=<id>`, no OFFSET) and one request with its offers and timeline. The routes
 * check the role on every request (`requireStaff`).
 */

export const STAFF_EMERGENCIES_PAGE = 50;

export async function staffEmergencyList(db: DbOrTx, after: number | null) {
  const rows = await db
    .select({
      id: emergencyRequests.id,
      service: emergencyRequests.service,
      district: emergencyRequests.district,
      status: emergencyRequests.status,
      round: emergencyRequests.round,
      createdAt: emergencyRequests.createdAt,
      fixerName: fixerProfilesView.displayName,
    })
    .from(emergencyRequests)
    .leftJoin(fixerProfilesView, eq(fixerProfilesView.userId, emergencyRequests.acceptedFixerUserId))
    .where(after === null ? undefined : lt(emergencyRequests.id, after))
    .orderBy(desc(emergencyRequests.id))
    .limit(STAFF_EMERGENCIES_PAGE + 1);
  const page = rows.slice(0, STAFF_EMERGENCIES_PAGE);
  return { rows: page, next: rows.length > STAFF_EMERGENCIES_PAGE ? page.at(-1)!.id : null };
}

export async function staffEmergencyRequest(db: DbOrTx, id: number) {
  const [request] = await db
    .select({ request: emergencyRequests, customerEmail: accountsView.email, customerName: accountsView.fullName, fixerName: fixerProfilesView.displayName })
    .from(emergencyRequests)
    .innerJoin(accountsView, eq(accountsView.id, emergencyRequests.customerUserId))
    .leftJoin(fixerProfilesView, eq(fixerProfilesView.userId, emergencyRequests.acceptedFixerUserId))
    .where(eq(emergencyRequests.id, id));
  if (!request) return null;
  const [offers, timeline] = await Promise.all([
    db
      .select({ id: emergencyOffers.id, fixerUserId: emergencyOffers.fixerUserId, fixerName: fixerProfilesView.displayName, round: emergencyOffers.round, state: emergencyOffers.state, ratePence: emergencyOffers.ratePence, offeredAt: emergencyOffers.offeredAt, answeredAt: emergencyOffers.answeredAt })
      .from(emergencyOffers)
      .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, emergencyOffers.fixerUserId))
      .where(and(eq(emergencyOffers.requestId, id)))
      .orderBy(emergencyOffers.round, emergencyOffers.id)
      // A request is offered to at most lastRound × fixersPerRound fixers.
      .limit(100),
    timelineOf(db, id),
  ]);
  const r = request.request;
  return {
    id: r.id,
    service: r.service,
    postcode: r.postcode,
    district: r.district,
    description: r.description,
    photos: r.photos.length,
    status: r.status,
    round: r.round,
    onCallAtSend: r.onCallAtSend,
    arrivalMinutes: r.arrivalMinutes,
    acceptedRatePence: r.acceptedRatePence,
    acceptedFixerUserId: r.acceptedFixerUserId,
    fixerName: request.fixerName,
    customerUserId: r.customerUserId,
    customer: request.customerName || request.customerEmail,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    offers: offers.map((o) => ({ ...o, offeredAt: o.offeredAt.toISOString(), answeredAt: o.answeredAt?.toISOString() ?? null })),
    timeline: timeline.flatMap((event) => {
      const line = timelineLine(event, "staff");
      return line ? [{ at: event.at, line }] : [];
    }),
  };
}
