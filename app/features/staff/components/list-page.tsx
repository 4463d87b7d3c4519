import { Download, Inbox, Plus, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";
import type { Cell, ListView } from "~/features/staff/lists/view.server";
import { PageHeader } from "./page-header";
import { ToneBadge } from "./status-badge";
import { totalText } from "~/features/staff/list-query";

/**
 * A staff list: search and filters (a GET form, so it works without JavaScript and the URL says
 * what is shown), the rows as a table from md up and as cards on phones, pages, and the CSV export
 * of exactly this selection.
 */
export function ListPage({ view }: { view: ListView }) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={view.title}
        description={view.description}
        actions={
          <>
            {view.create ? (
              <Button asChild size="sm">
                <Link to={view.create.href}>
                  <Plus aria-hidden="true" />
                  {view.create.label}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline" size="sm">
              {/* A resource route: a plain link downloads the file. */}
              <a href={view.exportHref}>
                <Download aria-hidden="true" />
                {exportLabel(view)}
              </a>
            </Button>
          </>
        }
      />
      <FilterForm view={view} />
      <p className="text-sm text-muted-foreground" role="status">
        {resultLine(view)}
      </p>
      {view.rows.length === 0 ? <EmptyState view={view} /> : <Rows view={view} />}
      <Pagination view={view} />
    </div>
  );
}

function resultLine(view: ListView): string {
  if (view.total.kind === "exact" && view.total.n === 0) return view.narrowed ? "No results." : "Nothing here yet.";
  return totalText(view.total);
}

/** The export button says what is coming: every row of the selection (the browser shows the download as it runs). */
function exportLabel(view: ListView): string {
  const { kind, n } = view.total;
  if (kind === "exact") return `Export CSV (${n === 1 ? "1 row" : `${n.toLocaleString("en-GB")} rows`})`;
  return `Export CSV (${kind === "estimate" ? "about " : ""}${n.toLocaleString("en-GB")}${kind === "atLeast" ? "+" : ""} rows)`;
}

function FilterForm({ view }: { view: ListView }) {
  return (
    <Form method="get" action={view.path} className="rounded-xl border border-border bg-background p-3 shadow-card sm:p-4" role="search" aria-label={`Search ${view.title.toLowerCase()}`}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(auto-fit,minmax(10rem,1fr))]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${view.id}-q`}>{view.searchLabel}</Label>
          <Input id={`${view.id}-q`} name="q" type="search" defaultValue={view.q} maxLength={100} autoComplete="off" />
        </div>
        {view.filters.map((filter) => (
          <div key={filter.name} className="flex flex-col gap-1.5">
            <Label htmlFor={`${view.id}-${filter.name}`}>{filter.label}</Label>
            <NativeSelect id={`${view.id}-${filter.name}`} name={filter.name} defaultValue={filter.value}>
              <option value="">All</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Search aria-hidden="true" />
          Apply
        </Button>
        {view.narrowed ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={view.path}>Clear filters</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function CellContent({ cell, kind }: { cell: Cell; kind: string }) {
  if (cell.tone) return <ToneBadge text={cell.text} tone={cell.tone} />;
  if (kind === "mono") return <span className="font-mono text-xs break-all">{cell.text}</span>;
  if (kind === "datetime") return <span className="whitespace-nowrap">{cell.text}</span>;
  return <>{cell.text}</>;
}

function Rows({ view }: { view: ListView }) {
  const [first, ...rest] = view.columns;
  if (!first) return null;
  return (
    <>
      {/* Phones: one card per row. */}
      <ul className="flex flex-col gap-3 md:hidden" aria-label={view.title}>
        {view.rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-border bg-background p-4 shadow-card">
            <p className="mb-2 font-semibold break-words">
              {row.href ? (
                <Link to={row.href} className="text-primary underline-offset-4 hover:underline">
                  {row.cells[first.key]?.text}
                </Link>
              ) : (
                row.cells[first.key]?.text
              )}
            </p>
            <dl className="grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-3 gap-y-1.5 text-sm">
              {rest.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-muted-foreground">{column.label}</dt>
                  <dd className="min-w-0 break-words">
                    <CellContent cell={row.cells[column.key] ?? { text: "—" }} kind={column.kind} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {/* From md up: a table that scrolls inside its own box if it must. */}
      <div
        className="hidden overflow-x-auto rounded-xl border border-border bg-background shadow-card md:block"
        role="region"
        aria-label={`${view.title} table`}
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {view.title}
          </caption>
          <thead className="border-b border-border bg-muted/60">
            <tr>
              {view.columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id} className="border-b border-border last:border-b-0 hover:bg-muted/40">
                {view.columns.map((column, index) => {
                  const cell = row.cells[column.key] ?? { text: "—" };
                  return (
                    <td key={column.key} className={cn("px-3 py-2.5 align-top", column.kind === "longtext" && "min-w-56 max-w-md")}>
                      {index === 0 && row.href ? (
                        <Link to={row.href} className="font-medium text-primary underline-offset-4 hover:underline">
                          {cell.text}
                        </Link>
                      ) : (
                        <CellContent cell={cell} kind={column.kind} />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function EmptyState({ view }: { view: ListView }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-background px-6 py-12 text-center">
      <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">{view.narrowed ? "Nothing matches this search and these filters." : view.emptyText}</p>
      {view.narrowed ? (
        <Button asChild variant="outline" size="sm">
          <Link to={view.path}>Clear filters</Link>
        </Button>
      ) : null}
    </div>
  );
}

function PageLink({ to, rel, label, variant = "outline" }: { to: string | null | undefined; rel: string; label: string; variant?: "ghost" | "outline" }) {
  if (!to) return null;
  return (
    <Button asChild variant={variant} size="sm">
      <Link to={to} rel={rel}>
        {label}
      </Link>
    </Button>
  );
}

/**
 * Keyset pages (decision 069): "Previous page" and "Next page" carry a cursor (the position of the page's
 * first or last row), so each page costs the same however deep it is; "First page" goes back to
 * the start. The links are plain hrefs with rel="prev" / rel="next", filters and search kept.
 */
function Pagination({ view }: { view: ListView }) {
  const { first, previous, next } = view.pages;
  if (!first && !previous && !next) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap gap-2">
        <PageLink to={first} rel="first" variant="ghost" label="First page" />
        <PageLink to={previous} rel="prev" label="Previous page" />
      </div>
      {next ? (
        <PageLink to={next} rel="next" label="Next page" />
      ) : (
        <span className="text-sm text-muted-foreground">End of the list</span>
      )}
    </nav>
  );
}
