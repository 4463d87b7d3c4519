import { data } from "react-router";
import { parseId } from "./ids";

/**
 * A keyset-paged list's cursor from the query (decision 068): absent or empty → null (the first
 * page); a record id → that id; anything else (not a whole number, negative, zero, a leading zero,
 * too long, NUL, given twice) is a 400 saying so. Whether the id is a position in the list is the
 * list's to decide (one that is not answers the first page).
 */
export function cursorParam(url: URL, name: string): number | null {
  const values = url.searchParams.getAll(name);
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  const id = values.length === 1 ? parseId(values[0]) : null;
  if (id === null) throw data(`The link's "${name}" is not a page of this list: open the list from its first page.`, { status: 400, headers: { "cache-control": "private, no-store" } });
  return id;
}
