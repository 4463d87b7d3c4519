import { desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { Db } from "#server/db/client.ts";
import { fixerRegistrations } from "#server/db/schema/fixers.ts";
import { CheckoutUnavailableError, createCheckout, openCheckoutFor, type PaymentDeps } from "~/features/payments/payments.server.ts";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { getOptionalUser, type AuthContext } from "~/features/auth/guard.server";
import { logHoneypot, readTextForm } from "~/lib/forms/forms.server";
import { firstError, parseSubmission } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { registrationToasts } from "./content";
import { isTransientDbError, REGISTRATION_RETRY, withRetry, type RetryOptions } from "./retry";
import { REGISTRATION_FORM, registrationFields } from "./registration-fields";
import { registrationSchema, type RegistrationDetails } from "./rules";

/**
 * /fixer-register's action: the details are saved as a fixer_registrations row (a transient
 * database failure is retried, 3 attempts, 1 s doubling) and the fee checkout is created in the same
 * request, so the registration id never travels through the browser. The answer carries the
 * checkout URL the page opens 1.5 s later.
 *
 * One registration per email: registering again with an address that has an unpaid registration
 * updates that one and opens its checkout; with one already paid, nothing is saved or charged and
 * the page points to the Onboarding Portal (decision 017 weighs what that tells a stranger).
 */

/** Success carries the fee checkout's URL, or `alreadyPaid` (nothing saved: the portal is next). */
export type RegistrationResult = FormResult<{ checkoutUrl?: string; alreadyPaid?: true }>;

/** Registrations per address: a person needs one or two; a script gets a 429. */
export const REGISTRATION_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

type Answer = RegistrationResult extends infer R ? (R extends unknown ? Omit<R, "form"> : never) : never;
const answer = (result: Answer, status = 200) =>
  data({ form: REGISTRATION_FORM, ...result } as RegistrationResult, { status, headers: { "cache-control": "no-store" } });
const refusal = (toast: { title: string; description: string }, status: number) =>
  answer({ status: "error", title: toast.title, message: toast.description }, status);

export async function saveRegistration(
  db: Db,
  details: RegistrationDetails,
  meta: { userAgent: string; ip: string },
  retry: Partial<Pick<RetryOptions, "sleep" | "onRetry">> = {},
): Promise<{ id: number }> {
  return withRetry(
    async () => {
      const [row] = await db
        .insert(fixerRegistrations)
        .values({ ...details, userAgent: meta.userAgent || null, ip: meta.ip || null })
        .returning({ id: fixerRegistrations.id });
      return row!;
    },
    { ...REGISTRATION_RETRY, isTransient: isTransientDbError, ...retry },
  );
}

/** The registration an email already has: a paid one first, else the newest. */
async function existingRegistration(db: Db, email: string) {
  const [row] = await db
    .select({ id: fixerRegistrations.id, paidAt: fixerRegistrations.paidAt })
    .from(fixerRegistrations)
    .where(eq(fixerRegistrations.email, email))
    .orderBy(sql`${fixerRegistrations.paidAt} is null`, desc(fixerRegistrations.createdAt))
    .limit(1);
  return row ?? null;
}

/** What registering reads of a loader's context: the session's pieces, the user agent, and the payments' for the fee's checkout. */
type RegistrationContext = AuthContext & Pick<RequestFacts, "userAgent"> & { services: PaymentDeps };

export async function registerFixerAction({ request, context }: { request: Request; context: RegistrationContext }) {
  const { services } = context;
  const form = await readTextForm(request);
  if (!form) return answer({ status: "error", title: "Error", message: registrationToasts.saveFailed.description }, 400);
  const checked = parseSubmission(registrationSchema, form, { fields: registrationFields });
  if (!checked.ok && checked.honeypot) {
    // Success would hand out a checkout: the bot gets the usual failure instead.
    logHoneypot(context, REGISTRATION_FORM);
    return refusal(registrationToasts.saveFailed, 400);
  }
  if (!checked.ok) return answer({ status: "invalid", fieldErrors: checked.fieldErrors, values: checked.values, title: firstError(checked.fieldErrors)?.message }, 400);
  const limited = !services.config.perAddressLimitsOff
    ? !(await hitRateLimit(services.db, { key: `fixer-register:${context.clientIp}`, ...REGISTRATION_RATE_LIMIT })).allowed
    : false;
  if (limited) return refusal(registrationToasts.rateLimited, 429);

  let registration: { id: number };
  try {
    const existing = await existingRegistration(services.db, checked.data.email);
    if (existing?.paidAt) {
      services.logger.info({ registrationId: existing.id }, "fixer registration repeated after payment: pointed to the portal");
      return answer({ status: "success", alreadyPaid: true });
    }
    if (existing) {
      await services.db
        .update(fixerRegistrations)
        .set({ ...checked.data, userAgent: context.userAgent || null, ip: context.clientIp || null })
        .where(eq(fixerRegistrations.id, existing.id));
      registration = existing;
    } else {
      registration = await saveRegistration(services.db, checked.data, { userAgent: context.userAgent, ip: context.clientIp }, {
        onRetry: (error, attempt, delayMs) => services.logger.warn({ err: error, attempt, delayMs }, "fixer registration failed; retrying"),
      });
    }
  } catch (error) {
    // The save failure is logged; the visitor sees the data layer's error toast.
    services.logger.error({ err: error }, "fixer registration could not be saved");
    return refusal(registrationToasts.saveFailed, 503);
  }

  const user = await getOptionalUser(request, context);
  try {
    // Registering again while the first checkout is still open sends the person back to it: one registration, one fee, one checkout.
    const open = await openCheckoutFor(services, "fixerOnboarding", "fixerRegistrationId", registration.id);
    if (open) {
      services.logger.info({ registrationId: registration.id, paymentId: open.paymentId }, "fixer registration repeated: its open fee checkout reused");
      return answer({ status: "success", checkoutUrl: open.url });
    }
    const { url } = await createCheckout(services, {
      product: "fixerOnboarding",
      userId: user?.id ?? null,
      email: checked.data.email,
      reference: { fixerRegistrationId: registration.id },
      returnPath: "/fixer-register",
    });
    services.logger.info({ registrationId: registration.id }, "fixer registration saved; fee checkout created");
    return answer({ status: "success", checkoutUrl: url });
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) services.logger.error({ err: error }, "fixer fee checkout could not be created");
    return refusal(registrationToasts.checkoutFailed, 503);
  }
}

/**
 * Where a signed-in person's registration stands when they come back to /fixer-register (issue 52):
 * paid → the next step (the Onboarding Portal); saved with its checkout still open → that checkout;
 * otherwise the form. Found by the account's email, the registration's key. Signed-out visitors get
 * the form: registering again with the same email finds their registration and its open checkout.
 */
export async function registrationResume({ request, context }: { request: Request; context: RegistrationContext }): Promise<RegistrationResult | null> {
  const user = await getOptionalUser(request, context);
  if (!user) return null;
  const existing = await existingRegistration(context.services.db, user.email.trim().toLowerCase());
  if (!existing) return null;
  if (existing.paidAt) return { form: REGISTRATION_FORM, status: "success", alreadyPaid: true };
  const open = await openCheckoutFor(context.services, "fixerOnboarding", "fixerRegistrationId", existing.id);
  return open ? { form: REGISTRATION_FORM, status: "success", checkoutUrl: open.url } : null;
}
