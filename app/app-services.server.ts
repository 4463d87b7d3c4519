import type { InfraServices } from "#server/services.ts";
import type { Auth } from "~/features/auth/auth.server.ts";
import type { SessionExtras } from "~/features/auth/guard.server.ts";
import type { BOOKING_JOB_KINDS } from "~/features/bookings/jobs.server.ts";
import type { EMERGENCY_JOB_KINDS } from "~/features/emergency/dispatch.server.ts";
import type { NOTIFICATION_JOB_KINDS } from "~/features/notifications/notifications.server.ts";
import type { WEBHOOK_JOB_KIND } from "~/features/forms/sheet-sync.server.ts";
import type { PaymentsService } from "~/features/payments/payments-service.ts";
import type { PublicFixerData } from "~/features/quotes/public-changes.ts";
import type { DRAFT_EXPIRY_JOB_KIND } from "~/features/quotes/request-draft.server.ts";
import type { REVIEW_WINDOW_JOB } from "~/features/quotes/reviews.server.ts";

/**
 * What every loader and action receives: the infrastructure plus the features' own services, built
 * once per server by the composition root (app/composition-root.server.ts). Declared here, at the
 * top of the app, because it names seven features: only the composition root and the routes see the
 * whole bag; a feature declares the few pieces it needs and is handed them (decision 088).
 */
export type AppServices = InfraServices & {
  /** better-auth (app/features/auth/auth.server.ts): sessions, sign-in, sign-up, reset. */
  auth: Auth;
  /** The other features' pieces of the session's one query (decision 071), handed to auth by the composition root. */
  sessionExtras: SessionExtras;
  /** Checkout, fulfilment and the Stripe client (app/features/payments/payments.server.ts). */
  payments: PaymentsService;
  /** "What visitors see of fixers changed" (app/features/quotes/public-changes.ts): the page cache listens. */
  publicFixerData: PublicFixerData;
};

/** Every outbox job kind a feature enqueues; the composition root must hand the worker a handler for each. */
export type FeatureJobKind = typeof WEBHOOK_JOB_KIND | typeof DRAFT_EXPIRY_JOB_KIND | typeof REVIEW_WINDOW_JOB | (typeof BOOKING_JOB_KINDS)[number] | (typeof NOTIFICATION_JOB_KINDS)[number] | (typeof EMERGENCY_JOB_KINDS)[number];

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Empty when the page is rendered for the anonymous-HTML cache: its inline scripts are allowed by hash. */
    cspNonce: string;
    /** The client's address as Express sees it (honours TRUST_PROXY). Never looked up elsewhere. */
    clientIp: string;
    userAgent: string;
    requestId: string;
  }
}
