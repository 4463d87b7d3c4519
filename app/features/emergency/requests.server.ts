import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import { emergencyRequests, type EmergencyPhoto } from "#server/db/schema/emergency.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { signInReturnPath } from "~/features/auth/guard.server";
import { readJobRequest, photoMessages } from "~/features/quotes/photos.server";
import { parseCoveragePlace, parseJobPostcode } from "~/features/quotes/postcodes";
import { quoteLimits } from "~/features/quotes/job-fields";
import { quotePaths } from "~/features/quotes/paths";
import { claimDraft, clearedDraftCookie, copyDraftPhotos, deleteDraft, draftCookie, draftFrom, draftPhotoFolder, findDraft, hasDraftCookie, saveDraft, type JobDraft } from "~/features/quotes/request-draft.server";
import { withFlash } from "~/lib/flash.server";
import { logHoneypot } from "~/lib/forms/forms.server";
import { parseSubmission, type FieldErrors } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { discardPhotos, PhotoUploadError } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import { startDispatch } from "./dispatch.server";
import { onCallFixersNear } from "./on-call.server";
import { emergencyServiceName, emergencyServiceSlugs, isEmergencyService, type EmergencyService } from "./rates";
import { onCallAnswer, type OnCallAnswer } from "./request-answer";
import { emergencyRequestCopy as copy, emergencyRequestPaths } from "./request-copy";
import { emergencyRequestMessages } from "./request-fields";
import { emergencyRequestFormSchema } from "./request-schema";

/**
 * /emergency on the server (issue 51, item 2; decision 081): the on-call answer before sending, the
 * request stored when someone is on call (refused, nothing stored, when nobody is), a signed-out
 * visitor's answers kept across sign-in by the job form's draft (decision 042), and "post it as a
 * normal job instead" through the same draft. Sending starts dispatch (decision 082): round 1 in the send's transaction.
 */

export const EMERGENCY_FORM = "emergency-request";
export type EmergencyFormResult = FormResult<{ answer?: OnCallAnswer | null }>;

/** What the emergency form reads of a loader's context: the client's address and agent, the database, the file store, the settings and a logger. */
type Ctx = Pick<RequestFacts, "clientIp" | "userAgent"> & { services: Pick<InfraServices, "db" | "storage" | "config" | "logger"> };
const noStore = { "cache-control": "private, no-store" };
const formLimits = { maxFieldBytes: 16_000, maxFields: 12 };
const textFields = ["service", "postcode", "description", "intent"] as const;
const KEEP_PHOTO_FIELD = "keepPhoto";
const intents = ["check", "send", "job"] as const;
type Intent = (typeof intents)[number];
/** The folder of a sent request's photos (private, as a job's). */
export const emergencyPhotoFolder = "emergency-photos";

/** Saves of a draft (it stores photos for 30 minutes) per IP, as /request; sends per customer. */
const DRAFT_SAVE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };
const SEND_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
const CHECK_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

/** Who is on call for `service` near `place` now, and what that means for the customer. */
export async function answerFor(db: DbOrTx, service: EmergencyService, place: { postcode: string; district: string }, now = new Date()): Promise<OnCallAnswer> {
  const fixers = await onCallFixersNear(db, { service, district: place.postcode, at: now });
  return onCallAnswer(service, place, fixers.map((f) => f.ratePence));
}

const isEmergencyDraft = (draft: JobDraft | null): draft is JobDraft => draft !== null && draft.fields.emergency === "1";

/**
 * What the form opens with: the visitor's emergency draft (theirs once signed in), or `?service=`
 * and `?postcode=`; with both valid, the on-call answer (one query). Signed out without a draft
 * cookie and without both: no query.
 */
export async function emergencyFormData(request: Request, context: Ctx, user: SessionUser | null) {
  const { db } = context.services;
  const found = user || hasDraftCookie(request) ? await findDraft(db, request, user?.id ?? null) : null;
  const draft = isEmergencyDraft(found) ? found : null;
  if (draft && user) await claimDraft(db, draft, user.id);
  const params = new URL(request.url).searchParams;
  const defaults: Record<"service" | "postcode" | "description", string> = {
    service: draft?.fields.service ?? "",
    postcode: draft?.fields.postcode ?? "",
    description: draft?.fields.description ?? "",
  };
  const asked = params.get("service") ?? "";
  if (!defaults.service && isEmergencyService(asked)) defaults.service = asked;
  const askedPlace = parseJobPostcode(params.get("postcode") ?? "");
  if (!defaults.postcode && askedPlace) defaults.postcode = askedPlace.postcode;
  const place = parseJobPostcode(defaults.postcode);
  const answer = isEmergencyService(defaults.service) && place ? await answerFor(db, defaults.service, place) : null;
  const keptPhotos = (draft?.photos ?? []).map((p) => ({ id: p.id, src: quotePaths.draftPhoto(p.id) }));
  const serviceOptions = emergencyServiceSlugs.map((slug) => ({ slug, name: emergencyServiceName(slug) }));
  return { defaults, serviceOptions, answer, signedIn: Boolean(user), restored: Boolean(draft), keptPhotos };
}

/** GET /emergency/on-call?service=&postcode=: the answer as JSON for the form as the customer types; 400 for a bad service or postcode. */
export async function onCallCheck(request: Request, context: Ctx): Promise<Response> {
  const url = new URL(request.url);
  const service = url.searchParams.get("service") ?? "";
  const place = parseJobPostcode((url.searchParams.get("postcode") ?? "").slice(0, 20));
  if (!isEmergencyService(service)) return Response.json({ error: emergencyRequestMessages.service }, { status: 400, headers: noStore });
  if (!place) return Response.json({ error: emergencyRequestMessages.postcodeInvalid }, { status: 400, headers: noStore });
  const limited = await hitRateLimit(context.services.db, { key: `emergency:check:${context.clientIp}`, ...CHECK_LIMIT });
  if (!limited.allowed) return Response.json({ error: copy.refused.rateLimited }, { status: 429, headers: { ...noStore, "retry-after": String(limited.retryAfterSeconds ?? 60) } });
  return Response.json(await answerFor(context.services.db, service, place), { headers: noStore });
}

type WithoutForm<T> = T extends unknown ? Omit<T, "form"> : never;
const answer = (status: number, result: WithoutForm<EmergencyFormResult>, headers?: HeadersInit) =>
  data({ form: EMERGENCY_FORM, ...result } as EmergencyFormResult, { status, headers: { ...noStore, ...headers } });

function valuesOf(fields: Record<string, string | string[]>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of textFields) {
    const value = fields[field];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") values[field] = first.slice(0, 2_000);
  }
  return values;
}

function keptPhotoIds(fields: Record<string, string | string[]>): string[] {
  const value = fields[KEEP_PHOTO_FIELD];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).slice(0, quoteLimits.photosPerJob);
}

/** The form's three buttons: check who is on call, send, or post it as a normal job instead. */
export async function submitEmergencyRequest(request: Request, context: Ctx, user: SessionUser | null) {
  const { storage, config, logger, db } = context.services;
  const draft = await findDraft(db, request, user?.id ?? null);
  let upload;
  try {
    upload = await readJobRequest(request, storage, formLimits, user ? emergencyPhotoFolder : draftPhotoFolder);
  } catch (error) {
    if (!(error instanceof PhotoUploadError)) throw error;
    return answer(error.status, { status: "invalid", fieldErrors: { [error.field]: error.message }, values: valuesOf(error.values), title: "Check your photos", message: error.message });
  }
  let photos = upload.photos;
  const discard = () => discardPhotos(storage, photos);
  const intentValue = upload.fields.intent ?? "send";
  const intent = (typeof intentValue === "string" && (intents as readonly string[]).includes(intentValue) ? intentValue : null) as Intent | null;
  if (!intent) {
    await discard();
    return answer(400, { status: "error", message: copy.refused.badRequest });
  }
  const checked = parseSubmission(emergencyRequestFormSchema, upload.fields, { multiLine: ["description"], fields: [...textFields, KEEP_PHOTO_FIELD], lists: [KEEP_PHOTO_FIELD] });
  if (!checked.ok && checked.honeypot) {
    await discard();
    logHoneypot(context, EMERGENCY_FORM);
    return answer(400, { status: "error", message: copy.refused.honeypot });
  }
  const invalid = (fieldErrors: FieldErrors, extra: { answer?: OnCallAnswer | null } = {}) =>
    answer(400, { status: "invalid", fieldErrors, values: valuesOf(upload.fields), title: copy.refused.invalidTitle, message: copy.refused.invalid, ...extra });

  if (intent === "check") {
    // Only the service and the postcode are needed to say who is on call; limited as the JSON check is.
    await discard();
    const limited = await hitRateLimit(db, { key: `emergency:check:${context.clientIp}`, ...CHECK_LIMIT });
    if (!limited.allowed) return answer(429, { status: "error", message: copy.refused.rateLimited, values: valuesOf(upload.fields) }, { "retry-after": String(limited.retryAfterSeconds ?? 60) });
    const errors = checked.ok ? {} : Object.fromEntries(Object.entries(checked.fieldErrors).filter(([field]) => field === "service" || field === "postcode"));
    if (Object.keys(errors).length) return invalid(errors);
    const service = String(upload.fields.service).trim() as EmergencyService;
    const place = parseJobPostcode(String(upload.fields.postcode))!;
    return answer(200, { status: "error", values: valuesOf(upload.fields), answer: await answerFor(db, service, place) });
  }

  if (intent === "job") {
    // The normal job form, filled in with what was typed (the job form's own draft, photos too).
    const limited = await hitRateLimit(db, { key: `quotes:draft:${context.clientIp}`, ...DRAFT_SAVE_LIMIT });
    if (!limited.allowed) {
      await discard();
      return answer(429, { status: "error", message: copy.refused.rateLimited, values: valuesOf(upload.fields) }, { "retry-after": String(limited.retryAfterSeconds ?? 60) });
    }
    const fields = draftFrom({ ...upload.fields, timing: "asap", emergency: undefined });
    const place = fields.postcode ? parseCoveragePlace(fields.postcode) : null;
    if (place) fields.postcode = place.postcode;
    else delete fields.postcode;
    const keep = draft ? draft.photos.filter((p) => keptPhotoIds(upload.fields).includes(p.id)).map((p) => p.id) : [];
    const token = await saveDraft({ db, storage }, { previous: draft, keepPhotoIds: keep, fields, photos: photos.slice(0, quoteLimits.photosPerJob - keep.length) });
    await discardPhotos(storage, photos.slice(quoteLimits.photosPerJob - keep.length));
    const headers = new Headers({ "cache-control": "no-store" });
    headers.append("set-cookie", draftCookie(config, token));
    return redirect(quotePaths.request, { headers });
  }

  // Send.
  if (!checked.ok) {
    await discard();
    return invalid(checked.fieldErrors);
  }
  const keptPhotos = isEmergencyDraft(draft) ? draft.photos.filter((p) => keptPhotoIds(upload.fields).includes(p.id)) : [];
  if (keptPhotos.length + photos.length > quoteLimits.photosPerJob) {
    await discard();
    return invalid({ photos: photoMessages.tooMany });
  }
  const { service, postcode: place, description } = checked.data;
  const onCall = await answerFor(db, service, place);
  if (onCall.onCall === 0) {
    // Nobody on call: refused before anything is kept, and nothing is charged.
    await discard();
    return answer(409, { status: "error", title: copy.refused.nobody, message: copy.refused.nobody, values: valuesOf(upload.fields), answer: onCall });
  }
  if (!user) {
    const limited = await hitRateLimit(db, { key: `quotes:draft:${context.clientIp}`, ...DRAFT_SAVE_LIMIT });
    if (!limited.allowed) {
      await discard();
      return answer(429, { status: "error", message: copy.refused.rateLimited, values: valuesOf(upload.fields) }, { "retry-after": String(limited.retryAfterSeconds ?? 60) });
    }
    const token = await saveDraft(
      { db, storage },
      { previous: draft, keepPhotoIds: keptPhotos.map((p) => p.id), fields: { ...draftFrom({ service, postcode: place.postcode, description }), emergency: "1" }, photos },
    );
    const headers = await withFlash(config, copy.signInFlash, { "cache-control": "no-store" });
    headers.append("set-cookie", draftCookie(config, token));
    return redirect(`/auth?from=${encodeURIComponent(signInReturnPath(emergencyRequestPaths.form))}`, { headers });
  }
  const limited = await hitRateLimit(db, { key: `emergency:send:${user.id}`, ...SEND_LIMIT });
  if (!limited.allowed) {
    await discard();
    return answer(429, { status: "error", message: copy.refused.rateLimited, values: valuesOf(upload.fields) }, { "retry-after": String(limited.retryAfterSeconds ?? 60) });
  }
  try {
    photos = [...(await copyDraftPhotos(storage, keptPhotos, emergencyPhotoFolder)), ...photos];
    const stored: EmergencyPhoto[] = photos.map((p) => ({ storageKey: p.storageKey, contentType: p.contentType as EmergencyPhoto["contentType"], size: p.size, width: p.width ?? null, height: p.height ?? null }));
    // The request and its first round of offers in one transaction (decision 082): on call now → told now.
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(emergencyRequests)
        .values({ customerUserId: user.id, service, postcode: place.postcode, district: place.district, description, photos: stored, onCallAtSend: onCall.onCall, createdAt: now })
        .returning({ id: emergencyRequests.id });
      await startDispatch(tx, config.publicUrl, inserted!.id, now);
      return inserted!;
    });
    logger.info({ emergencyRequestId: row.id, service, district: place.district, onCall: onCall.onCall, photos: photos.length }, "emergency request received");
    if (isEmergencyDraft(draft)) await deleteDraft({ db, storage }, draft);
    const headers = await withFlash(config, copy.sentFlash, { "cache-control": "no-store" });
    if (isEmergencyDraft(draft) && hasDraftCookie(request)) headers.append("set-cookie", clearedDraftCookie);
    return redirect(emergencyRequestPaths.request(row.id), { headers });
  } catch (error) {
    await discard();
    throw error;
  }
}

/** One request, for the customer who sent it; anyone else (or no such request) 404. */
export async function emergencyRequestFor(db: DbOrTx, customerUserId: string, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(emergencyRequests).where(and(eq(emergencyRequests.id, id), eq(emergencyRequests.customerUserId, customerUserId)));
  if (!row || !isEmergencyService(row.service)) return null;
  return { id: row.id, service: row.service, postcode: row.postcode, district: row.district, description: row.description, photos: row.photos.length, onCallAtSend: row.onCallAtSend, status: row.status, createdAt: row.createdAt };
}
