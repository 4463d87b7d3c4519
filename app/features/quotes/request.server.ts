import { Readable } from "node:stream";
import { data, redirect, type AppLoadContext } from "react-router";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { signInReturnPath } from "~/features/auth/guard.server";
import { withFlash } from "~/lib/flash.server";
import { logHoneypot } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { discardPhotos, PhotoUploadError } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import type { ServiceSlug } from "~/content/services";
import { quotesDeps } from "./access.server";
import { coverageFor } from "./coverage.server";
import { coverageAnswer, coverageMessages } from "./coverage-answer";
import { requestCopy } from "./request-copy";
import { isQuotesError } from "./errors";
import { postJob } from "./jobs.server";
import { invitableFixer } from "./profiles.server";
import { quotePaths } from "./paths";
import { photoFolder, photoMessages, readJobRequest } from "./photos.server";
import { parseCoveragePlace } from "./postcodes";
import { claimDraft, clearedDraftCookie, copyDraftPhotos, deleteDraft, draftCookie, draftFrom, draftPhotoFolder, findDraft, hasDraftCookie, saveDraft, type JobDraftFields } from "./request-draft.server";
import { postJobFormSchema, quoteLimits, serviceSlugs } from "./schemas";

/**
 * /request, the job form: a signed-out visitor's answers are kept across sign-in; a customer's job
 * is read as it streams (photos checked, cleaned and stored privately), checked with the form's
 * schema, then posted by the quotes service (kept "waiting for a fixer" where nobody covers it yet:
 * decision 043). Any refusal deletes the photos already stored and answers 4xx with the field's message.
 */

export const POST_JOB_FORM = "post-job";
/** The form's field naming each kept draft photo (a checkbox per photo, ticked). */
export const KEEP_PHOTO_FIELD = "keepPhoto";
export type PostJobResult = FormResult;

type Ctx = AppLoadContext;
const formLimits = { maxFieldBytes: 16_000, maxFields: 20 };
const textFields = ["service", "postcode", "title", "description", "timing", "preferredDate", "budget", "invite"];
const formFields = [...textFields, KEEP_PHOTO_FIELD];

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

/** Saves of a signed-out visitor's draft (it stores their photos for 30 minutes), per IP. */
const DRAFT_SAVE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

/** The ids of the kept draft photos the form still lists (a visitor may untick one). */
function keptPhotoIds(fields: Record<string, string | string[]>): string[] {
  const value = fields[KEEP_PHOTO_FIELD];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).slice(0, quoteLimits.photosPerJob);
}

export async function submitJobRequest(request: Request, context: Ctx, user: SessionUser | null) {
  const { storage, config, logger, db } = context.services;
  if (!user) {
    // A signed-out save stores photos for 30 minutes: limited per address before anything is read.
    const limited = await hitRateLimit(db, { key: `quotes:draft:${context.clientIp}`, ...DRAFT_SAVE_LIMIT });
    if (!limited.allowed) {
      return refuse(429, { status: "error", message: requestCopy.draftRateLimited }, { "retry-after": String(limited.retryAfterSeconds ?? 60) });
    }
  }
  const draft = await findDraft(db, request, user?.id ?? null);
  let upload;
  try {
    upload = await readJobRequest(request, storage, formLimits, user ? photoFolder : draftPhotoFolder);
  } catch (error) {
    if (!(error instanceof PhotoUploadError)) throw error;
    return refuse(error.status, { status: "invalid", fieldErrors: { [error.field]: error.message }, values: valuesOf(error.values), title: "Check your photos", message: error.message });
  }

  // Checked signed in or out: a visitor fixes the form before being asked to sign in.
  const checked = parseSubmission(postJobFormSchema, upload.fields, { multiLine: ["description"], fields: formFields, lists: [KEEP_PHOTO_FIELD] });
  const keptPhotos = draft ? draft.photos.filter((p) => keptPhotoIds(upload.fields).includes(p.id)) : [];
  let photos = upload.photos;
  const discard = () => discardPhotos(storage, photos);
  if (!checked.ok) {
    await discard();
    if (checked.honeypot) {
      logHoneypot(context, POST_JOB_FORM);
      return refuse(400, { status: "error", message: "Your job could not be posted. Please try again." });
    }
    return refuse(400, { status: "invalid", fieldErrors: checked.fieldErrors, values: valuesOf(upload.fields), title: "Check the form", message: "Some answers need changing: see the messages beside them." });
  }
  if (keptPhotos.length + photos.length > quoteLimits.photosPerJob) {
    await discard();
    return refuse(400, { status: "invalid", fieldErrors: { photos: photoMessages.tooMany }, values: valuesOf(upload.fields), title: "Check your photos", message: photoMessages.tooMany });
  }
  if (!user) {
    // Signed out: keep what was typed and the photos (privately, 30 minutes) and ask them to sign in.
    const token = await saveDraft({ db, storage }, { previous: draft, keepPhotoIds: keptPhotos.map((p) => p.id), fields: draftFrom(upload.fields), photos });
    const headers = await withFlash(config, requestCopy.signInFlash, { "cache-control": "no-store" });
    headers.append("set-cookie", draftCookie(config, token));
    return redirect(`/auth?from=${encodeURIComponent(signInReturnPath(quotePaths.request))}`, { headers });
  }
  try {
    // The draft's photos become the job's own copies (the draft's files go with the draft).
    photos = [...(await copyDraftPhotos(storage, keptPhotos, photoFolder)), ...photos];
    const posted = await postJob(quotesDeps(context.services), user.id, checked.data, photos);
    logger.info({ jobId: posted.jobId, matched: posted.matchedFixers, waiting: posted.waiting, photos: photos.length }, "job posted");
    const headers = await withFlash(config, requestCopy.posted(posted), { "cache-control": "no-store" });
    // Posted: the draft is gone, so the next "Post a job" starts empty.
    if (draft) await deleteDraft({ db, storage }, draft);
    if (hasDraftCookie(request)) headers.append("set-cookie", clearedDraftCookie);
    return redirect(quotePaths.customerJob(posted.jobId), { headers });
  } catch (error) {
    await discard();
    if (!isQuotesError(error)) throw error;
    const headers: Record<string, string> = error.retryAfterSeconds ? { "retry-after": String(error.retryAfterSeconds) } : {};
    return refuse(error.status, { status: "error", message: error.message, values: valuesOf(upload.fields) }, headers);
  }
}

/** "Start a new job": the draft (fields and photos) is deleted and the form opens empty. */
export async function discardJobDraft(request: Request, context: Ctx, user: SessionUser | null) {
  const { db, storage } = context.services;
  const draft = await findDraft(db, request, user?.id ?? null);
  if (draft) await deleteDraft({ db, storage }, draft);
  const headers = new Headers({ "cache-control": "no-store" });
  if (hasDraftCookie(request)) headers.append("set-cookie", clearedDraftCookie);
  return redirect(quotePaths.request, { headers });
}

/** A draft's photo for the browser (or account) whose draft it is; anything else 404. Never cached by others. */
export async function draftPhotoResponse(request: Request, context: Ctx, user: SessionUser | null, photoId: string | undefined): Promise<Response> {
  const notFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8" } });
  if (!photoId || !/^[A-Za-z0-9_-]{1,20}$/.test(photoId)) return notFound();
  const { db, storage } = context.services;
  const photo = (await findDraft(db, request, user?.id ?? null))?.photos.find((p) => p.id === photoId);
  const file = photo ? await storage.get(photo.storageKey) : null;
  if (!photo || !file) return notFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: { "content-type": photo.contentType, "content-length": String(file.size), "cache-control": "private, no-store", "content-disposition": "inline" },
  });
}

/**
 * What the form opens with: the visitor's draft (taken by their account once they are signed in), or
 * what the link asked for: `?service=` and `?postcode=` (a service page's postcode check), `?fixer=<slug>`
 * (a fixer's profile: that fixer is asked to quote; one lookup of the slug).
 */
export async function requestFormData(request: Request, context: Ctx, user: SessionUser | null) {
  const { db } = context.services;
  // Signed out without the draft cookie: no query.
  const draft = user || hasDraftCookie(request) ? await findDraft(db, request, user?.id ?? null) : null;
  if (draft && user) await claimDraft(db, draft, user.id);
  const params = new URL(request.url).searchParams;
  const asked = params.get("service") ?? "";
  const defaults: JobDraftFields = { ...draft?.fields };
  if (!defaults.service && (serviceSlugs as readonly string[]).includes(asked)) defaults.service = asked;
  const place = parseCoveragePlace(params.get("postcode") ?? "");
  if (!defaults.postcode && place) defaults.postcode = place.postcode;
  const slug = params.get("fixer") ?? defaults.invite ?? "";
  const invited = slug ? await invitableFixer(db, slug) : null;
  defaults.invite = invited?.slug ?? "";
  const keptPhotos = (draft?.photos ?? []).map((p) => ({ id: p.id, src: quotePaths.draftPhoto(p.id) }));
  return { defaults, invited, signedIn: Boolean(user), restored: Boolean(draft), keptPhotos };
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
