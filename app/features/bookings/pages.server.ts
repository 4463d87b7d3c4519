import { and, asc, eq } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { bookings, bookingTransitions, type Booking } from "#server/db/schema/bookings.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { requireUser } from "~/features/auth/guard.server";
import { CheckoutUnavailableError } from "~/features/payments/payments.server";
import type { Flash } from "~/lib/flash";
import { badRequestAnswer, formAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission, type FieldErrors, type FormValues } from "~/lib/forms/parse";
import { parseId } from "~/lib/ids";
import { answerPageFormWithPhotos, photoUploadAnswer, type PhotoFormOptions, type StoredPhoto } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import type { BookingDeps } from "./transition.server";
import { cancelByCustomer, cancelByFixer, confirmDone, confirmSlot, declineSlot, markDone, reportNoShow, reportProblem, type CreateBookingInput } from "./bookings.server";
import { bookingAddressOf, fixerSeesAddress, type ShownAddress } from "./address.server";
import { cancellationWords, customerCancellation, freeCancellationEndsAt, type CustomerCancellation } from "./cancellation";
import { caseOf } from "./case-records.server";
import { agreeClaim, casePhotoFolder, casePhotosOf, contestClaim } from "./cases.server";
import type { CaseView } from "./components/case-panel";
import { donePhotoFolder, donePhotosOf, type DonePhoto } from "./done-photos.server";
import { extrasCopy, type ExtrasPanel } from "./extras";
import { declineExtraFormSchema, extraAmountFormSchema, extraHoursFormSchema } from "./extras-schemas";
import { declineExtra, extrasPanelOf, offerExtra } from "./extras.server";
import { startExtraCheckout } from "./extras-payment.server";
import { casePhotoLimit, donePhotoLimit, tooManyDonePhotos } from "./form-limits";
import { bookingMoneyOutcome, type BookingMoneyOutcome } from "./outcome.server";
import { bookingPaths } from "./paths";
import { EarlyBirdWithdrawnError, startBookingCheckout } from "./payment.server";
import { payoutPromptPence } from "./payout-prompt.server";
import { lateFeeFor } from "./pricing";
import type { BookingQuoteReads } from "./quote-reads.server";
import { quoteBookingView } from "./quote-terms.server";
import { answerSlotProposal, openProposalOf, proposeSlot } from "./reschedule.server";
import {
  bookSlotFormSchema,
  callOutPayFormSchema,
  cancelFormSchema,
  contestClaimFormSchema,
  fixerCancelFormSchema,
  markDoneFormSchema,
  noShowFormSchema,
  pageActionFormSchema,
  proposeSlotFormSchema,
  reportProblemFormSchema,
} from "./schemas";
import { bookingSlotOf, isCallOutSlot, slotStartsAt, type BookingSlot, type Slot } from "./slots";
import { noShowOpensAt } from "./call-out";
import { callOutRequestOf, callOutTitle } from "./call-out-request.server";
import { paymentWindowEnd, pendingCheckoutOf } from "./checkout-window.server";
import { BOOKING_PROCESS, BOOKING_STARTS, pageRowsFor, PROCESS_ROWS, processRow, type PageAction, type PageField, type TransitionName } from "./process";
import { guardState, takeFirstAllowed, type GuardFacts } from "./process.server";
import { RESCHEDULABLE_STATES, STATE_LABELS, type BookingState } from "./state-machine";

/**
 * The booking pages' loaders and actions: the customer's (/bookings/:id, /bookings/new) and the
 * fixer's (/fixer/bookings/:id). Plain forms, one POST per intent, answered with a redirect and a
 * flash, or a 4xx FormResult the page shows (it works without JavaScript).
 */

type Role = "customer" | "fixer";

const noStore = { "cache-control": "private, no-store" };
/** Links in the emails a page's action queues start at siteUrl (in development, the origin the visitor used). */
const bookingDeps = (context: AppLoadContext) => ({ db: context.services.db, publicUrl: siteUrl(context.services.config) });
const bookingNotFound = () => data("There is no such booking on your account.", { status: 404, headers: noStore });
const failedTitle = "That didn't work";
const unreadable = { title: failedTitle, message: "The form could not be read. Please try again." };
const extraUnreadable = "That extra charge could not be read. Please reload the page and try again.";

// ---- the two booking pages' route modules ------------------------------------------------------
// /bookings/:bookingId (the customer's) and /fixer/bookings/:bookingId (the fixer's) show one view of
// one booking and differ only in whose it must be; their loader, action and headers are these.

type BookingRouteArgs = { request: Request; context: AppLoadContext; params: { bookingId?: string } };

/** What the booking pages read of the quotes feature's rows (the job's title, the fixer's name, the quote to book): its routes hand them in. */
export type BookingPageReads = Pick<BookingQuoteReads, "jobTitle" | "fixerName" | "quoteToBook">;

/** The person's own booking in that role; another's id is 404, like one that does not exist. */
export async function bookingPageLoader({ request, context, params }: BookingRouteArgs, role: Role, reads: BookingPageReads) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  const page = bookingId === null ? null : await loadBookingPage(context, reads, user, role, bookingId);
  if (!page) throw bookingNotFound();
  return data(page, { headers: noStore });
}

/** One POST per transition the role may take, named by `intent`. */
export async function bookingPageAction({ request, context, params }: BookingRouteArgs, role: Role) {
  const user = await requireUser(request, context);
  const bookingId = parseId(params.bookingId);
  if (bookingId === null) throw bookingNotFound();
  return bookingAction(request, context, user, role, bookingId);
}

/** A booking page (and its action's answer) is never stored by a cache. */
export function bookingPageHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

/** What the timeline calls a step that is not a transition of the process table (whose rows carry their own label). */
const EVENT_LABELS: Record<string, string> = {
  early_bird_withdrawn: "Early-bird discount no longer available: the total was raised before paying",
  remind_2: "Reminder sent",
  remind_5: "Reminder sent",
  slot_reminder: "Reminder sent",
  payout_sent: "Paid out to the fixer",
  payout_available: "The customer's payment cleared: the payout is in the fixer's Stripe balance",
  refund_sent: "Refund sent",
  payment_refunded_unused: "Extra payment refunded",
  extra_offered: "Fixer asked for an extra charge",
  extra_accepted: "Customer accepted an extra charge",
  extra_paid: "Extra charge paid: money held by FixiT",
  extra_declined: "Customer declined an extra charge",
  extra_expired: "Extra charge not paid in time",
  card_dispute: "Card dispute update from the bank",
  provider_refund: "Refund reported by the payment provider",
  test_slot_passed: "TEST MODE: slot moved to yesterday",
};

/** The slot moves (decision 054), said with who took the step. */
const SLOT_MOVE_LABELS: Record<string, string> = {
  propose_new_slot: "proposed a new slot",
  accept_new_slot: "accepted the new slot",
  decline_new_slot: "declined the new slot",
};

function timelineLabel(transition: string, actorRole: string): string {
  const slotMove = SLOT_MOVE_LABELS[transition];
  if (slotMove) return `${actorRole === "customer" ? "Customer" : "Fixer"} ${slotMove}`;
  if (transition === "create") return BOOKING_STARTS.create.timeline;
  return (Object.hasOwn(BOOKING_PROCESS, transition) ? processRow(transition as TransitionName).timeline : EVENT_LABELS[transition]) ?? transition;
}

export type BookingPage = {
  role: Role;
  id: number;
  title: string;
  state: BookingState;
  stateLabel: string;
  slot: BookingSlot;
  /** An emergency call-out (decision 083): its service, who is coming, the rate, when a no-show may be reported, and until when it may be paid. */
  callOut: CallOutView | null;
  freeCancellationUntil: string;
  /** The cancellation terms as they stand now, computed by the rule the cancel service applies. */
  cancellation: {
    /** Free cancellation had already ended when the booking was paid (before paying: it has ended now). */
    passedAtBooking: boolean;
    passedNow: boolean;
    /** The customer's page: what cancelling now does (null on the fixer's). */
    ifCustomerCancels: CustomerCancellation | null;
    /** What the customer gets back if the fixer cancels now: everything they paid. */
    refundIfFixerCancelsPence: number;
  };
  /** Once settled: where the money went, from the ledger. */
  outcome: BookingMoneyOutcome | null;
  amounts: { pricePence: number; customerFeePence: number; discountPence: number; creditPence: number; totalPence: number; fixerChargePence: number; fixerNetPence: number; lateFeePence: number };
  doneNote: string | null;
  /** The photos the fixer added when marking the job done. */
  donePhotos: DonePhoto[];
  frozen: boolean;
  /** The page actions (intents) this person may take now: derived from the process table (its rows' actors, states and guards). */
  actions: string[];
  /** Actions whose time has not come (marking the job done, reporting a no-show before the slot starts): the page says so meanwhile. */
  opensAtSlot: string[];
  /** The available actions the page renders from the table's fields (those without a form of their own). */
  tableActions: TableAction[];
  /** A new slot may be proposed now (no open proposal from the other side, the slot not started). */
  canProposeSlot: boolean;
  /** The open proposal to move the slot; `mine` when this person made it (the other side answers). */
  slotProposal: { id: number; slot: Slot; mine: boolean } | null;
  /** Where the work happens: always the customer's; the fixer's only from payment until the booking is settled (decision 066). */
  address: ShownAddress | null;
  /** The fixer's: what is released to them and waits for a payout account (null when nothing waits). */
  payoutPrompt: number | null;
  /** The slot has started (a cancellation then opens a case the fixer may answer). */
  slotStarted: boolean;
  /** The case on this booking, if one was opened (decision 064). */
  case: CaseView | null;
  /** Extra charges the fixer asked for (decision 084), and whether one may be asked for now. */
  extras: ExtrasPanel;
  /** `slot`: the slot a step of moving the booking named. */
  timeline: { id: number; label: string; at: string; reason: string | null; slot: Slot | null }[];
};

export type TableAction = { intent: string; label: string; variant: "outline" | "destructive" | null; hint: string | null; fields: PageField[] };

export type CallOutView = {
  serviceName: string;
  /** The request's postcode (the address form starts with it). */
  postcode: string;
  fixerName: string;
  arrivalMinutes: number;
  /** The first hour at the fixer's emergency rate: the call-out's price. */
  ratePence: number;
  noShowFrom: string;
  /** While waiting for payment: when the payment window ends. */
  payBy: string | null;
};

async function callOutViewOf(db: AppLoadContext["services"]["db"], reads: BookingPageReads, booking: typeof bookings.$inferSelect, slot: BookingSlot): Promise<CallOutView | null> {
  if (!isCallOutSlot(slot)) return null;
  const [request, fixerName, open] = await Promise.all([
    callOutRequestOf(db, booking.emergencyRequestId),
    reads.fixerName(db, booking.fixerUserId),
    booking.state === "pending_payment" ? pendingCheckoutOf(db, booking.id) : Promise.resolve(null),
  ]);
  return {
    serviceName: request?.serviceName ?? "Emergency",
    postcode: request?.postcode ?? "",
    fixerName: fixerName ?? "Your fixer",
    arrivalMinutes: booking.arrivalMinutes ?? 0,
    ratePence: booking.pricePence,
    noShowFrom: noShowOpensAt(slot).toISOString(),
    payBy: booking.state === "pending_payment" ? paymentWindowEnd(booking, open).toISOString() : null,
  };
}

/** One booking for one of its two people; null when it is not theirs (the route answers 404). */
export async function loadBookingPage(context: AppLoadContext, reads: BookingPageReads, user: SessionUser, role: Role, bookingId: number): Promise<BookingPage | null> {
  const { db } = context.services;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(role === "customer" ? bookings.customerUserId : bookings.fixerUserId, user.id)));
  if (!booking) return null;
  const [jobTitle, timeline, proposal, donePhotos, address, payoutPrompt, bookingCase, casePhotos, extras] = await Promise.all([
    booking.jobId ? reads.jobTitle(db, booking.jobId) : Promise.resolve(null),
    db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, bookingId)).orderBy(asc(bookingTransitions.id)),
    openProposalOf(db, bookingId),
    donePhotosOf(db, bookingId),
    role === "customer" || fixerSeesAddress(booking) ? bookingAddressOf(db, bookingId) : Promise.resolve(null),
    role === "fixer" ? payoutPromptPence(db, user.id) : Promise.resolve(null),
    caseOf(db, bookingId),
    casePhotosOf(db, bookingId),
    extrasPanelOf(db, booking, role),
  ]);
  const slot = bookingSlotOf(booking);
  const callOut = await callOutViewOf(db, reads, booking, slot);
  const now = new Date();
  const slotStarted = now.getTime() >= slotStartsAt(slot).getTime();
  const freeUntil = freeCancellationEndsAt(slot);
  const bookedAt = booking.paidAt ?? (booking.state === "pending_payment" ? now : booking.createdAt);
  const outcome = await bookingMoneyOutcome(db, booking);
  // A call-out is never moved (decision 083).
  const movable = RESCHEDULABLE_STATES.includes(booking.state) && !slotStarted && !callOut;
  // Confirming waits for every extra charge the customer has not answered or paid: the extras panel says why (decision 084).
  const { actions, opensLater } = pageActionsOf(booking, role, {
    now,
    takenInState: new Set(timeline.filter((t) => t.fromState === booking.state && t.toState === booking.state).map((t) => t.transition)),
    caseAnswerDue: bookingCase?.answerDueAt ?? null,
    paymentWindowEnd: null,
    extraWaiting: extras.blocksConfirm,
  });
  return {
    role,
    id: booking.id,
    title: jobTitle ?? (callOut ? callOutTitle(callOut) : `Booking ${booking.id}`),
    state: booking.state,
    stateLabel: STATE_LABELS[booking.state],
    slot,
    callOut,
    freeCancellationUntil: freeUntil.toISOString(),
    cancellation: {
      passedAtBooking: bookedAt.getTime() > freeUntil.getTime(),
      passedNow: now.getTime() > freeUntil.getTime(),
      ifCustomerCancels: role === "customer" ? customerCancellation({ ...booking, slot }, now) : null,
      refundIfFixerCancelsPence: booking.totalPence,
    },
    outcome: outcome.settled || outcome.unusedPaymentsRefundedPence > 0 ? outcome : null,
    amounts: {
      pricePence: booking.pricePence,
      customerFeePence: booking.customerFeePence,
      discountPence: booking.discountPence,
      creditPence: booking.creditPence,
      totalPence: booking.totalPence,
      fixerChargePence: booking.fixerChargePence,
      fixerNetPence: booking.fixerNetPence,
      lateFeePence: booking.lateFeePence,
    },
    doneNote: booking.doneNote,
    donePhotos,
    frozen: booking.releaseFrozenAt !== null,
    actions,
    opensAtSlot: opensLater,
    tableActions: actions.map((intent) => processRow(pageRowsFor(role, intent)[0]!).page!).filter((page) => page.form !== "own").map(tableActionOf),
    address,
    payoutPrompt,
    slotStarted,
    case: bookingCase
      ? {
          kind: bookingCase.kind,
          claim: bookingCase.claim,
          answer: bookingCase.answer,
          answerDueAt: bookingCase.answerDueAt.toISOString(),
          outcome: bookingCase.outcome,
          photos: casePhotos.map((p) => ({ id: p.id, side: p.side })),
        }
      : null,
    extras,
    canProposeSlot: movable && (!proposal || proposal.proposedBy === role),
    slotProposal: movable && proposal ? { id: proposal.id, slot: { date: proposal.slotDate, window: proposal.slotWindow }, mine: proposal.proposedBy === role } : null,
    timeline: timeline.map((t) => ({
      id: t.id,
      label: timelineLabel(t.transition, t.actorRole),
      at: t.createdAt.toISOString(),
      reason: t.reason,
      slot: SLOT_MOVE_LABELS[t.transition] ? ((t.details as { slot?: Slot }).slot ?? null) : null,
    })),
  };
}

/**
 * The page actions a person may take on the booking now, read from the process table: the rows with a
 * page action for their role, from the booking's state, whose guards hold (`actions`) or whose time
 * window opens later (`opensLater`). A card dispute's freeze is not a reason to hide "confirm": the
 * page says the booking is frozen, and the action answers with the freeze's sentence.
 */
export function pageActionsOf(booking: Booking, role: Role, facts: GuardFacts): { actions: string[]; opensLater: string[] } {
  const actions = new Set<string>();
  const later = new Set<string>();
  for (const [, row] of PROCESS_ROWS) {
    if (!row.page || !row.by.includes(role) || !row.from.includes(booking.state)) continue;
    const states = (row.guards ?? []).filter((g) => !("check" in g && g.check === "payouts_not_frozen")).map((g) => guardState(g, booking, facts));
    if (states.every((s) => s === "met")) actions.add(row.page.intent);
    else if (!states.includes("closed")) later.add(row.page.intent);
  }
  return { actions: [...actions], opensLater: [...later].filter((intent) => !actions.has(intent)) };
}

const tableActionOf = (page: PageAction): TableAction => ({ intent: page.intent, label: page.label, variant: page.variant ?? null, hint: page.hint ?? null, fields: [...(page.fields ?? [])] });

/** A page action without a form of its own: its fields checked by their schema, then the first of its rows the booking's state and guards allow. */
async function takeTableAction(context: AppLoadContext, user: SessionUser, role: Role, bookingId: number, intent: string, form: FormData) {
  const names = pageRowsFor(role, intent);
  const page = processRow(names[0]!).page!;
  const checked = parseSubmission(pageActionFormSchema(page.fields ?? []), form, { multiLine: (page.fields ?? []).filter((f) => f.multiline).map((f) => f.name) });
  if (!checked.ok) return { invalid: invalid(intent, checked) };
  const values = checked.data as Record<string, string | undefined>;
  const reason = values.reason || null;
  const name = await takeFirstAllowed(bookingDeps(context), bookingId, names, { role, userId: user.id }, { reason });
  return { flash: processRow(name).flash! };
}

/** A form the schema refused: its first message is also the whole form's. */
const invalid = (form: string, checked: { fieldErrors: FieldErrors; values: FormValues }) =>
  invalidAnswer(form, checked, { title: "Check the form", message: Object.values(checked.fieldErrors)[0] });

const flashOf = (name: TransitionName): Flash => processRow(name).flash!;

/** The flashes of the intents that are not the process table's transitions (those carry their own). */
const flashes = {
  propose_slot: { kind: "success", title: "New slot proposed", text: "We have asked the other side to accept or decline it. The booking keeps its slot until they do." },
  accept_new_slot: { kind: "success", title: "Booking moved", text: "The booking has its new slot; both of you have an updated calendar invite." },
  decline_new_slot: { kind: "success", title: "New slot declined", text: "The booking keeps its slot." },
  add_extra: extrasCopy.flash.offered,
  decline_extra: extrasCopy.flash.declined,
} satisfies Record<string, Flash>;

/** The slot moves, the same for both sides (decision 054); null when `intent` is not one of them. */
async function slotMoveAction(form: FormData, deps: ReturnType<typeof bookingDeps>, user: SessionUser, role: Role, bookingId: number, intent: string) {
  switch (intent) {
    case "propose_slot": {
      const checked = parseSubmission(proposeSlotFormSchema, form);
      if (!checked.ok) return { invalid: invalid("propose_slot", checked) };
      await proposeSlot(deps, role, user.id, bookingId, { slot: checked.data });
      return { flash: flashes.propose_slot };
    }
    case "accept_new_slot":
    case "decline_new_slot": {
      const proposalId = parseId(form.get("proposal"));
      if (proposalId === null) return { invalid: badRequestAnswer(intent, { title: failedTitle, message: "That proposal could not be read. Please reload the page and try again." }) };
      await answerSlotProposal(deps, role, user.id, bookingId, proposalId, intent === "accept_new_slot" ? "accept" : "decline");
      return { flash: flashes[intent] };
    }
  }
  return null;
}

/** Mark done's (and contesting a case's) form: a note (2,000 characters, 8,000 bytes of UTF-8 at most) and up to 3 photos, stored under `booking-done-photos/`. */
const donePhotoForm: PhotoFormOptions = { maxFieldBytes: 16 * 1024, maxFields: 20, folder: donePhotoFolder, maxPhotos: donePhotoLimit, tooMany: tooManyDonePhotos };
/** The customer's forms: a no-show claim may carry up to 3 photos, stored under `booking-case-photos/`. */
const customerPhotoForm: PhotoFormOptions = { ...donePhotoForm, folder: casePhotoFolder, maxPhotos: casePhotoLimit };
/** The intents whose form may carry photos. */
const PHOTO_INTENTS: Record<Role, readonly string[]> = { fixer: ["mark_done", "contest_claim"], customer: ["report_no_show"] };

/**
 * Every POST on a booking page: `intent` names the transition; the booking must be the user's own in
 * that role. The fixer's page takes photos with "mark done" (a multipart form, read by the one photo
 * pipeline, its files stored as they arrive and deleted again unless the job was marked done); the
 * customer's page takes text only.
 */
export async function bookingAction(request: Request, context: AppLoadContext, user: SessionUser, role: Role, bookingId: number) {
  // Both pages read forms through the one photo pipeline: the fixer's mark done and answer to a case, the customer's no-show claim.
  return answerPageFormWithPhotos(
    request,
    context.services.storage,
    role === "fixer" ? donePhotoForm : customerPhotoForm,
    (refused) => {
      if (refused.field === "form" && Object.keys(refused.values).length === 0) return badRequestAnswer("booking", unreadable);
      const intent = String(refused.values.intent ?? PHOTO_INTENTS[role][0]);
      return photoUploadAnswer(intent, refused, ["note", "reason", "answer"]);
    },
    ({ form, photos, keepPhotos }) => answerBookingForm(context, user, role, bookingId, form, photos, keepPhotos),
  );
}

async function answerBookingForm(context: AppLoadContext, user: SessionUser, role: Role, bookingId: number, form: FormData, photos: StoredPhoto[], keepPhotos: () => void) {
  const deps = bookingDeps(context);
  const intent = String(form.get("intent") ?? "");
  const back = (flash: Flash) => redirectWithFlash(context, role === "customer" ? bookingPaths.customer(bookingId) : bookingPaths.fixer(bookingId), flash);
  // Only marking the job done carries photos.
  if (photos.length > 0 && !PHOTO_INTENTS[role].includes(intent)) {
    return badRequestAnswer(intent || "booking", { title: failedTitle, message: role === "fixer" ? "Photos can be added only when marking the job done or answering a claim." : "Photos can be added only when telling us the fixer did not come." });
  }
  try {
    const slotMove = await slotMoveAction(form, deps, user, role, bookingId, intent);
    if (slotMove) return slotMove.flash ? back(slotMove.flash) : slotMove.invalid;
    // A transition the page renders from the process table's fields; those with a form of their own are answered below.
    const rows = pageRowsFor(role, intent);
    if (rows.length && processRow(rows[0]!).page!.form !== "own") {
      const taken = await takeTableAction(context, user, role, bookingId, intent, form);
      return taken.flash ? back(taken.flash) : taken.invalid;
    }
    if (role === "customer") {
      switch (intent) {
        case "pay": {
          // An emergency call-out's Pay carries the address the fixer comes to (decision 083).
          let address;
          if (form.has("addressLine1")) {
            const checked = parseSubmission(callOutPayFormSchema, form, { multiLine: ["accessNotes"] });
            if (!checked.ok) return invalid("pay", checked);
            address = checked.data.address;
          }
          const { url } = await startBookingCheckout(context.services, user.id, bookingId, new Date(), { address });
          return redirect(url, { headers: { "cache-control": "no-store" } });
        }
        case "confirm_done":
          await confirmDone(deps, user.id, bookingId);
          return back(flashOf("confirm_done"));
        case "pay_extra": {
          const extraId = parseId(form.get("extra"));
          if (extraId === null) return badRequestAnswer(intent, { title: failedTitle, message: extraUnreadable });
          const { url } = await startExtraCheckout(context.services, user.id, bookingId, extraId);
          return redirect(url, { headers: { "cache-control": "no-store" } });
        }
        case "decline_extra": {
          const extraId = parseId(form.get("extra"));
          if (extraId === null) return badRequestAnswer(intent, { title: failedTitle, message: extraUnreadable });
          const checked = parseSubmission(declineExtraFormSchema, form);
          if (!checked.ok) return invalid("decline_extra", checked);
          await declineExtra(deps, user.id, bookingId, extraId, checked.data);
          return back(flashes.decline_extra);
        }
        case "report_problem": {
          const checked = parseSubmission(reportProblemFormSchema, form, { multiLine: ["reason"] });
          if (!checked.ok) return invalid("report_problem", checked);
          await reportProblem(deps, user.id, bookingId, checked.data);
          return back(flashOf("report_problem"));
        }
        case "cancel": {
          const checked = parseSubmission(cancelFormSchema, form, { multiLine: ["reason"] });
          if (!checked.ok) return invalid("cancel", checked);
          const cancelled = await cancelByCustomer(deps, user.id, bookingId, checked.data);
          return back(cancelled.state === "claim_open" ? flashOf("cancel_after_start") : { ...flashOf("cancel_by_customer"), text: cancellationWords.customer(cancelled) });
        }
        case "report_no_show": {
          const checked = parseSubmission(noShowFormSchema, form, { multiLine: ["reason"] });
          if (!checked.ok) return invalid("report_no_show", checked);
          await reportNoShow(deps, user.id, bookingId, { reason: checked.data.reason, photos });
          keepPhotos();
          return back(flashOf("report_no_show"));
        }
      }
    } else {
      switch (intent) {
        case "confirm_slot":
          await confirmSlot(deps, user.id, bookingId);
          return back(flashOf("confirm_slot"));
        case "decline_slot":
          await declineSlot(deps, user.id, bookingId);
          return back(flashOf("decline_slot"));
        case "mark_done": {
          const checked = parseSubmission(markDoneFormSchema, form, { multiLine: ["note"] });
          if (!checked.ok) return invalid("mark_done", checked);
          await markDone(deps, user.id, bookingId, { ...checked.data, photos });
          keepPhotos();
          return back(flashOf("mark_done"));
        }
        case "cancel": {
          const checked = parseSubmission(fixerCancelFormSchema, form, { multiLine: ["reason"] });
          if (!checked.ok) return invalid("cancel", checked);
          const cancelled = await cancelByFixer(deps, user.id, bookingId, checked.data);
          return back({ ...flashOf("cancel_by_fixer"), text: cancellationWords.fixerCancelled(cancelled.refundPence) });
        }
        case "add_extra_hours": {
          const checked = parseSubmission(extraHoursFormSchema, form);
          if (!checked.ok) return invalid("add_extra_hours", checked);
          await offerExtra(deps, user.id, bookingId, { kind: "hours", hours: checked.data.hours });
          return back(flashes.add_extra);
        }
        case "add_extra_amount": {
          const checked = parseSubmission(extraAmountFormSchema, form);
          if (!checked.ok) return invalid("add_extra_amount", checked);
          await offerExtra(deps, user.id, bookingId, { kind: "amount", description: checked.data.description, pricePence: checked.data.amount });
          return back(flashes.add_extra);
        }
        case "agree_claim":
          await agreeClaim(deps, user.id, bookingId);
          return back(flashOf("agree_claim"));
        case "contest_claim": {
          const checked = parseSubmission(contestClaimFormSchema, form, { multiLine: ["answer"] });
          if (!checked.ok) return invalid("contest_claim", checked);
          await contestClaim(deps, user.id, bookingId, { ...checked.data, photos });
          keepPhotos();
          return back(flashOf("contest_claim"));
        }
      }
    }
    return badRequestAnswer("booking", { title: failedTitle, message: "Unknown action. Please reload the page and try again." });
  } catch (error) {
    // The total changed before any card was asked for: back to the page that shows the new one (decision 075).
    if (error instanceof EarlyBirdWithdrawnError) return back({ kind: "error", title: "Early-bird discount no longer available", text: error.message });
    if (error instanceof CheckoutUnavailableError) {
      return formAnswer(503, { form: "pay", status: "error", title: "Payments are unavailable", message: "We could not open the checkout. Please try again in a few minutes." });
    }
    return refusalAnswer(intent || "booking", error, { title: failedTitle });
  }
}

export type NewBookingPage = {
  quoteId: number;
  jobId: number;
  title: string;
  fixerName: string;
  /** The job's postcode (the address form starts with it) and its district (the address must be in it). */
  postcode: string;
  district: string;
  /** The quote is still waiting for the customer's answer: booking it accepts it. */
  accepting: boolean;
  fixerSlots: Slot[];
  /** For each of `fixerSlots`: when its free cancellation ends, and whether that has already passed now (a slot less than 24 hours away). */
  fixerSlotCancellation: { freeUntil: string; passed: boolean }[];
  /** The late-cancellation fee for the fixed price (null until the price is fixed). */
  lateFeePence: number | null;
  pricePence: number | null;
  range: { fromPence: number; toPence: number } | null;
};

/**
 * The slot page for the customer's quote: one they accepted, or one still waiting on their open job
 * (choosing a slot accepts and books it in one). Null when the quote is not theirs or not bookable.
 */
export async function loadNewBookingPage(context: AppLoadContext, reads: Pick<BookingPageReads, "quoteToBook">, user: SessionUser, quoteId: number): Promise<NewBookingPage | null> {
  const { db } = context.services;
  const row = await reads.quoteToBook(db, user.id, quoteId);
  if (!row) return null;
  const accepting = row.quote.status === "sent" && row.jobStatus === "open";
  if (!accepting && row.quote.status !== "accepted") return null;
  const view = await quoteBookingView(db, row.quote);
  return {
    quoteId,
    jobId: row.quote.jobId,
    title: row.title,
    fixerName: row.fixerName ?? "Your fixer",
    postcode: row.postcode,
    district: row.district,
    accepting,
    fixerSlots: view.slots,
    fixerSlotCancellation: view.slots.map((slot) => {
      const freeUntil = freeCancellationEndsAt(slot);
      return { freeUntil: freeUntil.toISOString(), passed: Date.now() > freeUntil.getTime() };
    }),
    lateFeePence: view.pricePence === null ? null : lateFeeFor(view.pricePence),
    pricePence: view.pricePence,
    range: row.quote.priceKind === "range" ? { fromPence: row.quote.amountPence, toPence: row.quote.amountToPence ?? row.quote.amountPence } : null,
  };
}

/** Accepts the quote if it is waiting, books the chosen slot (waiting for payment) and opens the booking page, where the figures are shown before paying. */
/** `acceptAndBook` (the quotes feature's: accepting a quote books it) comes from the route, which may use both features. */
type AcceptAndBook = (deps: BookingDeps, customerUserId: string, input: CreateBookingInput) => Promise<{ bookingId: number }>;

export async function newBookingAction(request: Request, context: AppLoadContext, user: SessionUser, quoteId: number, acceptAndBook: AcceptAndBook) {
  const form = await readTextForm(request);
  if (!form) return badRequestAnswer("book", unreadable);
  const checked = parseSubmission(bookSlotFormSchema, form, { multiLine: ["accessNotes"] });
  if (!checked.ok) return invalid("book", checked);
  try {
    const { bookingId } = await acceptAndBook(bookingDeps(context), user.id, { quoteId, ...checked.data });
    return redirect(bookingPaths.customer(bookingId), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return refusalAnswer("book", error, { title: failedTitle });
  }
}
