import { data, redirect, type AppLoadContext } from "react-router";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { signInReturnPath } from "~/features/auth/guard.server";
import { withFlash } from "~/lib/flash.server";
import { logHoneypot } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import type { SessionUser } from "~/lib/session-user";
import type { ServiceSlug } from "~/content/services";
import { coverageFor } from "./coverage.server";
import { coverageAnswer, coverageMessages } from "./coverage-answer";
import { requestCopy } from "./customer-copy";
import { isQuotesError } from "./errors";
import { postJob } from "./jobs.server";
import { quotePaths } from "./paths";
import { discardPhotos, PhotoUploadError, readJobRequest } from "./photos.server";
import { parseCoveragePlace } from "./postcodes";
import { clearedDraftCookie, draftCookie, draftFrom, hasDraftCookie } from "./request-draft.server";
import { postJobFormSchema, serviceSlugs } from "./schemas";

/**
 * /request, the job form: a signed-out visitor's answers are kept across sign-in; a customer's job
 * is read as it streams (photos checked, cleaned and stored privately), checked with the form's
 * schema, then posted by the quotes service (kept "waiting for a fixer" where nobody covers it yet:
 * decision 043). Any refusal deletes the photos already stored and answers 4xx with the field's message.
 */

export const POST_JOB_FORM = "post-job";
export type PostJobResult = FormResult;

type Ctx = AppLoadContext;
const formLimits = { maxFieldBytes: 16_000, maxFields: 20 };
const textFields = ["service", "postcode", "title", "description", "timing", "preferredDate", "budget", "invite"];

type WithoutForm<T> = T extends unknown ? Omit<T, "form"> : never;
const refuse = (status: number, result: WithoutForm<PostJobResult>, headers?: HeadersInit) =>
  data({ form: POST_JOB_FORM, ...result } as PostJobResult, { status, headers: { "cache-control": "private, no-store", ...headers } });

/** The form's text values to show again after a refusal (never a file). */
function valuesOf(fields: Record<string, string | string[]>) {
  const values: Record<string, string> = {};
  for (const field of textFields) {
    const value = fields[field];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") values[field] = first.slice(0, 2_000);
  }
  return values;
}

export async function submitJobRequest(request: Request, context: Ctx, user: SessionUser | null) {
  const { storage, config, logger } = context.services;
  let upload;
  try {
    upload = await readJobRequest(request, user ? storage : null, formLimits);
  } catch (error) {
    if (!(error instanceof PhotoUploadError)) throw error;
    return refuse(error.status, { status: "invalid", fieldErrors: { [error.field]: error.message }, values: valuesOf(error.values), title: "Check your photos", message: error.message });
  }

  // Checked signed in or out: a visitor fixes the form before being asked to sign in.
  const checked = parseSubmission(postJobFormSchema, upload.fields, { multiLine: ["description"], fields: textFields });
  const discard = () => discardPhotos(storage, upload.photos);
  if (!checked.ok) {
    await discard();
    if (checked.honeypot) {
      logHoneypot(context, POST_JOB_FORM);
      return refuse(400, { status: "error", message: "Your job could not be posted. Please try again." });
    }
    return refuse(400, { status: "invalid", fieldErrors: checked.fieldErrors, values: valuesOf(upload.fields), title: "Check the form", message: "Some answers need changing: see the messages beside them." });
  }
  if (!user) {
    // Signed out: keep what was typed (photos were read past, not stored) and ask them to sign in.
    const headers = withFlash(config, requestCopy.signInFlash, { "cache-control": "no-store" });
    headers.append("set-cookie", draftCookie(config, draftFrom(upload.fields)));
    return redirect(`/auth?from=${encodeURIComponent(signInReturnPath(quotePaths.request))}`, { headers });
  }
  try {
    const posted = await postJob({ db: context.services.db, publicUrl: config.publicUrl }, user.id, checked.data, upload.photos);
    logger.info({ jobId: posted.jobId, matched: posted.matchedFixers, waiting: posted.waiting, photos: upload.photos.length }, "job posted");
    const headers = withFlash(config, requestCopy.posted(posted), { "cache-control": "no-store" });
    if (hasDraftCookie(request)) headers.append("set-cookie", clearedDraftCookie);
    return redirect(quotePaths.customerJob(posted.jobId), { headers });
  } catch (error) {
    await discard();
    if (!isQuotesError(error)) throw error;
    const headers: Record<string, string> = error.retryAfterSeconds ? { "retry-after": String(error.retryAfterSeconds) } : {};
    return refuse(error.status, { status: "error", message: error.message, values: valuesOf(upload.fields) }, headers);
  }
}

const COVERAGE_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

/**
 * GET /request/coverage?service=&postcode=: the one coverage answer (`coverageFor`) for the browser —
 * the job form before sending, the service pages' postcode check and the assistant. `service` may
 * be left out (any service); `postcode` may be a full postcode or an outward code ("N1").
 * JSON `CoverageAnswer`; 400 for a bad service or postcode; rate limited per IP.
 */
export async function coverageCheck(request: Request, context: Ctx): Promise<Response> {
  const headers = { "cache-control": "private, no-store" };
  const url = new URL(request.url);
  const service = url.searchParams.get("service") ?? "";
  const postcode = (url.searchParams.get("postcode") ?? "").slice(0, 20);
  if ((service && !(serviceSlugs as readonly string[]).includes(service)) || !parseCoveragePlace(postcode)) {
    return Response.json({ error: coverageMessages.invalid }, { status: 400, headers });
  }
  const limited = await hitRateLimit(context.services.db, { key: `quotes:coverage:${context.clientIp}`, ...COVERAGE_LIMIT });
  if (!limited.allowed) {
    return Response.json({ error: requestCopy.rateLimited }, { status: 429, headers: { ...headers, "retry-after": String(limited.retryAfterSeconds ?? 60) } });
  }
  const coverage = await coverageFor(context.services.db, (service || null) as ServiceSlug | null, postcode);
  return Response.json(coverageAnswer(coverage!), { headers });
}
