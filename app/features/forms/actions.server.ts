import { data, redirect, type AppLoadContext } from "react-router";
import { hitRateLimit, rateLimitMessage } from "#server/security/rate-limit.ts";
import { startDonationCheckout } from "~/features/payments/checkout.server";
import { formSchemas, formValues, HONEYPOT_FIELD, parseForm, type FormName } from "./schemas";
import type { FormActionResult } from "./form-result";
import { storeContactSubmission, type ContactFormName } from "./submissions.server";
import { vipCodeAction } from "~/features/vip/access.server";

/**
 * The server side of every public form: honeypot, validation with the shared schema (400 and
 * field messages), a per-IP rate limit (429), then the store. A plain browser POST and a
 * fetcher submission get the same answer; the page shows it either way.
 */

/** 5 accepted submissions of one form per address in 10 minutes is plenty for a person. */
export const FORM_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;
/** Text forms are small; anything bigger is not a person typing. */
const MAX_TEXT_FORM_BYTES = 100_000;

type ActionArgs = { request: Request; context: AppLoadContext };

export function answer(result: FormActionResult, status = 200) {
  return data(result, { status, headers: status === 429 ? { "retry-after": "600" } : undefined });
}

/** True (and logged) when the hidden field was filled: the caller answers "success" and stores nothing. */
export function isHoneypotFilled(formData: FormData, context: AppLoadContext, form: FormName): boolean {
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    context.services.logger.warn({ form, ip: context.clientIp, userAgent: context.userAgent }, "form honeypot filled: submission dropped");
    return true;
  }
  return false;
}

/** Counts one submission of `form` from this address; false when over the limit. */
export async function withinRateLimit(context: AppLoadContext, form: FormName): Promise<boolean> {
  const { config, db, logger } = context.services;
  if (config.BENCH_MODE && !config.isProduction) return true;
  const result = await hitRateLimit(db, { key: `form:${form}:${context.clientIp}`, ...FORM_RATE_LIMIT });
  if (!result.allowed) logger.warn({ form, ip: context.clientIp }, "form rate limit reached");
  return result.allowed;
}

export async function readTextForm(request: Request): Promise<FormData | null> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_TEXT_FORM_BYTES) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

async function handleContactForm(form: ContactFormName, formData: FormData, context: AppLoadContext) {
  const schema = formSchemas[form];
  const values = formValues(schema, formData);
  if (isHoneypotFilled(formData, context, form)) return answer({ form, status: "success" });
  const parsed = parseForm(schema, values);
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

const badRequest = (form: FormName) => answer({ form, status: "error", message: "The form could not be read. Please try again." }, 400);

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

/** /early-access: the waitlist form, its 'Get Early Access' button, the feedback form and the VIP code. */
export async function earlyAccessAction({ request, context }: ActionArgs) {
  const formData = await readTextForm(request);
  const intent = formData?.get("intent");
  if (!formData) return badRequest("waitlist");
  if (intent === "feedback") return handleContactForm("feedback", formData, context);
  if (intent === "donation") return donationAction(formData, request, context);
  if (intent === "vip-code") return vipCodeAction(request, context, formData);
  return handleContactForm("waitlist", formData, context);
}

/** Records the waitlist data only when name and email are present (and valid), then continues to the donation checkout. */
async function donationAction(formData: FormData, request: Request, context: AppLoadContext) {
  const values = formValues(formSchemas.waitlist, formData);
  const parsed = parseForm(formSchemas.waitlist, values);
  if (parsed.ok && !isHoneypotFilled(formData, context, "waitlist") && (await withinRateLimit(context, "waitlist"))) {
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
