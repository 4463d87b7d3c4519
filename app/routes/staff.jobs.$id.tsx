import { Link, redirect } from "react-router";
import { ActionResult } from "~/features/staff/components/action-result";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { ReasonForm } from "~/features/staff/components/reason-form";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatDateTime, formatQuotePence } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { jobDetailLabels, loadJob } from "~/features/staff/lists/jobs.server";
import { staffMeta } from "~/features/staff/meta";
import { moderationParsing, moderationSchema, reasonProblem, staffHideMessage, staffHideReview } from "~/features/staff/moderation.server";
import { checkStaffForm, readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { withFlash } from "~/lib/flash.server";
import type { Route } from "./+types/staff.jobs.$id";

/** A customer's job for staff: the full postcode, its quotes, its message threads and its review, with hiding. */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Job #${data.job.id}` : "Job");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const found = await loadJob(context.services.db, parseId(params.id) ?? notFound());
  if (!found) notFound();
  return { ...found, labels: jobDetailLabels(found.job) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.id) ?? notFound();
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  const intent = form.get("intent");
  const target = parseId(form.get(intent === "hide-review" ? "reviewId" : "messageId"));
  if ((intent !== "hide-review" && intent !== "hide-message") || target === null) return staffBadRequest();
  const checked = checkStaffForm(moderationSchema, form, reasonProblem, moderationParsing);
  if (!checked.ok) return checked.answer;
  const outcome =
    intent === "hide-review"
      ? await staffHideReview(context.services, user, id, target, checked.data.reason)
      : await staffHideMessage(context.services, user, id, target, checked.data.reason);
  if (!outcome.ok) return staffAnswer(outcome);
  return redirect(`/staff/jobs/${id}`, { headers: await withFlash(context.services.config, { kind: "success", title: outcome.title, text: outcome.text }) });
}

export default function JobDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { job, quotes, messages, reviews, labels } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/jobs", label: "Jobs" }}
        title={`Job #${job.id}: ${job.title}`}
        badge={<StatusBadge status={job.status} />}
        description={`${labels.service} in ${job.district} · posted ${formatDateTime(job.createdAt)}`}
      />
      <ActionResult result={actionData} />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Job" id="job">
            <DetailList
              items={[
                {
                  label: "Customer",
                  value: (
                    <Link to={`/staff/users/${encodeURIComponent(job.customerUserId)}`} className="text-primary underline underline-offset-4">
                      {job.customerEmail}
                    </Link>
                  ),
                },
                { label: "Service", value: labels.service },
                { label: "Postcode", value: `${job.postcode} (district ${job.district})` },
                { label: "When", value: labels.timing },
                { label: "Budget", value: labels.budget },
                { label: "Updated", value: formatDateTime(job.updatedAt) },
                { label: "Description", value: job.description, wide: true },
              ]}
            />
          </Panel>
          <Panel title={`Messages (${messages.length})`} id="messages">
            {messages.length === 0 ? (
              <p className="text-sm text-muted-foreground">No messages on this job.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {messages.map((m) => (
                  <li key={m.id} id={`message-${m.id}`} className="flex scroll-mt-20 flex-col gap-2 py-3">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-medium">{m.senderEmail ?? "(deleted account)"}</span>
                      {m.fromRole ? <StatusBadge status={m.fromRole} /> : null}
                      <span className="text-muted-foreground">thread with {m.fixerName}</span>
                      {m.hiddenAt ? <StatusBadge status="hidden" /> : null}
                      <span className="text-muted-foreground sm:ml-auto">{formatDateTime(m.createdAt)}</span>
                    </div>
                    <p className="break-words whitespace-pre-wrap">{m.body}</p>
                    {m.hiddenAt ? (
                      <p className="text-muted-foreground">
                        Hidden {formatDateTime(m.hiddenAt)}: {m.hiddenReason}
                      </p>
                    ) : (
                      <details className="rounded-lg border border-border p-3">
                        <summary className="cursor-pointer font-medium">Hide this message</summary>
                        <div className="mt-3">
                          <ReasonForm
                            intent="hide-message"
                            fields={{ messageId: m.id }}
                            label="Reason"
                            hint="The sender is emailed this reason. Neither side sees the message afterwards."
                            submit="Hide message"
                            destructive
                          />
                        </div>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title={`Quotes (${quotes.length})`} id="quotes">
            {quotes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No quotes yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {quotes.map((q) => (
                  <li key={q.id} id={`quote-${q.id}`} className="flex scroll-mt-20 flex-col gap-1 py-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/staff/users/${encodeURIComponent(q.fixerUserId)}`} className="font-medium text-primary underline underline-offset-4">
                        {q.fixerName}
                      </Link>
                      <StatusBadge status={q.status} />
                    </div>
                    <span>
                      {formatQuotePence(q.amountPence, q.amountToPence)} · from {q.earliestStart}
                    </span>
                    <span className="text-muted-foreground">{q.includes}</span>
                    {q.message ? (
                      <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-wrap" aria-label={`Message from ${q.fixerName}`}>
                        {q.message}
                      </blockquote>
                    ) : null}
                    <span className="text-muted-foreground">Sent {formatDateTime(q.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Reviews" id="review">
            {reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">No review.</p>
            ) : (
              <ul className="flex flex-col gap-5 text-sm">
                {reviews.map((review) => (
                  <li key={review.id} className="flex flex-col gap-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">
                        {review.author === "customer" ? `${review.rating} of 5 stars for ${review.fixerName}, by the customer` : `${review.rating} of 5 stars for the customer, by ${review.fixerName}`}
                      </span>
                      {review.hiddenAt ? <StatusBadge status="hidden" /> : null}
                    </div>
                    <p className="break-words whitespace-pre-wrap">{review.body}</p>
                    {review.reply ? <p className="border-l-2 border-border pl-3 break-words whitespace-pre-wrap text-muted-foreground">Reply: {review.reply}</p> : null}
                    <p className="text-muted-foreground">
                      Written {formatDateTime(review.createdAt)}; published {new Date(review.visibleFrom) <= new Date() ? formatDateTime(review.visibleFrom) : `by ${formatDateTime(review.visibleFrom)} at the latest`}
                    </p>
                    {review.hiddenAt ? (
                      <p className="text-muted-foreground">
                        Hidden {formatDateTime(review.hiddenAt)}: {review.hiddenReason}
                      </p>
                    ) : (
                      <ReasonForm
                        intent="hide-review"
                        fields={{ reviewId: review.id }}
                        label="Reason for hiding"
                        hint={`The ${review.author} who wrote it is emailed this reason, and where it showed it says it was removed, with the reason. A hidden review counts for nothing in a rating.`}
                        submit="Hide review"
                        destructive
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
