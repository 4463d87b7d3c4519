import { desc, eq, sql } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { Db } from "#server/db/client.ts";
import { fixerRegistrations } from "#server/db/schema/fixers.ts";
import { CheckoutUnavailableError, createCheckout } from "~/features/payments/payments.server.ts";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { checkTextInputs } from "~/lib/text-input";
import { getOptionalUser } from "~/features/auth/guard.server";
import { readTextForm } from "~/features/forms/actions.server";
import { registrationToasts } from "./content";
import { isTransientDbError, REGISTRATION_RETRY, withRetry, type RetryOptions } from "./retry";
import { checkRegistration, FIXER_HONEYPOT_FIELD, registrationFields, type RegistrationDetails, type RegistrationField } from "./rules";

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

export type RegistrationResult =
  | { ok: true; checkoutUrl: string }
  | { ok: true; alreadyPaid: true }
  | { ok: false; title: string; message: string; field?: RegistrationField };

/** Registrations per address: a person needs one or two; a script gets a 429. */
export const REGISTRATION_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

const answer = (result: RegistrationResult, status = 200) => data(result, { status, headers: { "cache-control": "no-store" } });

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

export async function registerFixerAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { services } = context;
  const form = await readTextForm(request);
  if (!form) return answer({ ok: false, title: "Error", message: registrationToasts.saveFailed.description }, 400);
  // Every registration field is one line: a NUL byte or a line break is refused (~/lib/text-input).
  const text = checkTextInputs(Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string")));
  const refused = Object.entries(text.fieldErrors).find(([field]) => (registrationFields as readonly string[]).includes(field));
  if (refused) return answer({ ok: false, title: refused[1], message: "", field: refused[0] as RegistrationField }, 400);
  const input = text.values;

  const checked = checkRegistration(input);
  if (!checked.ok) return answer({ ok: false, title: checked.message, message: "", field: checked.field }, 400);
  if ((input[FIXER_HONEYPOT_FIELD] ?? "").trim() !== "") {
    services.logger.warn({ ip: context.clientIp }, "fixer registration honeypot filled: dropped");
    return answer({ ok: false, title: registrationToasts.saveFailed.title, message: registrationToasts.saveFailed.description }, 400);
  }
  const limited = !(services.config.BENCH_MODE && !services.config.isProduction)
    ? !(await hitRateLimit(services.db, { key: `fixer-register:${context.clientIp}`, ...REGISTRATION_RATE_LIMIT })).allowed
    : false;
  if (limited) return answer({ ok: false, ...registrationToasts.rateLimited, message: registrationToasts.rateLimited.description }, 429);

  let registration: { id: number };
  try {
    const existing = await existingRegistration(services.db, checked.data.email);
    if (existing?.paidAt) {
      services.logger.info({ registrationId: existing.id }, "fixer registration repeated after payment: pointed to the portal");
      return answer({ ok: true, alreadyPaid: true });
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
    // Spec: the save failure is logged; the visitor sees the data layer's error toast.
    services.logger.error({ err: error }, "fixer registration could not be saved");
    return answer({ ok: false, title: registrationToasts.saveFailed.title, message: registrationToasts.saveFailed.description }, 503);
  }

  const user = await getOptionalUser(request, context);
  try {
    const { url } = await createCheckout(services, {
      product: "fixerOnboarding",
      userId: user?.id ?? null,
      email: checked.data.email,
      reference: { fixerRegistrationId: registration.id },
      returnPath: "/fixer-register",
    });
    services.logger.info({ registrationId: registration.id }, "fixer registration saved; fee checkout created");
    return answer({ ok: true, checkoutUrl: url });
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) services.logger.error({ err: error }, "fixer fee checkout could not be created");
    return answer({ ok: false, title: registrationToasts.checkoutFailed.title, message: registrationToasts.checkoutFailed.description }, 503);
  }
}
