import type { DbOrTx } from "#server/db/client.ts";

/**
 * What the booking process itself reads and changes of quotes' and emergency's rows: the emails'
 * parties (the fixer's address and public name, the job's title, the call-out's request), a fixer's
 * leads paused on a strike and the job done on release. Those features own the tables and import
 * bookings, so bookings cannot import them (decision 089); and the executor that needs them is
 * reached from every entry point (routes, timers, webhooks, payment fulfilments, staff, seeding).
 * So this is a port: bookings declares it, the composition root fills it once at start with quotes'
 * and emergency's implementations (the tests fill it in their setup). Each function takes the
 * caller's transaction, so a write stays atomic with the booking change that makes it.
 */
export type BookingRowsPort = {
  /** The fixer's email and public name; null when they have no profile. */
  fixerContact(tx: DbOrTx, fixerUserId: string): Promise<{ email: string; name: string } | null>;
  /** The job's title; null when there is no such job. */
  jobTitle(tx: DbOrTx, jobId: number): Promise<string | null>;
  /** The emergency request a call-out answers; null when it is gone. */
  callOutRequest(tx: DbOrTx, requestId: number): Promise<{ customerUserId: string; service: string; postcode: string; district: string } | null>;
  /** Pauses the fixer's leads (new jobs and quoting) with the reason given, unless already paused; true when this paused them. */
  pauseFixerLeads(tx: DbOrTx, fixerUserId: string, reason: string, now: Date): Promise<boolean>;
  /** The job is done: from in progress only (a job in any other status is left as it is). */
  completeJob(tx: DbOrTx, jobId: number, now: Date): Promise<void>;
};

let filled: BookingRowsPort | null = null;

/** The composition root (and the tests' setup) hands bookings the owners' implementations. */
export function fillBookingRowsPort(port: BookingRowsPort): void {
  filled = port;
}

export function bookingRows(): BookingRowsPort {
  if (!filled) throw new Error("bookings: the rows port is not filled (app/composition-root.server.ts fills it at start)");
  return filled;
}
