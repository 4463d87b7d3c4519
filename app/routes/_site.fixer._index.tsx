import { data, Link } from "react-router";
import type { Route } from "./+types/_site.fixer._index";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/features/auth/guard.server";
import { FixerAccountStatusView } from "~/features/fixers/account-status";
import { CoverageForm, JobListItem, Section, formatDay, serviceName } from "~/features/quotes/components/fixer-views";
import { FixerChecklistPanel } from "~/features/quotes/components/fixer-checklist-panel";
import { fixerChecklist } from "~/features/quotes/fixer-checklist";
import { fixerCopy } from "~/features/quotes/fixer-copy";
import { dashboardAction, loadFixerDashboard } from "~/features/quotes/fixer-pages.server";
import { quotePaths } from "~/features/quotes/paths";
import { PayoutPrompt } from "~/features/bookings/components/payout-prompt";
import { PayoutStateBadge } from "~/features/bookings/components/payouts-view";
import { bookingPaths } from "~/features/bookings/paths";
import { payoutPaths, waitingText } from "~/features/bookings/payouts";
import { payoutPromptPence } from "~/features/bookings/payout-prompt.server";
import { payoutAccountView } from "~/features/bookings/payouts.server";
import { pageMeta } from "~/lib/seo";
import { emergencyCopy, emergencyPaths } from "~/features/emergency/copy";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: fixerCopy.dashboard.title, description: fixerCopy.dashboard.metaDescription, path: quotePaths.fixerDashboard, noindex: true });

/** Signed out → /auth?from=/fixer; not an approved fixer → their application's status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const dashboard = await loadFixerDashboard(context, user, request);
  // Approved fixers see whether they can be paid (decision 052).
  const payouts = dashboard.kind === "fixer" ? await payoutAccountView(context.services.db, user.id) : null;
  const payoutPrompt = dashboard.kind === "fixer" ? await payoutPromptPence(context.services.db, user.id) : null;
  return data({ ...dashboard, payouts, payoutPrompt }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return dashboardAction(context, user, request);
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function FixerDashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "applicant") {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold">{fixerCopy.dashboard.applicantTitle}</h1>
        <p className="text-muted-foreground">{fixerCopy.dashboard.applicantText}</p>
        <Section id="fixer-status" title="Your fixer application">
          <FixerAccountStatusView status={loaderData.status} userType={loaderData.userType} />
        </Section>
      </div>
    );
  }
  const { leads, paused, myQuotes, coverage, profile, payouts } = loaderData;
  const steps = fixerChecklist({ ...coverage, quotesSent: myQuotes.quotes.length });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">{fixerCopy.dashboard.title}</h1>
        <Link to={quotePaths.fixerProfile(profile.slug)} className="text-sm font-medium text-primary hover:underline">
          Your public profile
        </Link>
      </div>
      {payouts ? (
        <Section id="money" title="Payouts and earnings">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Payout account: <PayoutStateBadge state={payouts.state} />
          </p>
          {loaderData.payoutPrompt ? (
            <PayoutPrompt pence={loaderData.payoutPrompt} link={payouts.state === "active"} />
          ) : payouts.waitingCount > 0 ? (
            <p className="text-sm font-medium">{waitingText(payouts.waitingPence, payouts.waitingCount)}</p>
          ) : null}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant={payouts.state === "active" ? "outline" : "default"}>
              <Link to={payoutPaths.page}>{payouts.state === "active" ? "Payouts" : "Connect a payout account"}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={bookingPaths.fixerList}>Bookings</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={payoutPaths.earnings}>Earnings</Link>
            </Button>
          </div>
        </Section>
      ) : null}
      <FixerChecklistPanel name={profile.displayName.split(" ")[0] ?? profile.displayName} steps={steps} />
      {paused ? (
        <div role="status" className="rounded-xl border border-warning/50 bg-warning/10 p-4">
          <p className="font-semibold">{fixerCopy.dashboard.pausedTitle}</p>
          <p className="mt-1 text-sm">{paused}</p>
          <p className="mt-2 text-sm">
            <Link to={fixerCopy.dashboard.pausedContact.href} className="font-medium text-primary underline underline-offset-4">
              {fixerCopy.dashboard.pausedContact.label}
            </Link>
          </p>
        </div>
      ) : null}
      {leads ? (
        <Section id="jobs" title={fixerCopy.dashboard.leadsTitle} intro={fixerCopy.dashboard.leadsIntro}>
          {leads.jobs.length ? (
            <ul className="flex flex-col gap-4">
              {leads.jobs.map((job) => (
                <JobListItem key={job.id} job={job} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{fixerCopy.dashboard.noLeads}</p>
          )}
          <PageLinks label="Job pages" after={leads.after} next={leads.next} param="after" keep={{ quotesAfter: myQuotes.after }} hash="jobs" newest="Newest jobs" older="Older jobs" />
        </Section>
      ) : null}
      <Section id="quotes" title={fixerCopy.dashboard.myQuotesTitle}>
        {myQuotes.quotes.length ? (
          <ul className="divide-y divide-border">
            {myQuotes.quotes.map((q) => (
              <li key={q.quoteId} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link to={quotePaths.fixerJob(q.jobId)} className="font-medium break-words hover:text-primary hover:underline">
                    {q.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {serviceName(q.service)} · {q.district} · quoted {formatDay(q.quotedAt)}
                  </p>
                </div>
                <Badge variant={q.quoteStatus === "accepted" ? "success" : q.quoteStatus === "sent" ? "secondary" : "outline"}>
                  {fixerCopy.quoteStatus[q.quoteStatus] ?? q.quoteStatus}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{fixerCopy.dashboard.noQuotes}</p>
        )}
        <PageLinks label="Quote pages" after={myQuotes.after} next={myQuotes.next} param="quotesAfter" keep={{ after: leads?.after ?? null }} hash="quotes" newest="Latest quotes" older="Earlier quotes" />
      </Section>
      <Section id="coverage" title={fixerCopy.dashboard.coverageTitle} intro={fixerCopy.dashboard.coverageIntro}>
        <CoverageForm coverage={coverage} />
      </Section>
      <Section id="emergency" title={emergencyCopy.title} intro={emergencyCopy.dashboardIntro}>
        <Button asChild variant="outline">
          <Link to={emergencyPaths.fixerPage}>{emergencyCopy.dashboardLink}</Link>
        </Button>
      </Section>
    </div>
  );
}

/**
 * A keyset-paged list's links: back to its newest page, and the next (older) page by its cursor
 * (`rel="next"`; decision 068). The page's other list keeps its place (`keep`): paging one list
 * does not send the other back to its start.
 */
function PageLinks({
  label,
  after,
  next,
  param,
  keep,
  hash,
  newest,
  older,
}: {
  label: string;
  after: number | null;
  next: number | null;
  param: string;
  keep: Record<string, number | null>;
  hash: string;
  newest: string;
  older: string;
}) {
  if (after === null && next === null) return null;
  const href = (cursor: number | null) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...keep, [param]: cursor })) if (value !== null) query.set(name, String(value));
    return `?${query}#${hash}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-3">
      {after !== null ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(null)}>{newest}</Link>
        </Button>
      ) : null}
      {next !== null ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(next)} rel="next">
            {older}
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}
