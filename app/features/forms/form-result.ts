import type { FieldErrors, FormName, FormValues } from "./schemas";

/**
 * What a form action answers, for a plain POST (the page re-renders with it) and for a
 * fetcher (the form shows it without a reload). `values` come back only on failure, so a
 * form without JavaScript keeps what was typed.
 */
export type FormActionResult =
  /** `repeat`: the waitlist already had this address; its row was updated and nothing was sent. */
  | { form: FormName; status: "success"; repeat?: true }
  | { form: FormName; status: "invalid"; fieldErrors: FieldErrors; values: FormValues }
  | {
      form: FormName;
      status: "error";
      /** A message to show instead of the form's usual failure text (rate limit, unreadable form, network). */
      message?: string;
      values?: FormValues;
    };

export function isFormActionResult(value: unknown): value is FormActionResult {
  return typeof value === "object" && value !== null && "form" in value && "status" in value;
}
