import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/_site.account_.jobs.$jobId";
import { requireUser } from "~/features/auth/guard.server";
import { CustomerJob } from "~/features/quotes/components/customer-job";
import { customerJobAction, customerJobPage } from "~/features/quotes/customer-jobs.server";
import { isQuotesError } from "~/features/quotes/errors";
import { verifiedCheckLabels } from "~/features/quotes/profiles.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";
import { cursorParam } from "~/lib/page-cursor.server";

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  pageMeta({ title: loaderData ? loaderData.job.title : "Job", description: "Your job on FixiT: its quotes and messages.", path: `/account/jobs/${params.jobId}`, noindex: true });

const notFound = () => data("There is no such job on your account.", { status: 404, headers: { "cache-control": "private, no-store" } });

/** The customer's own job only: another customer's job id is 404, like one that does not exist. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const jobId = parseId(params.jobId);
  if (jobId === null) throw notFound();
  try {
    const url = new URL(request.url);
    const confirmQuoteId = parseId(url.searchParams.get("accept"));
    // One page of quotes (`quotesAfter`, decision 068); the quote being accepted or written to (`quote`) is shown wherever it is.
    const page = await customerJobPage(context.services.db, user.id, jobId, {
      before: cursorParam(url, "before"),
      quotesAfter: cursorParam(url, "quotesAfter"),
      quote: cursorParam(url, "quote") ?? confirmQuoteId,
    });
      return data({ ...page, checkLabels: verifiedCheckLabels as Record<string, string>, confirmQuoteId }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (isQuotesError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

/** Accept, decline, close, done, review and message: one POST each, with `intent`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const jobId = parseId(params.jobId);
  if (jobId === null) throw notFound();
  return customerJobAction(request, context, user, jobId);
}

/**
 * After a refusal React Router keeps the page's data as it was; a 409 means the job changed elsewhere
 * (another tab accepted a quote, the fixer withdrew), so the page reloads it and shows the job as it is.
 */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Marking read changes nothing this page shows (the header's counts are the root's and the live stream's).
  if (formData?.get("intent") === "mark_read") return false;
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  out.set("cache-control", "private, no-store");
  return out;
}

export default function CustomerJobRoute({ loaderData }: Route.ComponentProps) {
  return <CustomerJob view={loaderData} />;
}
