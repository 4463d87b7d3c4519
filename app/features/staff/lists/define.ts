import { or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import type { CsvValue } from "~/lib/csv";
import { formatDateTime, formatPence, shorten } from "~/features/staff/format";
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
  fetch: (db: Db, query: ListQuery, range: { limit: number; offset: number }) => Promise<Row[]>;
  count: (db: Db, query: ListQuery) => Promise<number>;
};

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
      return { text: typeof value === "number" ? formatPence(value) : "—" };
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

/** `a OR b OR …` over ILIKE '%text%' on each column; undefined when there is no search. */
export function searchAny(q: string, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`));
}

/** count(*) as a number (node-postgres returns bigint counts as strings). */
export const countAll = sql<number>`count(*)`.mapWith(Number);
