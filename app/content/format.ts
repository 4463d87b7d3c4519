/**
 * Numbers worded for UK readers, without `Intl`: in the browser the first `Intl` object a page
 * creates loads ICU's data, 40–90 ms of main thread on a fast desktop and four times that on a
 * phone, in one task during hydration (decision 033). Dates: `formatLongDate` in ~/content/dates.
 * Here in content, which imports nothing outside content: the copy words its prices and counts
 * with these. format.test.ts checks these against `Intl` over every case they accept.
 */

/** "1,500", "10,000": a whole number with thousands separators, as `toLocaleString("en-GB")`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
