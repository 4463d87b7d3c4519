import type { JobHandler } from "#server/jobs/queue.ts";
import type { BodyLimits } from "#server/http/body-limit.ts";
import { startServer, type RunningServer, type ServerFeatures, type StartOptions } from "#server/app.ts";
import { figurePaths } from "~/content/figures.ts";
import { publicPages } from "~/content/pages.ts";
import { services as serviceCategories } from "~/content/services.ts";
import { sql } from "drizzle-orm";
import { createAuth } from "~/features/auth/auth.server.ts";
import type { SessionExtras } from "~/features/auth/guard.server.ts";
import { casePhotoLimit, donePhotoLimit } from "~/features/bookings/form-limits.ts";
import { bookingJobHandlers } from "~/features/bookings/jobs.server.ts";
import { bookingGauges, reconciliationGauges } from "~/features/bookings/metrics.server.ts";
import { scheduleReconciliation } from "~/features/bookings/reconciliation.server.ts";
import { createReferralCode } from "~/features/bookings/referrals.server.ts";
import { fulfilBookingPayment } from "~/features/bookings/payment.server.ts";
import { fulfilExtraPayment } from "~/features/bookings/extras-payment.server.ts";
import { fillBookingRowsPort } from "~/features/bookings/rows-port.server.ts";
import { bookingStripeEvents, fixerPayoutStripeEvents, payoutAccountStripeEvents, transferFundsStripeEvents } from "~/features/bookings/stripe-events.server.ts";
import { bookingRowsPort } from "~/features/emergency/booking-rows.server.ts";
import { EMERGENCY_ROUND_JOB, runDispatchRound } from "~/features/emergency/dispatch.server.ts";
import { emergencyGauges } from "~/features/emergency/metrics.server.ts";
import { consentCookieName } from "~/features/consent/consent.ts";
import { hasApprovedApplicationSql } from "~/features/fixers/account-status.server.ts";
import { fulfilFixerOnboardingFee } from "~/features/fixers/fee-fulfilment.server.ts";
import { DOCUMENT_FOLDERS } from "~/features/fixers/onboarding.server.ts";
import { onboardingUploadLimits } from "~/features/fixers/portal-content.ts";
import { CV_MAX_BYTES } from "~/features/forms/form-fields.ts";
import { deliverSheetSync, WEBHOOK_JOB_KIND } from "~/features/forms/sheet-sync.server.ts";
import { fulfilDonation } from "~/features/payments/donation.server.ts";
import { createPaymentsService, type FulfilmentHandler } from "~/features/payments/payments.server.ts";
import type { ProductKey } from "~/features/payments/products.ts";
import { liveTopics } from "#server/live/channel.ts";
import { notificationJobHandlers } from "~/features/notifications/jobs.server.ts";
import { notificationPaths } from "~/features/notifications/kinds.ts";
import { unreadCountsJoin } from "~/features/notifications/projections.server.ts";
import { fulfilVipPurchase } from "~/features/vip/vip-purchase.server.ts";
import { mountPaymentsHttp } from "~/features/payments/webhook.server.ts";
import { scheduleRetention } from "~/features/privacy/retention.server.ts";
import { createMissingFixerProfilesAtStart } from "~/features/quotes/coverage.server.ts";
import { quoteLimits } from "~/features/quotes/job-fields.ts";
import { hasFixerProfileSql } from "~/features/quotes/profiles.server.ts";
import { createPublicFixerData } from "~/features/quotes/public-changes.ts";
import { DRAFT_EXPIRY_JOB_KIND, expireDraft } from "~/features/quotes/request-draft.server.ts";
import { REVIEW_WINDOW_JOB, runReviewWindowTimer } from "~/features/quotes/reviews.server.ts";
import type { AppServices, FeatureJobKind } from "~/app-services.server.ts";
import { mountSeedHttp } from "~/features/seeding/http.server.ts";
import { mountStaffHttp } from "~/features/staff/command-http.server.ts";
import { promoteConfiguredAdmin } from "~/features/staff/roles.server.ts";

/**
 * The composition root: the one module that knows both the features (app/) and the infrastructure
 * (server/). It builds the features' services and hands them, with their job handlers, endpoints,
 * body limits and page-cache rules, to the server (server/app.ts), which imports nothing from app/.
 * It is the entry of the server bundle: build/server/index.js exports its `start()` (decisions 002, 045).
 */

/**
 * What each product does once paid, handed to the payments service: a product without a fulfilment
 * is a type error here, not a payment that never fulfils. The products' features sit above payments,
 * so the table that names them all lives here.
 */
export const fulfilments: Record<ProductKey, FulfilmentHandler> = {
  vipAccess: fulfilVipPurchase,
  earlyAccessDonation: fulfilDonation,
  fixerOnboarding: fulfilFixerOnboardingFee,
  booking: fulfilBookingPayment,
  bookingExtra: fulfilExtraPayment,
};

/**
 * What the session's one query (decision 071) reads of other features' rows, each piece from its
 * owner: auth sits below them all, so it is handed these (decision 089). An approved fixer has a
 * profile (quotes), or an approved application whose profile is made on the first visit to /fixer (fixers).
 */
export const sessionExtras: SessionExtras = {
  approvedFixer: (userId) => sql<boolean>`(${hasFixerProfileSql(userId)} or ${hasApprovedApplicationSql(userId)})`,
  unread: unreadCountsJoin,
};

/** What the outbox worker runs besides email: one handler per feature job kind (a missing one is a type error). */
const jobHandlers = (services: AppServices): Record<FeatureJobKind, JobHandler> => ({
  [WEBHOOK_JOB_KIND]: deliverSheetSync,
  // A job draft's photos are files: its expiry needs the file store as well as the database.
  [DRAFT_EXPIRY_JOB_KIND]: (payload) => expireDraft(services, payload),
  // A review window's close tells the reviewed people whose review it published (decision 055).
  [REVIEW_WINDOW_JOB]: (payload) => runReviewWindowTimer(services, payload),
  ...bookingJobHandlers,
  ...notificationJobHandlers(services),
  // An emergency request's next round of offers, or its end unanswered (decision 082); a repeat does nothing.
  [EMERGENCY_ROUND_JOB]: (payload) => runDispatchRound({ db: services.db, publicUrl: services.config.publicUrl }, payload),
});

const MB = 1024 * 1024;
/**
 * Each request body's cap, enforced while it is read (server/http/body-limit.ts). A person's form is
 * a few KB; the uploads get their files' limits plus room for the fields and the multipart framing.
 */
const onboardingUploadBytes = onboardingUploadLimits.maxFileBytes * onboardingUploadLimits.maxFilesPerCard * DOCUMENT_FOLDERS.length + MB;
const jobPagePath = /^\/(?:account|fixer)\/jobs\/\d{1,12}$/;
/** Both booking pages: the fixer's (mark done, answer a case) and the customer's (a no-show claim) may carry photos. */
const bookingPagePath = /^\/(?:fixer\/)?bookings\/\d{1,12}$/;
export const bodyLimits: BodyLimits = {
  form: 100_000,
  json: 64 * 1024,
  routes: [
    { match: (path) => path === "/recruitment", multipart: CV_MAX_BYTES + MB },
    { match: (path) => path === "/request", multipart: quoteLimits.photoMaxBytes * quoteLimits.photosPerJob + MB },
    // The emergency form takes photos as the job form does (decision 081).
    { match: (path) => path === "/emergency", multipart: quoteLimits.photoMaxBytes * quoteLimits.photosPerJob + MB },
    // A job page's message may carry photos.
    { match: (path) => jobPagePath.test(path), multipart: quoteLimits.photoMaxBytes * quoteLimits.photosPerMessage + MB },
    // A booking page: marking the job done, answering a case or claiming a no-show may carry photos (decision 064).
    { match: (path) => bookingPagePath.test(path), multipart: quoteLimits.photoMaxBytes * Math.max(donePhotoLimit, casePhotoLimit) + MB },
    { match: (path) => path === "/fixer-onboarding" || path === "/fixer-onboarding/submit", multipart: onboardingUploadBytes },
    // A VIP post's text may be 50,000 characters, percent-encoded up to nine bytes each.
    { match: (path) => path.startsWith("/staff/vip-posts/"), form: MB },
  ],
};

/** How long a service page (it lists top-rated fixers) is served from the anonymous-HTML cache at most. */
const SERVICE_PAGE_MAX_AGE_MS = 5 * 60_000;
const servicePaths: ReadonlySet<string> = new Set(serviceCategories.map((s) => s.href));

const features: ServerFeatures<AppServices> = {
  services: (infra) => ({
    ...infra,
    // At each sign-in: STAFF_ADMIN_EMAILS (a listed, confirmed email becomes admin) and the person's
    // referral code, made once here so that the account page only reads it.
    auth: createAuth(infra, async (userId) => {
      await promoteConfiguredAdmin(infra.db, infra.config.staffAdminEmails, userId);
      await createReferralCode(infra.db, userId);
    }),
    sessionExtras,
    payments: createPaymentsService(infra.config, fulfilments),
    publicFixerData: createPublicFixerData(),
  }),
  jobHandlers,
  // The privacy notice's retention periods, applied daily; the ledger reconciled with the payment provider daily (once across instances);
  // at start, the profiles of fixers approved before profiles existed (the pages only read them).
  background: (services) => [scheduleRetention(services), scheduleReconciliation(services), createMissingFixerProfilesAtStart(services)],
  bodyLimits,
  // RFC 8058: a mail provider POSTs the one-click unsubscribe from nowhere on this site; the token is the authority.
  signedLinkPaths: [notificationPaths.oneClick],
  mountHttp(app, services) {
    // /staff is private and uncached; the staff command-line tool's endpoint.
    mountStaffHttp(app, services);
    // The browser tests' seeding endpoint: mounted only with APP_ENV=test and a TEST_SEED_SECRET (decision 085).
    mountSeedHttp(app, services);
    // Stripe's webhook needs the raw body for its signature; bookings' disputes and refunds, and fixers' payout accounts, arrive there too.
    mountPaymentsHttp(app, services, [bookingStripeEvents, fixerPayoutStripeEvents, payoutAccountStripeEvents, transferFundsStripeEvents]);
  },
  // Bookings waiting, the money they hold (and any held past its deadline), the daily reconciliation's result; emergency dispatch (decision 082).
  metrics: (services) => [bookingGauges(services.db), reconciliationGauges(services.db), emergencyGauges(services.db)],
  loadContext: (services, facts) => ({ services, ...facts }),
  pageCache: {
    // Anonymous visitors' public pages (decision 012). Service pages list top-rated fixers (data):
    // dropped when what visitors see of fixers changes here, and served at most 5 minutes, which
    // bounds what another process may show (decision 023).
    paths: [...publicPages.map((p) => p.path), ...servicePaths],
    consentCookie: consentCookieName,
    // The pages with figures (/ and /about: decision 043; /early-access's waitlist count: 065) are counted at most 5 minutes ago too.
    maxAgeMs: (path) => (servicePaths.has(path) || figurePaths.has(path) || path === "/early-access" ? SERVICE_PAGE_MAX_AGE_MS : undefined),
    // Here at once, and on every other instance through the live channel (decision 048); after the
    // channel's connection came back, events may have been missed: dropped then too.
    invalidateOn: (services, invalidate) => {
      const dropServicePages = () => invalidate((path) => servicePaths.has(path));
      const stopListening = services.publicFixerData.onChange(() => {
        dropServicePages();
        services.live
          .publish({ topic: liveTopics.publicPages, kind: "fixer-data", ids: [] })
          .catch((error: unknown) => services.logger.error({ err: error }, "live: could not announce a public-page change"));
      });
      const stopHearing = services.live.subscribe(liveTopics.publicPages, dropServicePages);
      const stopResume = services.live.onResume(dropServicePages);
      return () => {
        stopListening();
        stopHearing();
        stopResume();
      };
    },
  },
};

/** Starts FixiT: the server with every feature wired in (server/main.js and the tests call this from the bundle). */
export function start(options: StartOptions = {}): Promise<RunningServer<AppServices>> {
  // The booking process's reads and writes of quotes' and emergency's rows (decision 089): every entry point reaches it.
  fillBookingRowsPort(bookingRowsPort);
  return startServer(features, options);
}

export type { RunningServer };
