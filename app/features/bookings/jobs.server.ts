import { PermanentJobError, type JobHandler } from "#server/jobs/queue.ts";
import { isBookingTimer } from "./process";
import { runBookingTimer } from "./timers.server";
import { EXTRA_EXPIRY_JOB, runExtraExpiry } from "./extras.server";
import { BOOKING_PROVIDER_JOB, checkTransferFunds, runProviderOperation, TRANSFER_FUNDS_JOB } from "./money.server";
import { moneyProviderFor } from "./provider.server";
import { providerBooksFor, RECONCILIATION_JOB, runReconciliation } from "./reconciliation.server";
import { BOOKING_TIMER_JOB } from "./transition.server";

/** The booking jobs the outbox worker runs (the composition root hands them to it): timers, extra charges' checkout windows, provider operations, transfers' funds checks and the daily reconciliation. */
export const BOOKING_JOB_KINDS = [BOOKING_TIMER_JOB, EXTRA_EXPIRY_JOB, BOOKING_PROVIDER_JOB, TRANSFER_FUNDS_JOB, RECONCILIATION_JOB] as const;

const positiveId = (value: unknown): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new PermanentJobError("booking job without a valid id");
  return value;
};

export const bookingJobHandlers: Record<(typeof BOOKING_JOB_KINDS)[number], JobHandler> = {
  [BOOKING_TIMER_JOB]: async (payload, { services }) => {
    const { bookingId, timer, slot } = (payload ?? {}) as { bookingId?: unknown; timer?: unknown; slot?: unknown };
    if (typeof timer !== "string" || !isBookingTimer(timer)) throw new PermanentJobError(`booking timer without a known name: ${String(timer)}`);
    await runBookingTimer({ db: services.db, publicUrl: services.config.publicUrl }, { bookingId: positiveId(bookingId), timer, ...(typeof slot === "string" ? { slot } : {}) });
  },
  [EXTRA_EXPIRY_JOB]: async (payload, { services }) => {
    const extraId = positiveId((payload as { extraId?: unknown } | null)?.extraId);
    await runExtraExpiry({ db: services.db, publicUrl: services.config.publicUrl }, { extraId });
  },
  [BOOKING_PROVIDER_JOB]: async (payload, { services }) => {
    const operationId = positiveId((payload as { operationId?: unknown } | null)?.operationId);
    await runProviderOperation({ db: services.db, provider: moneyProviderFor(services.config, services.db) }, operationId);
  },
  [TRANSFER_FUNDS_JOB]: async (payload, { services }) => {
    const { operationId, early } = (payload ?? {}) as { operationId?: unknown; early?: unknown };
    await checkTransferFunds({ db: services.db, provider: moneyProviderFor(services.config, services.db) }, positiveId(operationId), { early: early === true });
  },
  [RECONCILIATION_JOB]: async (payload, { services }) => {
    const runId = positiveId((payload as { runId?: unknown } | null)?.runId);
    await runReconciliation(services.db, providerBooksFor(services.config, services.db), runId);
  },
};
