/**
 * The one way to read a record id from a path segment, a form field or a query value. Every table's
 * id is a bigserial read as a JavaScript number, so an id is a positive whole number written without
 * a leading zero (one spelling per record) and within the safe-integer range. Anything else is null:
 * the caller answers 404 for a path, 400 for a form.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
