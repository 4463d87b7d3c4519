import type { FieldErrors, FormValues } from "./parse";

/**
 * What every form action answers, for a plain POST (the page re-renders with it) and for a
 * fetcher (the form shows it without a reload). `form` names the form, so a page with several
 * forms gives each its own answer. `values` come back on failure, so a page without JavaScript
 * keeps what was typed. `title` and `message` are what a toast (or the page) says; a form's own
 * extra data (a checkout link, the blog to open next) rides along in `Extra`.
 */
export type FormResult<Extra extends object = object> =
  | ({ form: string; status: "success"; title?: string; message?: string } & Extra)
  | ({ form: string; status: "invalid"; fieldErrors: FieldErrors; values: FormValues; title?: string; message?: string } & Extra)
  | ({ form: string; status: "error"; title?: string; message?: string; values?: FormValues } & Extra);

export function isFormResult(value: unknown, form?: string): value is FormResult {
  if (typeof value !== "object" || value === null || !("form" in value) || !("status" in value)) return false;
  return form === undefined || (value as { form: unknown }).form === form;
}
