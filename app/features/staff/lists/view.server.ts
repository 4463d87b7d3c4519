import { open, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import * as drizzleOrm from "drizzle-orm";
import { sql, type SQL } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { recordStaffAction } from "#server/audit-log.ts";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import type { Database, Db } from "#server/db/client.ts";
import { csvLine, CSV_BOM } from "~/lib/csv";
import { contentDisposition } from "~/lib/download-headers";
import { actorOf, type StaffUser } from "~/features/staff/guard.server";
import { describeListQuery, listQueryToSearch, PAGE_SIZE, parseListQuery, type FilterOption, type ListQuery, type ListTotal } from "~/features/staff/list-query";
import type { BadgeTone } from "~/features/staff/status";
import { CURSOR_FIELD, csvHeader, csvValue, relationName, renderCell, type AnyListDefinition, type Cell, type CellKind, type ListOrder, type ListSelect, type PageSpec } from "./define";

/** What a list page gets from its loader: plain data, the definition's functions stay on the server. */
export type ListView = {
  id: string;
  title: string;
  description: string;
  path: string;
  searchLabel: string;
  emptyText: string;
  create: { href: string; label: string } | null;
  q: string;
  filters: { name: string; label: string; options: readonly FilterOption[]; value: string }[];
  columns: { key: string; label: string; kind: CellKind }[];
  rows: { id: string; href: string | null; cells: Record<string, Cell> }[];
  /** How many rows the selection holds, said honestly (decision 069): exact, "10,000+" or the planner's estimate. */
  total: ListTotal;
  /** The page links (hrefs with the filters and an opaque cursor), null where there is none. */
  pages: { first: string | null; previous: string | null; next: string | null };
  /** True when a search or filter is in force (the empty state says "nothing matches"). */
  narrowed: boolean;
  exportHref: string;
};

export type { BadgeTone, Cell };

/** A count stops here: beyond it the page says "10,000+" rather than reading every matching row. */
export const COUNT_CAP = 10_000;
/** An unfiltered list over a table this big shows the planner's estimate of its rows ("about 970,000"). */
export const ESTIMATE_FROM = COUNT_CAP;


// ---------------------------------------------------------------------------------------------
// Cursors: the keys of a page's first or last row, as text, with the list's id, in base64url.

type Cursor = { values: string[] };

const KEY_PATTERNS: Record<ListOrder["keys"][number]["type"], RegExp> = {
  timestamptz: /^(-?infinity|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?)$/,
  integer: /^-?\d{1,9}$/,
  bigint: /^-?\d{1,18}$/,
  // eslint-disable-next-line no-control-regex -- a NUL byte is what PostgreSQL refuses in text
  text: /^[^\u0000]{0,300}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** A real calendar date and time of day (PostgreSQL refuses 2026-02-31 with an error, never a 5xx here). */
function plausibleTimestamp(text: string): boolean {
  if (text.endsWith("infinity")) return true;
  const [, y, mo, d, h, mi, s] = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text) ?? [];
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return day.getUTCDate() === Number(d) && day.getUTCMonth() === Number(mo) - 1 && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60 && Number(y) >= 1;
}

export function encodeCursor(listId: string, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([listId, ...values]), "utf8").toString("base64url");
}

/** The cursor's values if it is one of this list's, checked against the order's key types; otherwise null (the first page). */
export function decodeCursor(listId: string, order: ListOrder, text: string): Cursor | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== order.keys.length + 1 || parsed[0] !== listId) return null;
  const values = parsed.slice(1);
  const ok = values.every((value, i) => {
    const key = order.keys[i]!;
    return typeof value === "string" && KEY_PATTERNS[key.type].test(value) && (key.type !== "timestamptz" || plausibleTimestamp(value));
  });
  return ok ? { values: values as string[] } : null;
}

/** The keys of a row as text (json of the texts, so a text key holding a comma or quote survives). */
function cursorSelect(order: ListOrder): SQL<string> {
  return sql<string>`json_build_array(${sql.join(
    order.keys.map((k) => sql`(${k.sql})::text`),
    sql`, `,
  )})::text`;
}

/** `(k1, k2) < (v1, v2)` (or > for the other way): a row comparison a btree index on (k1, k2) answers. */
function positionCondition(order: ListOrder, cursor: Cursor, forward: boolean): SQL {
  const ascending = (order.direction === "asc") === forward;
  const left = sql.join(
    order.keys.map((k) => sql`${k.sql}`),
    sql`, `,
  );
  const right = sql.join(
    order.keys.map((k, i) => sql`${cursor.values[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return sql`(${left}) ${sql.raw(ascending ? ">" : "<")} (${right})`;
}

function orderBy(order: ListOrder, forward: boolean): SQL[] {
  const ascending = (order.direction === "asc") === forward;
  return order.keys.map((k) => sql`${k.sql} ${sql.raw(ascending ? "asc" : "desc")}`);
}

export function pageSpec(order: ListOrder, cursor: Cursor | null, forward = true): PageSpec {
  return { select: { [CURSOR_FIELD]: cursorSelect(order) }, where: cursor ? positionCondition(order, cursor, forward) : undefined, orderBy: orderBy(order, forward) };
}

/** The page of rows: PAGE_SIZE from the cursor on (one more to know whether there is a next page). */
export async function fetchPage(db: Db, list: AnyListDefinition, query: ListQuery) {
  const after = decodeCursor(list.id, list.order, query.after);
  const before = after ? null : decodeCursor(list.id, list.order, query.before);
  const forward = !before;
  const spec = pageSpec(list.order, after ?? before, forward);
  const fetched = (await list.fetch(db, query, spec).limit(PAGE_SIZE + 1)) as Record<string, unknown>[];
  const more = fetched.length > PAGE_SIZE;
  const rows = fetched.slice(0, PAGE_SIZE);
  if (!forward) rows.reverse();
  const cursorOf = (row: Record<string, unknown> | undefined) => (row ? encodeCursor(list.id, JSON.parse(String(row[CURSOR_FIELD])) as string[]) : null);
  return {
    rows,
    // Going forward, a next page exists when one more row came; going back, the rows before a cursor exist.
    next: forward ? (more ? cursorOf(rows.at(-1)) : null) : cursorOf(rows.at(-1)),
    previous: forward ? (after && rows.length ? cursorOf(rows[0]) : null) : more ? cursorOf(rows[0]) : null,
    // A page reached through a cursor is not the first: link back to the start.
    notFirst: Boolean(after || (before && more)),
  };
}

/** What the planner believes a table holds (-1 or 0 when it never looked: then a bounded count). */
async function estimatedRows(db: Db, tableName: string): Promise<number> {
  const result = await db.execute(sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${`"${tableName}"`})`);
  const n = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? -1);
  return Number.isFinite(n) ? n : -1;
}

/** The total: the planner's estimate for an unfiltered big table, else a count that stops at COUNT_CAP + 1 rows. */
export async function countList(db: Db, list: AnyListDefinition, query: Pick<ListQuery, "q" | "filters">): Promise<ListTotal> {
  const narrowed = Boolean(query.q) || Object.keys(query.filters).length > 0;
  if (!narrowed) {
    const estimate = await estimatedRows(db, relationName(list.table));
    if (estimate >= ESTIMATE_FROM) return { kind: "estimate", n: Math.round(estimate) };
  }
  const bounded = list.fetch(db, query, { select: { [CURSOR_FIELD]: sql<string>`''` }, where: undefined, orderBy: [] }).limit(COUNT_CAP + 1);
  const result = await db.execute(sql`select count(*)::int as n from (${bounded}) as bounded`);
  const n = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { kind: "atLeast", n: COUNT_CAP } : { kind: "exact", n };
}

export async function loadListView(context: AppLoadContext, list: AnyListDefinition, request: Request): Promise<ListView> {
  const { db } = context.services;
  const query = parseListQuery(new URL(request.url).searchParams, list.filters);
  const [total, page] = await Promise.all([countList(db, list, query), fetchPage(db, list, query)]);
  const columns = list.columns.filter((c) => c.table !== false);
  const href = (at: { after?: string; before?: string }) => `${list.path}${listQueryToSearch(query, at)}`;
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    path: list.path,
    searchLabel: list.searchLabel,
    emptyText: list.emptyText,
    create: list.create ?? null,
    q: query.q,
    filters: list.filters.map((f) => ({ name: f.name, label: f.label, options: f.options, value: query.filters[f.name] ?? "" })),
    columns: columns.map((c) => ({ key: c.key, label: c.label, kind: c.kind ?? "text" })),
    rows: page.rows.map((row) => ({
      id: String(list.rowId(row)),
      href: list.detailPath?.(row) ?? null,
      cells: Object.fromEntries(columns.map((c) => [c.key, renderCell(c, row)])),
    })),
    total,
    pages: {
      first: page.notFirst ? href({}) : null,
      previous: page.previous ? href({ before: page.previous }) : null,
      next: page.next ? href({ after: page.next }) : null,
    },
    narrowed: Boolean(query.q) || Object.keys(query.filters).length > 0,
    exportHref: `/staff/export/${list.id}${listQueryToSearch(query)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// The CSV export: every row, one snapshot, through a server-side cursor (decision 069).

/** Rows per FETCH from the server-side cursor. */
export const EXPORT_BATCH = 1_000;

/** The export's last line: how many rows it holds, so a file cut short (a dropped connection) shows. */
export function exportTrailer(rows: number): string {
  return csvLine([`# ${rows} ${rows === 1 ? "row" : "rows"}`]);
}

/** `fixit-bookings-2026-11-22-1234-rows.csv`: the list, the day and the number of rows. */
export function exportFileName(listId: string, rows: number, now = new Date()): string {
  const safe = listId.replace(/[^a-z0-9-]/gi, "-").toLowerCase();
  return `fixit-${safe}-${now.toISOString().slice(0, 10)}-${rows}-rows.csv`;
}

type Batches = {
  /** The rows in the snapshot, counted before the first batch. */
  total: number;
  /** The next batch as drizzle maps rows ([] when done). */
  next(): Promise<Record<string, unknown>[]>;
  /** Ends the transaction and gives the connection back (idempotent). */
  close(): Promise<void>;
};

// drizzle's own row mapping (exported, not declared): the export reads raw cursor rows as drizzle would.
type SelectedField = unknown;
const { mapResultRow, orderSelectedFields } = drizzleOrm as unknown as {
  mapResultRow(fields: SelectedField[], row: unknown[], joinsNotNullableMap: undefined): unknown;
  orderSelectedFields(fields: Record<string, unknown>): SelectedField[];
};

/** The select's fields in drizzle's order (its own config: the public proxy refuses unaliased SQL fields). */
function selectedFields(query: ListSelect): SelectedField[] {
  return orderSelectedFields((query as unknown as { config: { fields: Record<string, unknown> } }).config.fields);
}

// node-postgres and PGlite types drizzle reads as text itself (its own sessions do the same).
const RAW_TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

/**
 * A REPEATABLE READ, READ ONLY transaction on its own connection, the row count in that snapshot, then
 * DECLARE … NO SCROLL CURSOR for the list's query and FETCH EXPORT_BATCH at a time. PostgreSQL only:
 * the connection is held while the client reads, and given back when it is done or goes away.
 */
async function postgresBatches(database: Database, query: ListSelect): Promise<Batches> {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const fields = selectedFields(query);
  const { sql: text, params } = query.toSQL();
  const client = await pool.connect();
  const types = { getTypeParser: (oid: number, format?: string) => (RAW_TEXT_TYPES.has(oid) ? (v: string) => v : (pgTypes.getTypeParser as (o: number, f?: string) => unknown)(oid, format)) };
  let closed = false;
  const close = async (error?: boolean) => {
    if (closed) return;
    closed = true;
    try {
      await client.query("ROLLBACK");
      client.release();
    } catch (e) {
      client.release(e as Error);
    }
    void error;
  };
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const counted = await client.query<{ n: number }>(`select count(*)::int as n from (${text}) as export_rows`, params);
    await client.query(`DECLARE staff_export NO SCROLL CURSOR FOR ${text}`, params);
    return {
      total: counted.rows[0]?.n ?? 0,
      next: async () => {
        const result = await client.query({ text: `FETCH ${EXPORT_BATCH} FROM staff_export`, rowMode: "array", types } as never);
        return (result as unknown as { rows: unknown[][] }).rows.map((row) => mapResultRow(fields, row, undefined) as Record<string, unknown>);
      },
      close: () => close(),
    };
  } catch (error) {
    await close(true);
    throw error;
  }
}

let pgTypes: { getTypeParser: unknown };

/**
 * PGlite runs one query at a time and nothing else while a transaction is open, so its export must
 * not wait on the client: the same REPEATABLE READ transaction and cursor write the CSV to a temporary
 * file at the database's pace, the transaction ends, and the file is streamed (then deleted).
 */
async function pgliteSpool(database: Database, query: ListSelect, toLines: (rows: Record<string, unknown>[]) => string): Promise<{ total: number; file: string }> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const { types } = await import("@electric-sql/pglite");
  const fields = selectedFields(query);
  const { sql: text, params } = query.toSQL();
  const parsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((t) => [t, (v: string) => v]));
  const file = path.join(os.tmpdir(), `fixit-export-${randomUUID()}.csv`);
  const handle = await open(file, "w", 0o600);
  try {
    const total = await client.transaction(async (tx) => {
      await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      await tx.query(`DECLARE staff_export NO SCROLL CURSOR FOR ${text}`, params);
      let written = 0;
      for (;;) {
        const result = await tx.query<unknown[]>(`FETCH ${EXPORT_BATCH} FROM staff_export`, [], { rowMode: "array", parsers });
        if (!result.rows.length) break;
        await handle.write(toLines(result.rows.map((row) => mapResultRow(fields, row, undefined) as Record<string, unknown>)));
        written += result.rows.length;
      }
      await tx.query("CLOSE staff_export");
      return written;
    });
    await handle.close();
    return { total, file };
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(file).catch(() => {});
    throw error;
  }
}

/**
 * The CSV of a list with the filters and search in force (every row, every column), audited before
 * the first byte. The file name and the last line say how many rows it holds.
 */
export async function exportListCsv(context: AppLoadContext, list: AnyListDefinition, request: Request, user: StaffUser): Promise<Response> {
  const { db, database, logger } = context.services;
  const query = parseListQuery(new URL(request.url).searchParams, list.filters);
  await recordStaffAction(db, actorOf(user), {
    action: "export.csv",
    targetType: "list",
    targetId: list.id,
    details: { filters: describeListQuery(query) },
  });

  const csvColumns = list.columns.filter((c) => c.csv !== false);
  const toLines = (rows: Record<string, unknown>[]) => rows.map((row) => csvLine(csvColumns.map((c) => csvValue(c, row)))).join("");
  const select = list.fetch(db, query, pageSpec(list.order, null));
  const headers = (rows: number) => ({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": contentDisposition("attachment", exportFileName(list.id, rows)),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    "x-export-rows": String(rows),
  });
  const head = CSV_BOM + csvLine(csvHeader(csvColumns));

  const fail = (error: unknown) => logger.error({ err: error, list: list.id }, "CSV export failed part-way");

  if (database.kind === "pglite") {
    const { total, file } = await pgliteSpool(database, select, toLines);
    const handle = await open(file, "r");
    let done = false;
    const finish = async () => {
      if (done) return;
      done = true;
      await handle.close().catch(() => {});
      await unlink(file).catch(() => {});
    };
    const buffer = Buffer.alloc(64 * 1024);
    const body = csvStream({
      head,
      next: async () => {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        return bytesRead > 0 ? new Uint8Array(buffer.subarray(0, bytesRead)) : null;
      },
      trailer: () => exportTrailer(total),
      close: finish,
      fail,
    });
    return new Response(body, { headers: headers(total) });
  }

  pgTypes ??= (await import("pg")).default.types;
  const batches = await postgresBatches(database, select);
  let written = 0;
  const body = csvStream({
    head,
    next: async () => {
      const rows = await batches.next();
      written += rows.length;
      return rows.length ? toLines(rows) : null;
    },
    trailer: () => exportTrailer(written),
    // The person closed the tab or the connection dropped: end the transaction, free the connection.
    close: () => batches.close(),
    fail,
  });
  return new Response(body, { headers: headers(batches.total) });
}

/**
 * An export's body, pulled as the connection drains: the header line, then each chunk `next` gives
 * until it gives null, then the trailer (the row count). `close` runs once the source is done with,
 * whether the export ended, failed part-way or the person went away.
 */
function csvStream(source: {
  head: string;
  next: () => Promise<string | Uint8Array | null>;
  trailer: () => string;
  close: () => Promise<void>;
  fail: (error: unknown) => void;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const bytes = (chunk: string | Uint8Array) => (typeof chunk === "string" ? encoder.encode(chunk) : chunk);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(bytes(source.head));
          return;
        }
        const chunk = await source.next();
        if (chunk !== null) {
          controller.enqueue(bytes(chunk));
          return;
        }
        await source.close();
        controller.enqueue(bytes(source.trailer()));
        controller.close();
      } catch (error) {
        source.fail(error);
        await source.close();
        controller.error(error);
      }
    },
    cancel: () => source.close(),
  });
}
