/**
 * The one rule for control characters in submitted text, applied where every form's values are
 * read (public forms, account forms, fixer registration), in the browser and on the server alike:
 *
 * - a NUL byte is refused with a field message (PostgreSQL cannot store it, and no person types it);
 * - a single-line field (names, emails, job titles, codes, passwords) refuses line breaks with a
 *   field message: they would otherwise end up in email subjects and headers;
 * - other control characters are dropped; a multi-line field keeps newlines and tabs
 *   (CRLF and CR become LF).
 */
export const textInputMessages = {
  nul: "This field contains a character that can't be used. Please remove it and try again.",
  lineBreak: "Please keep this on one line (no line breaks).",
} as const;

export type TextInputResult = { ok: true; value: string } | { ok: false; message: string };

// Every C0 control character except tab (\t) and newline (\n), and DEL.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const DROPPED_MULTI_LINE = /[\u0001-\u0008\u000b-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const DROPPED_SINGLE_LINE = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function checkTextInput(value: string, multiLine: boolean): TextInputResult {
  if (value.includes("\u0000")) return { ok: false, message: textInputMessages.nul };
  if (multiLine) return { ok: true, value: value.replace(/\r\n?/g, "\n").replace(DROPPED_MULTI_LINE, "") };
  if (/[\r\n\u2028\u2029\u0085]/.test(value)) return { ok: false, message: textInputMessages.lineBreak };
  return { ok: true, value: value.replace(DROPPED_SINGLE_LINE, "").replace(/\t/g, " ") };
}

/** Checks every value (lists item by item); the cleaned values, and the first message per refused field. */
export function checkTextInputs<V extends Record<string, string | string[]>>(
  values: V,
  isMultiLine: (field: string) => boolean = () => false,
): { values: V; fieldErrors: Record<string, string> } {
  const cleaned: Record<string, string | string[]> = {};
  const fieldErrors: Record<string, string> = {};
  for (const [field, raw] of Object.entries(values)) {
    const multiLine = isMultiLine(field);
    const results = (Array.isArray(raw) ? raw : [raw]).map((item) => checkTextInput(item, multiLine));
    const refused = results.find((r) => !r.ok);
    if (refused && !refused.ok) fieldErrors[field] = refused.message;
    const kept = results.map((r, i) => (r.ok ? r.value : (Array.isArray(raw) ? raw[i] : raw) ?? ""));
    cleaned[field] = Array.isArray(raw) ? kept : kept[0]!;
  }
  return { values: cleaned as V, fieldErrors };
}
