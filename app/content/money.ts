import { formatGBP } from "~/content/prices";

/**
 * An amount of pence written another way than a page's price, from `formatGBP`'s own text (the one
 * pence formatter, issue 48). A module of its own: every public page loads prices.ts, none of them
 * these (tests/js-budget.test.ts).
 * - `ledger`, for the staff console: "£45.00", "£1,234.56", "-£3.99" (two decimals always, either sign);
 * - `decimal`, for a CSV cell: "45.00", "1234.56", "-3.99";
 * - `field`, for a pounds input's value, which the form's pounds parser reads back: "45", "1234.56"
 *   (never negative, as a price).
 */
export function formatGBPAs(pence: number, style: "ledger" | "decimal" | "field"): string {
  const negative = pence < 0 && style !== "field";
  const price = formatGBP(negative ? -pence : pence);
  const text = (style === "ledger" ? price : price.slice(1).replaceAll(",", "")) + (style !== "field" && pence % 100 === 0 ? ".00" : "");
  return negative ? `-${text}` : text;
}
