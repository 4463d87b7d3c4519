import { data, redirect } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import { hitRateLimit, rateLimitMessage } from "#server/security/rate-limit.ts";
import { startDonationCheckout, type CheckoutContext } from "~/features/payments/checkout.server";
import { logHoneypot, readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission, readValues } from "~/lib/forms/parse";
import { formSchemas, publicFormParsing, type FormName, type PublicFormResult } from "./schemas";
import { storeContactSubmission, type ContactFormName } from "./submissions.server";

/**
 * The server side of every public form: honeypot, validation with the shared schema (400 and
 * field messages), a per-IP rate limit (429), then the store. A plain browser POST and a
 * fetcher submission get the same answer; the page shows it either way.
 */

/** 5 accepted submissions of one form per address in 10 minutes is plenty for a person. */
export const FORM_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;
/** What a public form reads of a loader's context: where the request came from, the database, the settings and a logger. */
export type FormContext = Pick<RequestFacts, "clientIp" | "userAgent"> & { services: Pick<InfraServices, "db" | "config" | "logger"> };
type ActionArgs = { request: Request; context: FormContext };

export function answer(result: PublicFormResult, status = 200) {
  return data(result, { status, headers: status === 429 ? { "retry-after": "600" } : undefined });
}

/** Counts one submission of `form` from this address; false when over the limit. */
export async function withinRateLimit(context: FormContext, form: FormName): Promise<boolean> {
  const { config, db, logger } = context.services;
  if (config.perAddressLimitsOff) return true;
  const result = await hitRateLimit(db, { key: `form:${form}:${context.clientIp}`, ...FORM_RATE_LIMIT });
  if (!result.allowed) logger.warn({ form, ip: context.clientIp }, "form rate limit reached");
  return result.allowed;
}

/** One contact form's submission (waitlist, feedback, help, …): honeypot, schema, rate limit, store. */
export async function handleContactForm(form: ContactFormName, formData: FormData, context: FormContext) {
  const schema = formSchemas[form];
  const parsed = parseSubmission(schema, formData, publicFormParsing);
  // What was typed, sent back with any failure so a page without JavaScript keeps it (a refused
  // value cut to its field's length; accepted values are within it already).
  const values = parsed.ok ? readValues(formData, { fields: Object.keys(schema.shape), lists: publicFormParsing.lists }) : parsed.values;
  if (!parsed.ok && parsed.honeypot) {
    logHoneypot(context, form);
    return answer({ form, status: "success" });
  }
  if (!parsed.ok) return answer({ form, status: "invalid", fieldErrors: parsed.fieldErrors, values }, 400);
  if (!(await withinRateLimit(context, form))) return answer({ form, status: "error", message: rateLimitMessage, values }, 429);
  try {
    const { id, repeat } = await storeContactSubmission(context.services, form, parsed.data as never, {
      ip: context.clientIp,
      userAgent: context.userAgent,
    });
    context.services.logger.info({ form, id, repeat }, "form submission stored");
    return answer(repeat ? { form, status: "success", repeat } : { form, status: "success" });
  } catch (error) {
    context.services.logger.error({ err: error, form }, "form submission could not be stored");
    return answer({ form, status: "error", values }, 503);
  }
}

export const badRequest = (form: FormName) => answer({ form, status: "error", message: "The form could not be read. Please try again." }, 400);

/** The action for a page with one contact form (/help, /careers). */
export function contactFormAction(form: ContactFormName) {
  return async ({ request, context }: ActionArgs) => {
    const formData = await readTextForm(request);
    if (!formData) return badRequest(form);
    return handleContactForm(form, formData, context);
  };
}

/** The Contact Support form on /help. */
export const contactSupportAction = contactFormAction("help");
/** The investor inquiry form on /careers. */
export const investorInquiryAction = contactFormAction("investor");

/**
 * Where 'Get Early Access' ends up: the donation checkout opens first, and its success page (and its
 * cancel link) continue here; if no checkout can be opened, the visitor comes straight here.
 */
export const EARLY_ACCESS_DONATION_NEXT = "/account";

/** Records the waitlist data only when name and email are present (and valid), then continues to the donation checkout. */
export async function donationAction(formData: FormData, request: Request, context: FormContext & CheckoutContext) {
  const parsed = parseSubmission(formSchemas.waitlist, formData, publicFormParsing);
  if (!parsed.ok && parsed.honeypot) logHoneypot(context, "waitlist");
  if (parsed.ok && (await withinRateLimit(context, "waitlist"))) {
    try {
      await storeContactSubmission(context.services, "waitlist", parsed.data, { ip: context.clientIp, userAgent: context.userAgent });
    } catch (error) {
      // The visitor still continues; losing the optional waitlist entry must not block the donation.
      context.services.logger.error({ err: error }, "waitlist entry before the donation could not be stored");
    }
  }
  const checkoutUrl = await startDonationCheckout(request, context, parsed.ok ? parsed.data.email : null, EARLY_ACCESS_DONATION_NEXT);
  return redirect(checkoutUrl ?? EARLY_ACCESS_DONATION_NEXT);
}
