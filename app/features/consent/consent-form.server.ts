import { redirect } from "react-router";
import { z } from "~/lib/zod";
import type { Config } from "#server/config.ts";
import { safeReturnPath } from "#server/http/return-path.ts";
import { secureCookies } from "#server/http/site-url.ts";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import { consentCookie } from "./consent";

/**
 * The cookie banner without JavaScript: its two main buttons also submit a plain form to
 * POST /consent, so a tap before the page's script has started (a slow phone) or with scripts off
 * still records the choice. The server can only set the mirrored cookie; the browser copies it
 * into the `cookieConsent` localStorage entry once a script runs (consent-store.ts).
 */
const consentFormSchema = z.object({
  choice: z.enum(["all", "essential"], { error: "Choose Accept All Cookies or Reject Non-Essential." }),
  returnTo: z.string().max(2000).optional(),
});

const consentFormMessages = {
  unreadable: "That cookie choice could not be read. Please choose again from the banner.",
} as const;

/** Records the choice in the cookie and goes back to the page the banner was on (303, so the browser GETs it). */
export async function submitConsentForm(request: Request, config: Pick<Config, "isProduction" | "publicUrl">) {
  // The form needs no session, so SameSite cookies would not stop another site from posting it: the
  // server's one rule for state-changing requests (a cross-site sender → 403) answers that before this runs.
  const form = await readTextForm(request);
  if (!form) return refuse(consentFormMessages.unreadable);
  const parsed = parseSubmission(consentFormSchema, form);
  if (!parsed.ok) return refuse(parsed.fieldErrors.choice ?? consentFormMessages.unreadable);
  return redirect(safeReturnPath(parsed.data.returnTo), {
    status: 303,
    // The same cookie the page's script writes (not HttpOnly: the script reads it to adopt the choice).
    headers: { "set-cookie": consentCookie(parsed.data.choice, secureCookies(config)), "cache-control": "no-store" },
  });
}

/** The banner only ever sends a valid choice from our own pages: anything else reads as text. */
function refuse(message: string, status = 400) {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
