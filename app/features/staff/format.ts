import { formatGBPAs } from "~/content/money";

/** Formatting shared by the console's tables, detail pages and dashboard (UK conventions, London time). */

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "22 Nov 2026, 14:03" in UK time; "—" for none. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : dateTime.format(date);
}

/** A quote's price, as the console writes money (`formatGBPAs(pence, "ledger")`): "£70.00", or a range "£70.00 to £120.00". */
export function formatQuotePence(amountPence: number, amountToPence: number | null): string {
  return amountToPence === null ? formatGBPAs(amountPence, "ledger") : `${formatGBPAs(amountPence, "ledger")} to ${formatGBPAs(amountToPence, "ledger")}`;
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A long text cut for a table cell, at a word boundary, with an ellipsis. */
export function shorten(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
