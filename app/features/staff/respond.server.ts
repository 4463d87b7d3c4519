import { formAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { parseSubmission, type FormValues, type ParseOptions } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { refused, staffMessages, type StaffOutcome, type StaffProblem } from "./messages";
import type { z } from "zod";

/** How the console's routes answer an action: the service's outcome as the page's result, with its status. */
const statusOf: Record<StaffProblem, number> = { invalid: 400, forbidden: 403, "not-found": 404, conflict: 409 };

/** The console's forms are one form each page: their answers name it "staff". */
export const STAFF_FORM = "staff";

/**
 * The service's outcome as the page's answer: the one `FormResult` shape (decision 020, issue 48),
 * private and never stored; a refusal with field messages is `invalid` (with what was sent, when known).
 */
export function staffAnswer(outcome: StaffOutcome, values: FormValues = {}) {
  const { problem, ok, title, text, fieldErrors } = outcome;
  const result: FormResult = ok
    ? { form: STAFF_FORM, status: "success", title, message: text }
    : fieldErrors
      ? { form: STAFF_FORM, status: "invalid", title, message: text, fieldErrors, values }
      : { form: STAFF_FORM, status: "error", title, message: text };
  return formAnswer(problem ? statusOf[problem] : 200, result);
}

/** An intent the page does not send. */
export function staffBadRequest() {
  return staffAnswer(refused("invalid", staffMessages.badRequest.title, staffMessages.badRequest.text));
}

/**
 * A console form's body, read as the public forms' are (bounded by its route's cap while it is read,
 * never a 500 on a malformed body): the form, or the 400 answer to return.
 */
export async function readStaffForm(request: Request): Promise<{ ok: true; form: FormData } | { ok: false; answer: ReturnType<typeof staffAnswer> }> {
  const form = await readTextForm(request);
  if (form) return { ok: true, form };
  return { ok: false, answer: staffAnswer(refused("invalid", staffMessages.unreadable.title, staffMessages.unreadable.text)) };
}

/** A console form's values checked with its shared schema (the form pipeline); on failure, the 400 answer to return. */
export function checkStaffForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  refusal: (fieldErrors: Record<string, string>) => { title: string; text: string },
  parsing?: ParseOptions,
): { ok: true; data: z.infer<S> } | { ok: false; answer: ReturnType<typeof staffAnswer> } {
  const checked = parseSubmission(schema, form, parsing);
  if (checked.ok) return { ok: true, data: checked.data as z.infer<S> };
  const { title, text } = refusal(checked.fieldErrors);
  return { ok: false, answer: staffAnswer(refused("invalid", title, text, checked.fieldErrors), checked.values) };
}
