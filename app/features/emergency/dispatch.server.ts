import { bookEmergencyCallOutIn, fixersOnCallOut } from "~/features/bookings/emergency-booking.server";
import { bookingPaths } from "~/features/bookings/paths";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { emergencyOffers, emergencyRequestEvents, emergencyRequests } from "#server/db/schema/emergency.ts";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { fixerProfilesView } from "~/features/quotes/projections.server";
import { enqueueJob, PermanentJobError } from "#server/jobs/queue.ts";
import { company } from "~/content/company";
import { formatGBP } from "~/content/prices";
import { notify } from "~/features/notifications/notifications.server";
import { RefusalError } from "~/lib/forms/refusal-error";
import { dispatchPaths, offerCopy, requestStatusCopy, type TimelineKind } from "./dispatch-copy";
import { dispatchRounds, firstNameOf, planRound, ROUND_WINDOW_MS, type ArrivalMinutes, type Candidate } from "./dispatch-plan";
import { onCallFixersNear } from "./on-call.server";
import { emergencyServiceName, isEmergencyService } from "./rates";
import { emergencyRequestPaths } from "./request-copy";

/**
 * Dispatch of an emergency request (issue 51, item 3; decision 082). A request is offered in rounds
 * to the on-call fixers covering its postcode, nearest first (dispatch-plan.ts). Round 1 is offered in
 * the send's own transaction; each later round is a job on the outbox queue, due when the previous
 * round's window ends. A round happens once whoever runs it: its job moves the request's `round`
 * from n − 1 to n with a conditional UPDATE (a second run, or a second instance, matches no row).
 * The first accept wins the same way: `status` moves from `open` to `accepted` only once.
 */

export const EMERGENCY_ROUND_JOB = "emergency_round" as const;
export const EMERGENCY_JOB_KINDS = [EMERGENCY_ROUND_JOB] as const;
export type EmergencyRoundPayload = { requestId: number; round: number };

export type DispatchDeps = { db: Db; publicUrl: string };

type OpenRequest = { id: number; customerUserId: string; service: string; postcode: string; district: string; description: string; createdAt: Date };

async function addEvents(tx: DbOrTx, events: { requestId: number; kind: TimelineKind; at: Date; round?: number | null; fixerUserId?: string | null; count?: number | null }[]) {
  if (events.length) await tx.insert(emergencyRequestEvents).values(events.map((e) => ({ round: null, fixerUserId: null, count: null, ...e })));
}

/** The job that offers round `round` once `runAt` comes (the previous round's window has ended). */
async function scheduleRound(tx: DbOrTx, requestId: number, round: number, runAt: Date) {
  await enqueueJob(tx, EMERGENCY_ROUND_JOB, { requestId, round } satisfies EmergencyRoundPayload, { runAt, maxAttempts: 20 });
}

/** Called in the send's transaction, right after the request row is written: the timeline starts and round 1 is offered. */
export async function startDispatch(tx: DbOrTx, publicUrl: string, requestId: number, now: Date): Promise<void> {
  await addEvents(tx, [{ requestId, kind: "sent", at: now }]);
  await offerRound(tx, publicUrl, requestId, 1, now);
}

/** The round job: offers round `round` (or ends the request unanswered) in one transaction; a repeat does nothing. */
export async function runDispatchRound(deps: DispatchDeps, payload: unknown, now = new Date()): Promise<void> {
  const { requestId, round } = (payload ?? {}) as Partial<EmergencyRoundPayload>;
  if (!Number.isSafeInteger(requestId) || !Number.isSafeInteger(round) || requestId! < 1 || round! < 2) throw new PermanentJobError("emergency round without a request id and a round from 2");
  await deps.db.transaction((tx) => offerRound(tx, deps.publicUrl, requestId!, round!, now));
}

/**
 * Round `round` of request `requestId`: claim the round (round n − 1 → n, only while open), close the
 * previous round's unanswered offers as expired, and offer the nearest few on call now who were never
 * offered it; with nobody left, or past the last round, the request ends unanswered.
 */
async function offerRound(tx: DbOrTx, publicUrl: string, requestId: number, round: number, now: Date): Promise<void> {
  const [request] = await tx
    .update(emergencyRequests)
    .set({ round })
    .where(and(eq(emergencyRequests.id, requestId), eq(emergencyRequests.status, "open"), eq(emergencyRequests.round, round - 1)))
    .returning({
      id: emergencyRequests.id,
      customerUserId: emergencyRequests.customerUserId,
      service: emergencyRequests.service,
      postcode: emergencyRequests.postcode,
      district: emergencyRequests.district,
      description: emergencyRequests.description,
      createdAt: emergencyRequests.createdAt,
    });
  // Already offered (a repeat, another instance), accepted, cancelled or ended: nothing to do.
  if (!request) return;
  const expired = await tx
    .update(emergencyOffers)
    .set({ state: "expired", answeredAt: now })
    .where(and(eq(emergencyOffers.requestId, requestId), eq(emergencyOffers.state, "offered")))
    .returning({ fixerUserId: emergencyOffers.fixerUserId, round: emergencyOffers.round });
  await addEvents(tx, expired.map((o) => ({ requestId, kind: "expired" as const, at: now, round: o.round, fixerUserId: o.fixerUserId })));

  const near = await onCallFixersNear(tx, { service: request.service, district: request.postcode, at: now });
  // A fixer already on a call-out (accepted, not yet done) is not offered another meanwhile (decision 086).
  const busy = await fixersOnCallOut(tx, near.map((f) => f.fixerUserId));
  const onCall = near.filter((f) => !busy.has(f.fixerUserId));
  const offeredBefore = await tx.select({ fixerUserId: emergencyOffers.fixerUserId }).from(emergencyOffers).where(eq(emergencyOffers.requestId, requestId));
  const plan = planRound(round, onCall satisfies Candidate[], new Set(offeredBefore.map((o) => o.fixerUserId)));
  if (plan.kind === "unanswered") {
    await endUnanswered(tx, publicUrl, request, now);
    return;
  }
  const expiresAt = new Date(now.getTime() + ROUND_WINDOW_MS);
  const offers = await tx
    .insert(emergencyOffers)
    .values(plan.fixers.map((f) => ({ requestId, fixerUserId: f.fixerUserId, round, ratePence: f.ratePence, offeredAt: now, expiresAt })))
    .returning({ id: emergencyOffers.id, fixerUserId: emergencyOffers.fixerUserId, ratePence: emergencyOffers.ratePence });
  await addEvents(tx, [
    { requestId, kind: "round", at: now, round, count: offers.length },
    ...offers.map((o) => ({ requestId, kind: "offered" as const, at: now, round, fixerUserId: o.fixerUserId })),
  ]);
  await tellFixersOffered(tx, publicUrl, request, offers);
  await scheduleRound(tx, requestId, round + 1, expiresAt);
}

/** Each offered fixer: an in-app notification, its push and (as they chose) its email, all in this transaction. */
async function tellFixersOffered(tx: DbOrTx, publicUrl: string, request: OpenRequest, offers: { id: number; fixerUserId: string; ratePence: number }[]) {
  if (!offers.length) return;
  const people = await tx
    .select({ id: accountsView.id, email: accountsView.email, name: fixerProfilesView.displayName })
    .from(accountsView)
    .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, accountsView.id))
    .where(inArray(accountsView.id, offers.map((o) => o.fixerUserId)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const service = isEmergencyService(request.service) ? emergencyServiceName(request.service) : request.service;
  for (const offer of offers) {
    const person = byId.get(offer.fixerUserId);
    if (!person) continue;
    const link = dispatchPaths.offer(offer.id);
    const title = `Emergency ${service.toLowerCase()} call-out in ${request.district}: accept within ${dispatchRounds.windowMinutes} minutes`;
    await notify(tx, {
      userId: person.id,
      kind: "emergency",
      title,
      link,
      email: {
        to: person.email,
        subject: `Emergency call-out in ${request.district}: ${service}`,
        publicUrl,
        replyTo: company.supportEmail,
        content: {
          preheader: `Open for ${dispatchRounds.windowMinutes} minutes. The first fixer to accept gets it.`,
          heading: "An emergency call-out near you",
          paragraphs: [
            person.name ? `Hi ${firstNameOf(person.name)},` : "Hello,",
            `A customer in ${request.district} needs ${service.toLowerCase()} help now: "${request.description.slice(0, 200)}${request.description.length > 200 ? "…" : ""}"`,
            `You are on call, so it is offered to you at your emergency rate of ${formatGBP(offer.ratePence)} an hour. The offer is open for ${dispatchRounds.windowMinutes} minutes and the first fixer to accept gets it.`,
          ],
          action: { label: "See the call-out", url: publicUrl + link },
          reason: `You are receiving this because you are on call for ${service.toLowerCase()} emergencies in ${request.district} on ${company.brand}.`,
        },
      },
    });
  }
}

async function customerOf(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ email: accountsView.email, name: accountsView.fullName, fallback: accountsView.name }).from(accountsView).where(eq(accountsView.id, userId));
  return { email: row?.email ?? "", name: row?.name || row?.fallback || "" };
}

/** Nobody accepted by the last round, or nobody was left on call: the request ends and its customer is told plainly. */
async function endUnanswered(tx: DbOrTx, publicUrl: string, request: OpenRequest, now: Date) {
  await tx.update(emergencyRequests).set({ status: "unanswered", closedAt: now }).where(eq(emergencyRequests.id, request.id));
  await addEvents(tx, [{ requestId: request.id, kind: "unanswered", at: now }]);
  const customer = await customerOf(tx, request.customerUserId);
  const link = emergencyRequestPaths.request(request.id);
  await notify(tx, {
    userId: request.customerUserId,
    kind: "emergency",
    title: `${requestStatusCopy.unanswered}: your emergency request in ${request.district}. Nothing was charged.`,
    link,
    email: {
      to: customer.email,
      subject: "No fixer could take your emergency request",
      publicUrl,
      replyTo: company.supportEmail,
      content: {
        preheader: "Nothing was charged.",
        heading: "No fixer could take your emergency request",
        paragraphs: [
          customer.name ? `Hi ${customer.name},` : "Hello,",
          `We offered your request in ${request.district} to the fixers on call near you, and none of them could take it. We are sorry. Your request has ended and nothing was charged.`,
          "You can post it as a normal job instead, marked “As soon as possible”: the fixers covering your area are told and can send you quotes.",
        ],
        action: { label: "Open your request", url: publicUrl + link },
        reason: `You are receiving this because you sent an emergency request on ${company.brand}.`,
      },
    },
  });
}

// ---- the fixer's answer ------------------------------------------------------------------------

export type OfferView = {
  id: number;
  requestId: number;
  state: "offered" | "accepted" | "taken" | "expired" | "declined";
  requestStatus: string;
  service: string;
  district: string;
  description: string;
  photos: number;
  ratePence: number;
  expiresAt: Date;
  arrivalMinutes: number | null;
  /** Shown only once this fixer accepted. */
  postcode: string | null;
};

/** One offer, for the fixer it was made to; anyone else (or no such offer) null → 404. */
export async function offerFor(db: DbOrTx, fixerUserId: string, offerId: number): Promise<OfferView | null> {
  const [row] = await db
    .select({ offer: emergencyOffers, request: emergencyRequests })
    .from(emergencyOffers)
    .innerJoin(emergencyRequests, eq(emergencyRequests.id, emergencyOffers.requestId))
    .where(and(eq(emergencyOffers.id, offerId), eq(emergencyOffers.fixerUserId, fixerUserId)));
  if (!row) return null;
  const { offer, request } = row;
  const mine = request.status !== "open" && request.acceptedFixerUserId === fixerUserId;
  return {
    id: offer.id,
    requestId: request.id,
    state: offer.state as OfferView["state"],
    requestStatus: request.status,
    service: request.service,
    district: request.district,
    description: request.description,
    photos: request.photos.length,
    ratePence: offer.ratePence,
    expiresAt: offer.expiresAt,
    arrivalMinutes: mine ? request.arrivalMinutes : null,
    postcode: mine ? request.postcode : null,
  };
}

/** Why an offer cannot be answered now, in the words the page shows (409). */
function closedOfferMessage(state: string, requestStatus: string): string {
  if (requestStatus === "accepted" || state === "taken") return offerCopy.taken;
  if (requestStatus === "cancelled") return offerCopy.cancelled;
  if (state === "declined") return offerCopy.declined;
  if (state === "expired") return offerCopy.expired;
  return offerCopy.unanswered;
}

/**
 * The fixer accepts, promising to arrive in `arrivalMinutes`: one transaction. The request moves from
 * `open` to `accepted` with a conditional UPDATE: under any concurrency, on any number of instances,
 * one fixer's UPDATE matches the row and every other one waits for it and then matches nothing, so is
 * answered 409 "taken". The winner's offer is accepted and every other open offer closes as taken.
 */
export async function acceptOffer(deps: DispatchDeps, input: { fixerUserId: string; offerId: number; arrivalMinutes: ArrivalMinutes }, now = new Date()): Promise<{ requestId: number; bookingId: number }> {
  return deps.db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ id: emergencyOffers.id, requestId: emergencyOffers.requestId, state: emergencyOffers.state, ratePence: emergencyOffers.ratePence, expiresAt: emergencyOffers.expiresAt })
      .from(emergencyOffers)
      .where(and(eq(emergencyOffers.id, input.offerId), eq(emergencyOffers.fixerUserId, input.fixerUserId)));
    if (!offer) throw new RefusalError("not_found", offerCopy.refused.notFound);
    if (offer.state !== "offered" || offer.expiresAt.getTime() <= now.getTime()) {
      const [request] = await tx.select({ status: emergencyRequests.status }).from(emergencyRequests).where(eq(emergencyRequests.id, offer.requestId));
      throw new RefusalError("conflict", closedOfferMessage(offer.expiresAt.getTime() <= now.getTime() && offer.state === "offered" ? "expired" : offer.state, request?.status ?? "open"));
    }
    const [won] = await tx
      .update(emergencyRequests)
      .set({ status: "accepted", acceptedFixerUserId: input.fixerUserId, acceptedRatePence: offer.ratePence, arrivalMinutes: input.arrivalMinutes, closedAt: now })
      .where(and(eq(emergencyRequests.id, offer.requestId), eq(emergencyRequests.status, "open")))
      .returning({ id: emergencyRequests.id, customerUserId: emergencyRequests.customerUserId, district: emergencyRequests.district, service: emergencyRequests.service });
    if (!won) {
      // Another fixer's accept (or the customer's cancel) came first: its transaction closed this offer too.
      const [request] = await tx.select({ status: emergencyRequests.status }).from(emergencyRequests).where(eq(emergencyRequests.id, offer.requestId));
      throw new RefusalError("conflict", closedOfferMessage("offered", request?.status ?? "accepted"));
    }
    // The call-out booking, waiting for the customer's payment (decision 083), in this transaction: a
    // refusal (the fixer no longer taking bookings, say) rolls the acceptance back with its 4xx.
    const { bookingId } = await bookEmergencyCallOutIn(tx, { db: deps.db, publicUrl: deps.publicUrl, now: () => now }, bookingQuoteReads, {
      emergencyRequestId: won.id,
      customerUserId: won.customerUserId,
      fixerUserId: input.fixerUserId,
      service: won.service,
      ratePence: offer.ratePence,
      arrivalMinutes: input.arrivalMinutes,
    });
    await tx.update(emergencyOffers).set({ state: "accepted", answeredAt: now }).where(eq(emergencyOffers.id, offer.id));
    const taken = await tx
      .update(emergencyOffers)
      .set({ state: "taken", answeredAt: now })
      .where(and(eq(emergencyOffers.requestId, offer.requestId), eq(emergencyOffers.state, "offered"), ne(emergencyOffers.id, offer.id)))
      .returning({ fixerUserId: emergencyOffers.fixerUserId });
    await addEvents(tx, [
      { requestId: offer.requestId, kind: "accepted", at: now, fixerUserId: input.fixerUserId, count: input.arrivalMinutes },
      ...taken.map((t) => ({ requestId: offer.requestId, kind: "taken" as const, at: now, fixerUserId: t.fixerUserId })),
    ]);
    const [fixer] = await tx.select({ name: fixerProfilesView.displayName }).from(fixerProfilesView).where(eq(fixerProfilesView.userId, input.fixerUserId));
    const firstName = firstNameOf(fixer?.name ?? "Your fixer");
    const customer = await customerOf(tx, won.customerUserId);
    // Straight to the booking's page: paying is what sends the fixer on their way.
    const link = bookingPaths.customer(bookingId);
    const line = requestStatusCopy.accepted(firstName, input.arrivalMinutes);
    await notify(tx, {
      userId: won.customerUserId,
      kind: "emergency",
      title: `${line} (your emergency request in ${won.district})`,
      link,
      email: {
        to: customer.email,
        subject: line,
        publicUrl: deps.publicUrl,
        replyTo: company.supportEmail,
        content: {
          preheader: line,
          heading: "A fixer accepted your emergency request",
          paragraphs: [customer.name ? `Hi ${customer.name},` : "Hello,", `${firstName} accepted your emergency request in ${won.district} and can arrive in ${input.arrivalMinutes} minutes.`, requestStatusCopy.acceptedNote],
          action: { label: requestStatusCopy.payCallOut, url: deps.publicUrl + link },
          reason: `You are receiving this because you sent an emergency request on ${company.brand}.`,
        },
      },
    });
    return { requestId: won.id, bookingId };
  });
}

/** The fixer declines: their offer closes; when it was the round's last open offer, the next round is due now. */
export async function declineOffer(deps: DispatchDeps, input: { fixerUserId: string; offerId: number }, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ requestId: emergencyOffers.requestId, state: emergencyOffers.state, expiresAt: emergencyOffers.expiresAt })
      .from(emergencyOffers)
      .where(and(eq(emergencyOffers.id, input.offerId), eq(emergencyOffers.fixerUserId, input.fixerUserId)));
    if (!offer) throw new RefusalError("not_found", offerCopy.refused.notFound);
    const [declined] = await tx
      .update(emergencyOffers)
      .set({ state: "declined", answeredAt: now })
      .where(and(eq(emergencyOffers.id, input.offerId), eq(emergencyOffers.state, "offered")))
      .returning({ round: emergencyOffers.round });
    if (!declined) {
      const [request] = await tx.select({ status: emergencyRequests.status }).from(emergencyRequests).where(eq(emergencyRequests.id, offer.requestId));
      throw new RefusalError("conflict", closedOfferMessage(offer.state, request?.status ?? "open"));
    }
    await addEvents(tx, [{ requestId: offer.requestId, kind: "declined", at: now, round: declined.round, fixerUserId: input.fixerUserId }]);
    const [request] = await tx.select({ status: emergencyRequests.status, round: emergencyRequests.round }).from(emergencyRequests).where(eq(emergencyRequests.id, offer.requestId));
    const [stillOpen] = await tx.select({ id: emergencyOffers.id }).from(emergencyOffers).where(and(eq(emergencyOffers.requestId, offer.requestId), eq(emergencyOffers.state, "offered"))).limit(1);
    // Everyone of this round said no: the next round need not wait for the window (its timer then finds it done).
    if (request?.status === "open" && request.round === declined.round && !stillOpen) await scheduleRound(tx, offer.requestId, declined.round + 1, now);
  });
}

/** The customer cancels an open request: it ends, its open offers expire, nothing is charged. */
export async function cancelRequest(db: Db, input: { customerUserId: string; requestId: number }, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(emergencyRequests)
      .set({ status: "cancelled", closedAt: now })
      .where(and(eq(emergencyRequests.id, input.requestId), eq(emergencyRequests.customerUserId, input.customerUserId), eq(emergencyRequests.status, "open")))
      .returning({ id: emergencyRequests.id });
    if (!cancelled) {
      const [mine] = await tx.select({ id: emergencyRequests.id }).from(emergencyRequests).where(and(eq(emergencyRequests.id, input.requestId), eq(emergencyRequests.customerUserId, input.customerUserId)));
      throw mine ? new RefusalError("conflict", requestStatusCopy.conflict) : new RefusalError("not_found", "There is no such emergency request on your account.");
    }
    const expired = await tx
      .update(emergencyOffers)
      .set({ state: "expired", answeredAt: now })
      .where(and(eq(emergencyOffers.requestId, input.requestId), eq(emergencyOffers.state, "offered")))
      .returning({ fixerUserId: emergencyOffers.fixerUserId, round: emergencyOffers.round });
    await addEvents(tx, [
      { requestId: input.requestId, kind: "cancelled", at: now },
      ...expired.map((o) => ({ requestId: input.requestId, kind: "expired" as const, at: now, round: o.round, fixerUserId: o.fixerUserId })),
    ]);
  });
}

// ---- reading the timeline ----------------------------------------------------------------------

/** The request's timeline, oldest first, with each fixer's display name (the page decides who sees it). */
export async function timelineOf(db: DbOrTx, requestId: number) {
  const rows = await db
    .select({ kind: emergencyRequestEvents.kind, round: emergencyRequestEvents.round, count: emergencyRequestEvents.count, at: emergencyRequestEvents.at, fixerName: fixerProfilesView.displayName })
    .from(emergencyRequestEvents)
    .leftJoin(fixerProfilesView, eq(fixerProfilesView.userId, emergencyRequestEvents.fixerUserId))
    .where(eq(emergencyRequestEvents.requestId, requestId))
    .orderBy(asc(emergencyRequestEvents.id))
    .limit(500);
  return rows.map((r) => ({ kind: r.kind as TimelineKind, round: r.round, count: r.count, fixerName: r.fixerName, at: r.at.toISOString() }));
}

/** Where a request stands, for its page: open offers now, the accepted fixer's first name. */
export async function dispatchStateOf(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      status: emergencyRequests.status,
      round: emergencyRequests.round,
      arrivalMinutes: emergencyRequests.arrivalMinutes,
      acceptedRatePence: emergencyRequests.acceptedRatePence,
      closedAt: emergencyRequests.closedAt,
      fixerName: fixerProfilesView.displayName,
      openOffers: sql<number>`(select count(*)::int from ${emergencyOffers} where ${emergencyOffers.requestId} = ${emergencyRequests.id} and ${emergencyOffers.state} = 'offered')`,
    })
    .from(emergencyRequests)
    .leftJoin(fixerProfilesView, eq(fixerProfilesView.userId, emergencyRequests.acceptedFixerUserId))
    .where(eq(emergencyRequests.id, requestId));
  if (!row) return null;
  return { ...row, openOffers: Number(row.openOffers), fixerFirstName: row.fixerName ? firstNameOf(row.fixerName) : null };
}

/**
 * A request's photo (1-based `index`), as a job's photos are served: private, to its customer, the
 * fixers it was offered to, and staff; anyone else (or no such photo) 404.
 */
export async function requestPhotoFor(db: DbOrTx, viewer: { id: string; staff: boolean }, requestId: number, index: number) {
  const [row] = await db.select({ customerUserId: emergencyRequests.customerUserId, photos: emergencyRequests.photos }).from(emergencyRequests).where(eq(emergencyRequests.id, requestId));
  const photo = row?.photos[index - 1];
  if (!row || !photo) return null;
  if (viewer.staff || row.customerUserId === viewer.id) return photo;
  // An offer's row (request, fixer) is the unique index's key.
  const [offered] = await db.select({ id: emergencyOffers.id }).from(emergencyOffers).where(and(eq(emergencyOffers.requestId, requestId), eq(emergencyOffers.fixerUserId, viewer.id)));
  return offered ? photo : null;
}
