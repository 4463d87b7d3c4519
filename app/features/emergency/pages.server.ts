import { data } from "react-router";
import { requireUser, type AuthContext } from "~/features/auth/guard.server";
import { isQuotesError } from "~/features/quotes/errors";
import { badRequestAnswer, formAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { isRefusalError } from "~/lib/forms/refusal-error";
import { parseSubmission, type FieldErrors, type FormValues } from "~/lib/forms/parse";
import { emergencyCopy, emergencyPaths } from "./copy";
import { loadOnCallPage, setEmergencyHours, setEmergencyService, setOnCallNow } from "./on-call.server";
import { statusSentence } from "./on-call-time";
import { emergencyServiceName } from "./rates";
import { emergencyHoursFormSchema, emergencyServiceFormSchema } from "./schemas";

/**
 * /fixer/emergency on the server: the loader's data and the forms' answers (plain posts,
 * post/redirect/get). Signed out → sign in; not an approved fixer → 403 with the reason.
 */
const noStore = { "cache-control": "private, no-store" };

export async function onCallPageLoader({ request, context }: { request: Request; context: AuthContext }) {
  const user = await requireUser(request, context);
  if (!user.approvedFixer) throw data(emergencyCopy.errors.notFixer, { status: 403, headers: noStore });
  const now = new Date();
  try {
    const page = await loadOnCallPage(context.services.db, user.id, now);
    return data({ ...page, sentence: statusSentence(page.status, now) }, { headers: noStore });
  } catch (error) {
    if (isQuotesError(error)) throw data(error.message, { status: error.status, headers: noStore });
    throw error;
  }
}

const intents = ["service", "hours", "on-call-now", "off-now", "follow-hours"] as const;
type Intent = (typeof intents)[number];

export async function onCallPageAction({ request, context }: { request: Request; context: AuthContext }) {
  const user = await requireUser(request, context);
  if (!user.approvedFixer) return formAnswer(403, { form: "emergency", status: "error", title: "Not available", message: emergencyCopy.errors.notFixer });
  const form = await readTextForm(request);
  const intent = form?.get("intent");
  if (!form || typeof intent !== "string" || !(intents as readonly string[]).includes(intent)) return badRequest("emergency");
  const db = context.services.db;
  const now = new Date();
  const formName = intent === "service" ? `service-${String(form.get("service") ?? "")}` : intent === "hours" ? "hours" : "now";
  try {
    switch (intent as Intent) {
      case "service": {
        const parsed = parseSubmission(emergencyServiceFormSchema, form);
        // An unknown service names no form on the page: the whole form is refused.
        if (!parsed.ok) return parsed.fieldErrors.service ? badRequestAnswer("emergency", { title: emergencyCopy.errors.invalid.title, message: parsed.fieldErrors.service }) : invalid(formName, parsed.fieldErrors, parsed.values);
        await setEmergencyService(db, user.id, parsed.data);
        const name = emergencyServiceName(parsed.data.service);
        return done(context, parsed.data.takeCalls ? emergencyCopy.flash.serviceOn(name) : emergencyCopy.flash.serviceOff(name));
      }
      case "hours": {
        const parsed = parseSubmission(emergencyHoursFormSchema, form);
        if (!parsed.ok) return invalid("hours", parsed.fieldErrors, parsed.values);
        await setEmergencyHours(db, user.id, parsed.data.spans, now);
        return done(context, emergencyCopy.flash.hours);
      }
      case "on-call-now":
      case "off-now":
      case "follow-hours": {
        await setOnCallNow(db, user.id, intent === "follow-hours" ? "schedule" : intent === "on-call-now", now);
        const page = await loadOnCallPage(db, user.id, now);
        return done(context, emergencyCopy.flash.now(statusSentence(page.status, now)));
      }
    }
  } catch (error) {
    // A refusal of the whole request (not a fixer here, a service they do not offer) shows at the top of the page.
    return refusalAnswer(isRefusalError(error) && error.code === "forbidden" ? "emergency" : formName, error);
  }
}

const done = (context: AuthContext, flash: { title: string; text: string }) => redirectWithFlash(context, emergencyPaths.fixerPage, { kind: "success", ...flash });
const badRequest = (form: string) => badRequestAnswer(form, { title: emergencyCopy.errors.badRequest.title, message: emergencyCopy.errors.badRequest.text });
const invalid = (form: string, fieldErrors: FieldErrors, values: FormValues) =>
  invalidAnswer(form, { fieldErrors, values }, { title: emergencyCopy.errors.invalid.title, message: emergencyCopy.errors.invalid.text });
