import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { formatDateTime } from "~/features/staff/format";
import type { DashboardData, DashboardTile, WindowCounts } from "~/features/staff/dashboard.server";
import { formatGBPAs } from "~/content/money";
import { PageHeader, Panel } from "./page-header";
import { StatusBadge } from "./status-badge";
import { formatCount } from "~/content/format";

const n = formatCount;

function Tile({ tile }: { tile: DashboardTile }) {
  return (
    <Link
      to={tile.href}
      className="flex flex-col gap-1 rounded-xl border border-border bg-background p-4 shadow-card transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="text-sm font-medium text-muted-foreground">{tile.label}</span>
      <span className="text-3xl font-bold tabular-nums">
        {n(tile.last7)}
        <span className="sr-only"> in the last 7 days</span>
      </span>
      <span className="text-xs text-muted-foreground" aria-hidden="true">
        last 7 days
      </span>
      <span className="mt-1 text-sm">
        {n(tile.last30)} in 30 days · {n(tile.total)} in all
      </span>
    </Link>
  );
}

function StatusTable({ caption, rows }: { caption: string; rows: (WindowCounts & { status: string; href: string })[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-2 font-medium">
            Status
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            7 days
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            30 days
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            All
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.status} className="border-b border-border last:border-b-0">
            <th scope="row" className="py-2 pr-2 text-left font-normal">
              <Link to={row.href} className="inline-flex min-h-8 items-center rounded-md focus-visible:outline-2 focus-visible:outline-ring">
                <StatusBadge status={row.status} />
              </Link>
            </th>
            <td className="px-2 py-2 text-right tabular-nums">{n(row.last7)}</td>
            <td className="px-2 py-2 text-right tabular-nums">{n(row.last30)}</td>
            <td className="py-2 pl-2 text-right font-semibold tabular-nums">{n(row.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DashboardView({ data, name }: { data: DashboardData; name: string }) {
  const pending = data.onboardingByStatus.find((s) => s.status === "pending")?.total ?? 0;
  const outboxTrouble = data.outbox.failed > 0 || data.outbox.overdue > 0;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Dashboard" description={`Hello ${name}. What came in over the last 7 and 30 days, and what needs someone.`} />

      {outboxTrouble ? (
        <div role="alert" className="flex flex-col gap-2 rounded-xl border-2 border-destructive bg-destructive/10 p-4 sm:flex-row sm:items-center">
          <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-destructive" />
          <p className="text-sm">
            <strong>
              {data.outbox.failed > 0 ? `${n(data.outbox.failed)} outbox ${data.outbox.failed === 1 ? "job has" : "jobs have"} failed` : "Outbox jobs are overdue"}
            </strong>
            {data.outbox.failed > 0 ? " after every retry: those emails or webhooks were not delivered." : ""}
            {data.outbox.overdue > 0 ? ` ${n(data.outbox.overdue)} due more than 10 minutes ago are still waiting.` : ""}
          </p>
          <Link
            to={data.outbox.failed > 0 ? "/staff/outbox?status=failed" : "/staff/outbox?status=pending"}
            className="inline-flex min-h-11 shrink-0 items-center rounded-md bg-destructive px-4 text-sm font-semibold text-destructive-foreground sm:ml-auto"
          >
            Review the outbox
          </Link>
        </div>
      ) : null}

      {pending > 0 ? (
        <p className="rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
          <strong>{`${n(pending)} onboarding ${pending === 1 ? "application is" : "applications are"} waiting for review.`}</strong>{" "}
          <Link to="/staff/onboarding?status=pending" className="font-medium text-primary underline underline-offset-4">
            Review {pending === 1 ? "it" : "them"}
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="inbox-heading" className="flex flex-col gap-3">
        <h2 id="inbox-heading" className="text-lg font-semibold">
          Inbox
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
          {data.inbox.map((tile) => (
            <Tile key={tile.key} tile={tile} />
          ))}
        </div>
      </section>

      <section aria-labelledby="fixers-heading" className="flex flex-col gap-3">
        <h2 id="fixers-heading" className="text-lg font-semibold">
          Fixers
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {data.fixers.map((tile) => (
            <Tile key={tile.key} tile={tile} />
          ))}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel id="onboarding-status" title="Onboarding applications by status">
          <StatusTable caption="Onboarding applications by status, submitted in the last 7 days, 30 days and in all" rows={data.onboardingByStatus} />
        </Panel>
        <Panel id="payments-status" title="Payments by status">
          <StatusTable caption="Checkout attempts by status, started in the last 7 days, 30 days and in all" rows={data.paymentsByStatus} />
          <p className="mt-2 text-xs text-muted-foreground">All-time totals counted {formatDateTime(data.totalsCountedAt)} (kept for a minute); the 7- and 30-day figures are live.</p>
          <p className="mt-3 text-sm">
            Paid in the last 30 days: <strong className="tabular-nums">{formatGBPAs(data.paidLast30Pence, "ledger")}</strong>
          </p>
        </Panel>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {data.vip.map((tile) => (
          <Tile key={tile.key} tile={tile} />
        ))}
        <Link
          to="/staff/outbox"
          className={cn(
            "flex flex-col gap-1 rounded-xl border bg-background p-4 shadow-card transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            data.outbox.failed > 0 ? "border-destructive" : "border-border",
          )}
        >
          <span className="text-sm font-medium text-muted-foreground">Outbox</span>
          <span className={cn("text-3xl font-bold tabular-nums", data.outbox.failed > 0 && "text-destructive")}>
            {n(data.outbox.failed)} failed
          </span>
          <span className="mt-1 text-sm">
            {n(data.outbox.pending)} waiting · {n(data.outbox.sentLast7)} sent in 7 days
          </span>
        </Link>
      </div>
    </div>
  );
}
