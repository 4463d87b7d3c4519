import type { z } from "zod";

/** The string fields of a submitted form (files and repeated keys ignored: staff forms have neither). */
export function stringValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

/** Runs a shared zod schema; on failure, the first message per field. Used by forms (client) and actions (server). */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown): Checked<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, fieldErrors };
}
