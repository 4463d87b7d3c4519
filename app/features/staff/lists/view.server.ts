import type { AppLoadContext } from "react-router";
import { recordStaffAction } from "#server/audit-log.ts";
import { csvFileName, csvLine, CSV_BOM } from "~/lib/csv";
import { actorOf, type StaffUser } from "~/features/staff/guard.server";
import { describeListQuery, listQueryToSearch, PAGE_SIZE, pageCount, parseListQuery, type FilterOption } from "~/features/staff/list-query";
import type { BadgeTone } from "~/features/staff/status";
import { csvHeader, csvValue, renderCell, type AnyListDefinition, type Cell, type CellKind } from "./define";

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
  page: number;
  pageCount: number;
  total: number;
  /** True when a search or filter is in force (the empty state says "nothing matches"). */
  narrowed: boolean;
  /** The query string of this view without the page, for page links. */
  search: string;
  exportHref: string;
};

export type { BadgeTone, Cell };

export async function loadListView(context: AppLoadContext, list: AnyListDefinition, request: Request): Promise<ListView> {
  const { db } = context.services;
  const query = parseListQuery(new URL(request.url).searchParams, list.filters);
  const [total, rows] = await Promise.all([
    list.count(db, query),
    list.fetch(db, query, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE }),
  ]);
  const columns = list.columns.filter((c) => c.table !== false);
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
    rows: rows.map((row) => ({
      id: String(list.rowId(row)),
      href: list.detailPath?.(row) ?? null,
      cells: Object.fromEntries(columns.map((c) => [c.key, renderCell(c, row)])),
    })),
    page: query.page,
    pageCount: pageCount(total),
    total,
    narrowed: Boolean(query.q) || Object.keys(query.filters).length > 0,
    search: listQueryToSearch(query, { page: 1 }),
    exportHref: `/staff/export/${list.id}${listQueryToSearch(query, { page: 1 })}`,
  };
}

/** The most rows one export holds; the audit entry says when an export was cut at this. */
export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_BATCH = 500;

/**
 * The CSV of a list with the filters and search in force (every page, every column), streamed in
 * batches so a large export never sits in memory. The export is audited before the first byte.
 */
export async function exportListCsv(context: AppLoadContext, list: AnyListDefinition, request: Request, user: StaffUser): Promise<Response> {
  const { db, logger } = context.services;
  const query = parseListQuery(new URL(request.url).searchParams, list.filters);
  const total = await list.count(db, query);
  const rowsToWrite = Math.min(total, EXPORT_MAX_ROWS);
  await recordStaffAction(db, actorOf(user), {
    action: "export.csv",
    targetType: "list",
    targetId: list.id,
    details: { filters: describeListQuery(query), rows: rowsToWrite, ...(total > EXPORT_MAX_ROWS ? { cutAt: EXPORT_MAX_ROWS, total } : {}) },
  });

  const csvColumns = list.columns.filter((c) => c.csv !== false);
  const encoder = new TextEncoder();
  let offset = 0;
  let started = false;
  // Batches until the rows run out (or the cap): rows written meanwhile (this export's own audit entry
  // included) are simply part of the file, never a reason to cut older rows off.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(csvHeader(csvColumns))));
          return;
        }
        const limit = Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - offset);
        const rows = limit > 0 ? await list.fetch(db, { ...query, page: 1 }, { limit, offset }) : [];
        offset += rows.length;
        if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => csvLine(csvColumns.map((c) => csvValue(c, row)))).join("")));
        if (rows.length < limit || offset >= EXPORT_MAX_ROWS) controller.close();
      } catch (error) {
        logger.error({ err: error, list: list.id }, "CSV export failed part-way");
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(list.id)}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
