import { data, type AppLoadContext } from "react-router";
import type { Db } from "#server/db/client.ts";
import { areaWaitlist } from "#server/db/schema/quotes.ts";
import { hitRateLimit, rateLimitMessage } from "#server/security/rate-limit.ts";
import type { ServiceSlug } from "~/content/services";
import { logHoneypot, readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission, readValues } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { coverageFor } from "./coverage.server";
import { queueAreaWaitlistJoinedEmail } from "./emails.server";
import { areaWaitlistFormSchema } from "./schemas";

/**
 * The area waitlist (/waitlist): someone who wants to hear, once, when an approved fixer offers a
 * service at their postcode, without posting a job. It records the service and the postcode (the
 * early-access list does not) and offers nothing to buy. `matchNewlyCoveredWork` tells them.
 */

export const AREA_WAITLIST_FORM = "area-waitlist";
export type AreaWaitlistResult = FormResult<{ covered?: boolean; postcode?: string; service?: string }>;

const fields = ["name", "email", "service", "postcode"];
/** 5 sign-ups per address in 10 minutes, like the other public forms. */
const LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

/**
 * One entry per address, service and outward code: joining again renews it (told again next
 * time). The confirmation email is queued in the same transaction. `alreadyCovered`: a fixer
 * covers it now, so the page says to post the job instead (the entry is still kept).
 */
export async function joinAreaWaitlist(db: Db, entry: { name: string; email: string; service: ServiceSlug; postcode: string }): Promise<{ alreadyCovered: boolean }> {
  const coverage = await coverageFor(db, entry.service, entry.postcode);
  if (!coverage) throw new Error("joinAreaWaitlist: the form's schema let through a postcode that is not one");
  const { place } = coverage;
  await db.transaction(async (tx) => {
    const row = { name: entry.name, email: entry.email, service: entry.service, postcode: place.postcode, outward: place.outward, district: place.district, area: place.area };
    await tx
      .insert(areaWaitlist)
      .values(row)
      .onConflictDoUpdate({ target: [areaWaitlist.email, areaWaitlist.service, areaWaitlist.outward], set: { name: row.name, postcode: row.postcode, notifiedAt: null, createdAt: new Date() } });
    await queueAreaWaitlistJoinedEmail(tx, { email: entry.email, name: entry.name }, { service: entry.service, postcode: place.postcode });
  });
  return { alreadyCovered: coverage.fixers > 0 };
}

const answer = (result: AreaWaitlistResult, status = 200, headers: Record<string, string> = {}) =>
  data(result, { status, headers: { "cache-control": "private, no-store", ...headers } });

/** POST /waitlist: honeypot, the form's schema (400), a per-IP rate limit (429), then the entry. */
export async function areaWaitlistAction(request: Request, context: AppLoadContext) {
  const form = await readTextForm(request);
  if (!form) return answer({ form: AREA_WAITLIST_FORM, status: "error", message: "The form could not be read. Please try again." }, 400);
  const parsed = parseSubmission(areaWaitlistFormSchema, form, { fields });
  const values = readValues(form, { fields });
  if (!parsed.ok && parsed.honeypot) {
    logHoneypot(context, AREA_WAITLIST_FORM);
    return answer({ form: AREA_WAITLIST_FORM, status: "success" });
  }
  if (!parsed.ok) return answer({ form: AREA_WAITLIST_FORM, status: "invalid", fieldErrors: parsed.fieldErrors, values, title: "Check the form", message: "Some answers need changing: see the messages beside them." }, 400);
  const limited = await hitRateLimit(context.services.db, { key: `form:${AREA_WAITLIST_FORM}:${context.clientIp}`, ...LIMIT });
  if (!limited.allowed) return answer({ form: AREA_WAITLIST_FORM, status: "error", message: rateLimitMessage, values }, 429, { "retry-after": String(limited.retryAfterSeconds ?? 600) });
  const { alreadyCovered } = await joinAreaWaitlist(context.services.db, parsed.data);
  context.services.logger.info({ service: parsed.data.service, covered: alreadyCovered }, "area waitlist joined");
  return answer({ form: AREA_WAITLIST_FORM, status: "success", covered: alreadyCovered, postcode: parsed.data.postcode, service: parsed.data.service });
}
