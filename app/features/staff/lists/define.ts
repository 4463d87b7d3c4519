import { getTableName, is, or, sql, Subquery, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import type { CsvValue } from "~/lib/csv";
import { formatGBPAs } from "~/content/money";
import { formatDateTime, shorten } from "~/features/staff/format";
import { likePattern, type FilterDef, type ListQuery } from "~/features/staff/list-query";
import { statusLabel, statusTone, type BadgeTone } from "~/features/staff/status";

/**
 * One typed definition per staff list: its columns (what the table shows and what the CSV holds),
 * its filters and search, and how to fetch a page. The list page, the filter form and the CSV
 * export all read the same definition, so they cannot drift apart.
 */

export type CellKind = "text" | "longtext" | "datetime" | "status" | "money" | "number" | "yesno" | "mono";

export type ColumnDef<Row> = {
  key: string;
  /** The header in the table and in the CSV. */
  label: string;
  kind?: CellKind;
  value: (row: Row) => CsvValue;
  /** false: only in the CSV (long texts, ids); the table stays readable. */
  table?: boolean;
  /** false: only in the table (a formatted view of values the CSV holds in other columns). */
  csv?: boolean;
  /** For yesno cells: what true and false read as. */
  yesNo?: readonly [string, string];
};

export type ListDefinition<Row> = {
  id: string;
  title: string;
  description: string;
  path: string;
  adminOnly?: boolean;
  /** The search box's label, saying which fields it searches. */
  searchLabel: string;
  /** What an empty list says (no filter in force). */
  emptyText: string;
  filters: readonly FilterDef[];
  columns: readonly ColumnDef<Row>[];
  rowId: (row: Row) => string | number;
  /** The detail page of a row; the first table column links there. */
  detailPath?: (row: Row) => string;
  /** A page that adds a row (a "New …" button beside the export). */
  create?: { href: string; label: string };
  /**
   * The list's order: the keys it sorts by, all one way, the last one unique (an id). An index on
   * them (with the filters' columns before them where a filter is common) serves every page; the
   * cursor of a page is these keys' values in its last (or first) row (decision 069).
   */
  order: ListOrder;
  /**
   * The table the list is mainly of, or its owner's read-only projection named as it (decision 089):
   * the planner's estimate of its rows stands in for a count over all of it.
   */
  table: ListRelation;
  /**
   * The list's query with the filters and search in force, not yet limited: it selects
   * `{ ...fields, ...page.select }`, adds `page.where` to its conditions and orders by `page.orderBy`.
   * The framework limits it to a page, counts it (bounded), or streams it through a cursor (the export).
   */
  fetch: (db: Db, query: Pick<ListQuery, "q" | "filters">, page: PageSpec) => ListSelect;
};

/** A key of a list's order: the column (or expression, never null) and the type its cursor value is cast back to. */
export type OrderKey = { sql: AnyPgColumn | SQL; type: "timestamptz" | "integer" | "bigint" | "text" | "uuid" };
export type ListOrder = { direction: "asc" | "desc"; keys: readonly [OrderKey, ...OrderKey[]] };

/** A table, or a feature's read-only projection of one (a subquery named as the table). */
export type ListRelation = PgTable | Subquery;

/** The name of the table a list is of (a projection bears its table's name). */
export function relationName(relation: ListRelation): string {
  return is(relation, Subquery) ? relation._.alias : getTableName(relation);
}

/** The name of the extra field each fetched row carries: its position in the order as text, for the cursor. */
export const CURSOR_FIELD = "_cursor";

/** What the framework hands a list's fetch: the cursor field to select, the page's condition and the order. */
export type PageSpec = { select: { [CURSOR_FIELD]: SQL<string> }; where: SQL | undefined; orderBy: SQL[] };

/** A select builder as drizzle gives it, before a limit. */
export type ListSelect = SQLWrapper & {
  limit(limit: number): SQLWrapper & PromiseLike<unknown[]>;
  toSQL(): { sql: string; params: unknown[] };
};

export function keyset(direction: ListOrder["direction"], ...keys: ListOrder["keys"]): ListOrder {
  return { direction, keys };
}

/** Erases the row type so lists of different rows can sit in one registry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyListDefinition = ListDefinition<any>;

export function defineList<Row>(definition: ListDefinition<Row>): ListDefinition<Row> {
  return definition;
}

/** A rendered cell for the browser: its text, and for statuses the badge tone. */
export type Cell = { text: string; tone?: BadgeTone };

export function renderCell<Row>(column: ColumnDef<Row>, row: Row): Cell {
  const value = column.value(row);
  switch (column.kind ?? "text") {
    case "datetime":
      return { text: formatDateTime(value instanceof Date || typeof value === "string" ? value : null) };
    case "status": {
      const status = value === null || value === undefined ? "" : String(value);
      return status ? { text: statusLabel(status), tone: statusTone(status) } : { text: "—" };
    }
    case "money":
      return { text: typeof value === "number" ? formatGBPAs(value, "ledger") : "—" };
    case "yesno": {
      const [yes, no] = column.yesNo ?? ["Yes", "No"];
      return { text: value ? yes : no };
    }
    case "longtext":
      return { text: value === null || value === undefined || value === "" ? "—" : shorten(String(value)) };
    default:
      return { text: value === null || value === undefined || value === "" ? "—" : String(value) };
  }
}

/** The CSV value of a cell: raw values (ISO dates, pounds as a number, yes/no), never the table's shortened text. */
export function csvValue<Row>(column: ColumnDef<Row>, row: Row): CsvValue {
  const value = column.value(row);
  if (column.kind === "money") return typeof value === "number" ? value / 100 : null;
  if (column.kind === "yesno") return value ? "yes" : "no";
  return value;
}

export function csvHeader(columns: readonly ColumnDef<unknown>[]): string[] {
  return columns.map((c) => (c.kind === "money" ? `${c.label} (GBP)` : c.label));
}

/**
 * The shortest search that looks inside text. A trigram (pg_trgm) index serves `ILIKE '%q%'` only
 * when the text has a trigram of its own: one or two characters would read the whole index, so a
 * search that short matches exact values (an id, an email) only.
 */
export const FRAGMENT_MIN_LENGTH = 3;

/** "#12" or "12": the id a search names, if it is one. */
export function searchedId(q: string): number | undefined {
  const id = /^#?(\d{1,9})$/.exec(q)?.[1];
  return id ? Number(id) : undefined;
}

/** An email address typed whole (lower-cased, as accounts store them). */
export function searchedEmail(q: string): string | undefined {
  return /^[^\s@]+@[^\s@]+$/.test(q) ? q.toLowerCase() : undefined;
}

/**
 * `a OR b OR …` over ILIKE '%text%' on each column; undefined when there is no search. Only for
 * lists over tables that stay small (forms people fill in by hand, staff's own actions): the big
 * tables' lists use searchIndexed (decision 069 lists which is which).
 */
export function searchAny(q: string, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`));
}

/** A part of an indexed search: a column of the list's own table, or a condition built from the searched value. */
type SearchPart = AnyPgColumn | SQL | ((value: string) => SQL);

/**
 * A search over a big table: an exact id ("#12"), an exact email, or a fragment of text, each by an
 * index. `ids` are integer id columns ("#12"); `exact` text columns matched whole (a payment id);
 * `emails` are conditions on an email typed whole; `text` trigram-indexed columns or conditions on
 * the ILIKE pattern. Every part speaks of `rows.table`'s own columns (other tables through
 * `fk in (select …)`), and the parts are a UNION of that table's ids: each part is read from its own
 * index and the page sorts only the rows found, rather than walking the list's order filtering
 * every row (a rare fragment then read all 961,819 messages: decision 069).
 */
export function searchIndexed(q: string, rows: { table: ListRelation; id: AnyPgColumn }, parts: { ids?: SearchPart[]; exact?: SearchPart[]; emails?: SearchPart[]; text?: SearchPart[] }): SQL | undefined {
  if (!q) return undefined;
  const id = searchedId(q);
  const email = searchedEmail(q);
  const conditions: SQL[] = [];
  const condition = (part: SearchPart, value: string | number, op: "=" | "ilike") => (typeof part === "function" ? part(String(value)) : op === "=" ? sql`${part} = ${value}` : sql`${part} ilike ${value}`);
  if (id !== undefined) for (const part of parts.ids ?? []) conditions.push(condition(part, id, "="));
  for (const part of parts.exact ?? []) conditions.push(condition(part, q, "="));
  if (email) for (const part of parts.emails ?? []) conditions.push(condition(part, email, "="));
  if (q.length >= FRAGMENT_MIN_LENGTH && !email) {
    const pattern = likePattern(q);
    for (const part of parts.text ?? []) conditions.push(condition(part, pattern, "ilike"));
  }
  if (!conditions.length) return sql`false`;
  const union = sql.join(
    conditions.map((c) => sql`select ${rows.id} from ${rows.table} where ${c}`),
    sql` union `,
  );
  return sql`${rows.id} in (${union})`;
}

/** count(*) as a number (node-postgres returns bigint counts as strings). */
export const countAll = sql<number>`count(*)`.mapWith(Number);
