import { redirect } from "react-router";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import { safeReturnPath } from "#server/http/return-path.ts";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission } from "~/lib/forms/parse";
import { acceptAllChoices, consentCookieName, consentCookieValue, rejectNonEssentialChoices } from "./consent";

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

const ONE_YEAR_SECONDS = 31_536_000;

function consentCookieHeader(config: Pick<Config, "isProduction" | "publicUrl">, choice: "all" | "essential"): string {
  const value = consentCookieValue(choice === "all" ? acceptAllChoices : rejectNonEssentialChoices);
  const secure = config.isProduction && config.publicUrl.startsWith("https://");
  // Not HttpOnly: the page's script reads it to adopt the choice, as it writes it itself.
  return `${consentCookieName}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Records the choice in the cookie and goes back to the page the banner was on (303, so the browser GETs it). */
export async function submitConsentForm(request: Request, config: Pick<Config, "isProduction" | "publicUrl">) {
  const form = await readTextForm(request);
  if (!form) return refuse(consentFormMessages.unreadable);
  const parsed = parseSubmission(consentFormSchema, form);
  if (!parsed.ok) return refuse(parsed.fieldErrors.choice ?? consentFormMessages.unreadable);
  return redirect(safeReturnPath(parsed.data.returnTo), {
    status: 303,
    headers: { "set-cookie": consentCookieHeader(config, parsed.data.choice), "cache-control": "no-store" },
  });
}

/** The banner only ever sends a valid choice: anything else was typed by hand, and reads as text. */
function refuse(message: string) {
  return new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
