/**
 * CSV downloads (the staff console's exports, a fixer's earnings): RFC 4180 (comma-separated, CRLF line ends, fields quoted
 * when they hold a comma, quote, CR or LF, quotes doubled), UTF-8 with a byte-order mark so Excel
 * reads accents and £ signs correctly, and formula injection neutralised: a text cell that starts
 * with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet shows it as
 * text instead of running it (OWASP "CSV injection").
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** The UTF-8 byte-order mark, as the first character of the file. */
export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text value made safe for a spreadsheet: formula-looking text is prefixed with an apostrophe. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, escaped. Numbers and booleans are written as they are (they cannot be formulas). */
export function csvField(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "true" : "false";
  else text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A whole file: BOM, header line, one line per row; every line ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join("");
}

/** `fixit-contacts-2026-11-22.csv`: the list's name and the day of the export. */
export function csvFileName(list: string, now = new Date()): string {
  const safe = list.replace(/[^a-z0-9-]/gi, "-").toLowerCase();
  return `fixit-${safe}-${now.toISOString().slice(0, 10)}.csv`;
}
