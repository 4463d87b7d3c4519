import { data, type AppLoadContext } from "react-router";
import type { Db } from "../../../server/db/client.ts";
import { fixerRegistrations } from "../../../server/db/schema/fixers.ts";
import { CheckoutUnavailableError, createCheckout } from "../../../server/payments/index.ts";
import { hitRateLimit } from "../../../server/security/rate-limit.ts";
import { getOptionalUser } from "../auth/guard.server";
import { readTextForm } from "../forms/actions.server";
import "../payments/fulfilments.server";
import { registrationToasts } from "./content";
import { isTransientDbError, REGISTRATION_RETRY, withRetry, type RetryOptions } from "./retry";
import { checkRegistration, FIXER_HONEYPOT_FIELD, type RegistrationDetails, type RegistrationField } from "./rules";

/**
 * /fixer-register's action: the details are saved as a fixer_registrations row (a transient
 * database failure is retried, 3 attempts, 1 s doubling) and the fee checkout is created in the same
 * request, so the registration id never travels through the browser. The answer carries the
 * checkout URL the page opens 1.5 s later.
 */

export type RegistrationResult =
  | { ok: true; checkoutUrl: string }
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

export async function registerFixerAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { services } = context;
  const form = await readTextForm(request);
  if (!form) return answer({ ok: false, title: "Error", message: registrationToasts.saveFailed.description }, 400);
  const input = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

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
    registration = await saveRegistration(services.db, checked.data, { userAgent: context.userAgent, ip: context.clientIp }, {
      onRetry: (error, attempt, delayMs) => services.logger.warn({ err: error, attempt, delayMs }, "fixer registration failed; retrying"),
    });
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
