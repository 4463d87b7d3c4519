import { data, redirect } from "react-router";
import type { InfraServices } from "#server/services.ts";
import type { Flash } from "~/lib/flash";
import { withFlash } from "~/lib/flash.server";
import type { FieldErrors, FormValues } from "./parse";
import { isRefusalError } from "./refusal-error";
import type { FormResult } from "./result";

/**
 * The one way an action on a signed-in page answers (decision 020, the post/redirect/get pattern):
 * success is a 303 to the page with a flash; a refusal is the page again with a `FormResult` and its
 * 4xx, never stored by a cache. `useActionAnswer` and `FormAlert` show it.
 */

const privateNoStore = { "cache-control": "private, no-store" };

/** A `FormResult` with its status, private and never stored. */
export function formAnswer<Result extends FormResult>(status: number, result: Result, headers: HeadersInit = {}) {
  const out = new Headers(privateNoStore);
  for (const [name, value] of new Headers(headers)) out.set(name, value);
  return data(result, { status, headers: out });
}

/** Done: see the page `to` (303, so a reload does not post again), with what happened as a flash. */
export async function redirectWithFlash(context: { services: Pick<InfraServices, "config"> }, to: string, flash: Flash) {
  return redirect(to, { status: 303, headers: await withFlash(context.services.config, flash, { "cache-control": "no-store" }) });
}

/** The form's fields refused by its schema: 400 with each field's message and the values sent back. */
export function invalidAnswer<Extra extends object = object>(
  form: string,
  parsed: { fieldErrors: FieldErrors; values: FormValues },
  words: { title?: string; message?: string } = {},
  extra?: Extra,
) {
  return formAnswer(400, { ...extra, form, status: "invalid", fieldErrors: parsed.fieldErrors, values: parsed.values, ...words } as FormResult<Extra>);
}

/** The whole form refused (unreadable, an unknown intent): 400 with the reason. */
export function badRequestAnswer(form: string, words: { title?: string; message: string }) {
  return formAnswer(400, { form, status: "error", ...words } satisfies FormResult);
}

/**
 * A service's refusal (a {@link RefusalError}) as the form's answer with its status and, for a rate
 * limit, Retry-After; anything else is a real failure and is thrown on (the error panel, logged).
 */
export function refusalAnswer<Extra extends object = object>(form: string, error: unknown, words: { title?: string; message?: string } = {}, extra?: Extra) {
  if (!isRefusalError(error)) throw error;
  const headers: Record<string, string> = error.retryAfterSeconds ? { "retry-after": String(error.retryAfterSeconds) } : {};
  return formAnswer(error.status, { ...extra, form, status: "error", message: error.message, ...words } as FormResult<Extra>, headers);
}
