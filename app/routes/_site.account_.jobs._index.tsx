import { data, Link } from "react-router";
import type { Route } from "./+types/_site.account_.jobs._index";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { findService } from "~/content/services";
import { requireUser } from "~/features/auth/guard.server";
import { jobsCopy, jobStateLabel } from "~/features/quotes/customer-copy";
import { customerJobs } from "~/features/quotes/jobs.server";
import { quotePaths } from "~/features/quotes/paths";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: jobsCopy.listTitle, description: jobsCopy.listIntro, path: quotePaths.customerJobs, noindex: true });

/** The signed-in customer's own jobs, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const jobs = await customerJobs(context.services.db, user.id);
  return data({ jobs }, { headers: { "cache-control": "private, no-store" } });
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

export default function MyJobsPage({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/account" className="text-primary hover:underline">
          My Account
        </Link>
      </nav>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{jobsCopy.listTitle}</h1>
          <p className="mt-2 text-muted-foreground">{jobsCopy.listIntro}</p>
        </div>
        {jobs.length ? (
          <Button asChild>
            <Link to={jobsCopy.postCta.href}>{jobsCopy.postCta.label}</Link>
          </Button>
        ) : null}
      </div>
      {jobs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <p>{jobsCopy.empty}</p>
          <Button asChild size="lg" className="mt-4">
            <Link to={jobsCopy.postCta.href}>{jobsCopy.postCta.label}</Link>
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <Link to={quotePaths.customerJob(job.id)} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-card transition hover:border-primary/40 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-semibold break-words">{job.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {findService(job.service)?.name ?? job.service} · {job.district} · Posted {dateFormat.format(new Date(job.createdAt))}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <Badge variant={job.status === "open" ? "default" : job.status === "done" || jobStateLabel(job) === "Completed" ? "success" : job.status === "in_progress" ? "warning" : "outline"}>{jobStateLabel(job)}</Badge>
                  <span className="text-sm">
                    {job.quotes} {job.quotes === 1 ? "quote" : "quotes"}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
