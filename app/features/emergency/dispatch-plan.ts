/**
 * How an emergency request is offered (decision 082): to the on-call fixers covering its postcode,
 * nearest first, a few at a time in rounds with a short window each, up to a last round or until
 * everybody on call has been offered it. Pure (no server imports): the figures live here once, and
 * the pages word time left and arrival estimates from them.
 */

/** The dispatch's figures: decision 082 states them (scripts/decision-figures.test.ts checks). */
export const dispatchRounds = {
  /** Fixers offered each round. */
  fixersPerRound: 3,
  /** How long a round's offers stay open before the next round is offered. */
  windowMinutes: 3,
  /** The last round: after its window, a request nobody accepted is unanswered. */
  lastRound: 4,
} as const;

export const ROUND_WINDOW_MS = dispatchRounds.windowMinutes * 60_000;

/** The arrival estimates a fixer may give when accepting (minutes from now). */
export const arrivalChoices = [15, 30, 40, 60, 90] as const;
export type ArrivalMinutes = (typeof arrivalChoices)[number];
export const isArrivalMinutes = (value: unknown): value is ArrivalMinutes => typeof value === "number" && (arrivalChoices as readonly number[]).includes(value);

/**
 * How near a fixer is, from the codes they cover (no geography is stored): 0 covers the request's
 * own outward code ("SW1A"), 1 its district ("SW1"), 2 only the whole postcode area ("SW"). A fixer
 * who names the district works there; one who covers a whole area may live at its other end.
 */
export type Nearness = 0 | 1 | 2;

export type Candidate = { fixerUserId: string; ratePence: number; nearness: Nearness };

/** Nearest first; then the lower rate (the customer pays it); then a fixed order, so a plan is repeatable. */
export function nearestFirst(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort((a, b) => a.nearness - b.nearness || a.ratePence - b.ratePence || (a.fixerUserId < b.fixerUserId ? -1 : a.fixerUserId > b.fixerUserId ? 1 : 0));
}

export type RoundPlan = { kind: "offer"; round: number; fixers: Candidate[] } | { kind: "unanswered"; reason: "last-round-over" | "nobody-left" };

/**
 * Round `round`'s offers: the nearest `fixersPerRound` of those on call now (`candidates`) who were
 * never offered this request (`alreadyOffered`). Past the last round, or with nobody left on call who
 * was not offered it, the request is unanswered. A fixer who went off call is not among `candidates`,
 * so is never offered a later round.
 */
export function planRound(round: number, candidates: readonly Candidate[], alreadyOffered: ReadonlySet<string>): RoundPlan {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`a round is a whole number from 1, got ${round}`);
  if (round > dispatchRounds.lastRound) return { kind: "unanswered", reason: "last-round-over" };
  const fresh = nearestFirst(candidates.filter((c) => !alreadyOffered.has(c.fixerUserId)));
  if (fresh.length === 0) return { kind: "unanswered", reason: "nobody-left" };
  return { kind: "offer", round, fixers: fresh.slice(0, dispatchRounds.fixersPerRound) };
}

/** "2 min 40 s left", "Less than a minute left", "Expired": the offer page's time left. */
export function timeLeftText(expiresAt: Date, now: Date): string {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return "Expired";
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return "Less than a minute left";
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s left` : `${minutes} min left`;
}

/** "Pia" of "Pia Oncall": the customer sees the accepted fixer's first name. */
export const firstNameOf = (displayName: string): string => displayName.trim().split(/\s+/)[0] || displayName;
