/**
 * The words of dispatch (decision 082): the fixer's offer page, the customer's request page as it
 * moves, the timeline's lines and the staff pages. No server imports: the pages read it.
 */
import { arrivalChoices, dispatchRounds } from "./dispatch-plan";

export const dispatchPaths = {
  offer: (id: number) => `/fixer/emergency/offers/${id}`,
  staffList: "/staff/emergencies",
  staffRequest: (id: number) => `/staff/emergencies/${id}`,
  requestPhoto: (requestId: number, index: number) => `/emergency/${requestId}/photos/${index}`,
} as const;

const minutes = (n: number) => `${n} minutes`;
const fixers = (n: number) => (n === 1 ? "1 fixer" : `${n} fixers`);

export const offerCopy = {
  title: "Emergency call-out",
  metaDescription: "An emergency call-out offered to you on FixiT.",
  intro: "A customer near you needs help now. The first fixer to accept gets the call-out; you see the full address once you have accepted.",
  service: "Service",
  district: "Where",
  districtNote: "The full address is shown once you accept.",
  description: "What is wrong",
  photos: "Photos",
  rate: "Your emergency rate",
  firstHour: "You earn for the first hour",
  firstHourNote: (charge: string) => `The call-out covers the first hour at your rate, less FixiT's ${charge} service charge. Further hours are added as an extra charge the customer accepts.`,
  timeLeft: "Time left",
  arrivalLabel: "I can arrive in",
  arrivalOption: (n: number) => minutes(n),
  accept: "Accept",
  decline: "Decline",
  acceptedTitle: "You accepted this call-out",
  accepted: (arrival: number) => `You told the customer you can arrive in ${minutes(arrival)}.`,
  taken: "This call-out was taken by another fixer.",
  declined: "You declined this call-out.",
  expired: "This offer has expired: it was offered to the next fixers on call.",
  cancelled: "The customer cancelled this call-out.",
  unanswered: "This call-out has ended.",
  back: "← Your on-call settings",
  refused: {
    badRequest: { title: "The form could not be read", text: "Reload the page and try again." },
    arrival: `Choose when you can arrive: ${arrivalChoices.slice(0, -1).join(", ")} or ${arrivalChoices.at(-1)} minutes.`,
    notFound: "There is no such call-out offered to you.",
    notFixer: "Emergency call-outs are offered to approved fixers only.",
  },
  flash: {
    accepted: (arrival: number) => ({ title: "Call-out accepted", text: `The customer has been told you can arrive in ${minutes(arrival)}.` }),
    declined: { title: "Call-out declined", text: "It will be offered to the next fixers on call." },
  },
} as const;

export const requestStatusCopy = {
  offering: (n: number) => (n === 1 ? "Offering to 1 fixer on call near you" : `Offering to ${n} fixers on call near you`),
  offeringNext: "Offering to the next fixers on call near you",
  roundNote: (round: number) => `Round ${round} of up to ${dispatchRounds.lastRound}: each round's fixers have ${minutes(dispatchRounds.windowMinutes)} to accept before it goes to the next.`,
  accepted: (name: string, arrival: number) => `Accepted: ${name} can arrive in ${minutes(arrival)}`,
  acceptedNote: "Pay the call-out and they set off: their arrival time counts from your payment. Nothing has been charged yet.",
  payCallOut: "Pay the call-out",
  openBooking: "Open your booking",
  unanswered: "No fixer could take it",
  unansweredNote: "None of the fixers on call near you could take your request, so it has ended. Nothing was charged.",
  cancelled: "Cancelled",
  cancelledNote: "You cancelled this request. Nothing was charged.",
  postAsJob: "Post it as a normal job instead",
  cancel: "Cancel this request",
  cancelNote: "Cancel if you no longer need a fixer. Nothing is charged.",
  cancelledFlash: { title: "Emergency request cancelled", text: "Nothing was charged." },
  conflict: "This request is no longer waiting for a fixer, so it cannot be cancelled.",
  timeline: "What has happened",
} as const;

/** The timeline's events as stored (emergency_request_events.kind). */
export type TimelineKind = "sent" | "round" | "offered" | "accepted" | "declined" | "expired" | "taken" | "unanswered" | "cancelled";
export type TimelineEvent = { kind: TimelineKind; round: number | null; count: number | null; fixerName: string | null; at: string };

/**
 * One line per event. The customer sees who accepted (first name) but not who was offered it or
 * declined; staff see every fixer's name.
 */
export function timelineLine(event: TimelineEvent, audience: "customer" | "staff"): string | null {
  const who = audience === "staff" && event.fixerName ? event.fixerName : "A fixer";
  switch (event.kind) {
    case "sent":
      return "Request sent";
    case "round":
      return `Round ${event.round}: offered to ${fixers(event.count ?? 0)} on call ${audience === "staff" ? "nearby" : "near you"}`;
    case "offered":
      return audience === "staff" ? `Offered to ${who} (round ${event.round})` : null;
    case "accepted":
      return `${audience === "staff" ? who : (event.fixerName ?? "A fixer")} accepted: can arrive in ${minutes(event.count ?? 0)}`;
    case "declined":
      return `${who} declined`;
    case "expired":
      return audience === "staff" ? `${who}'s offer expired (round ${event.round})` : `An offer expired unanswered (round ${event.round})`;
    case "taken":
      return audience === "staff" ? `${who}'s offer closed: taken by another fixer` : null;
    case "unanswered":
      return "No fixer could take it: the request ended, nothing was charged";
    case "cancelled":
      return "Cancelled by the customer: nothing was charged";
  }
}

export const staffEmergencyCopy = {
  title: "Emergency requests",
  intro: "Every emergency request, newest first: its status, its rounds and offers.",
  none: "No emergency requests yet.",
  older: "Older requests",
  newest: "Newest",
  statusLabels: { open: "Offering", accepted: "Accepted", unanswered: "Unanswered", cancelled: "Cancelled" } as Record<string, string>,
  requestTitle: (id: number) => `Emergency request ${id}`,
  offers: "Offers",
  noOffers: "No offers yet.",
  back: "← Emergency requests",
} as const;
