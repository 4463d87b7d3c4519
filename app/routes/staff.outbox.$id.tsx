import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ActionResult } from "~/features/staff/components/action-result";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadOutboxJob } from "~/features/staff/lists/outbox.server";
import { readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { staffMeta } from "~/features/staff/meta";
import { retryOutboxJob } from "~/features/staff/outbox-admin.server";
import { humanise } from "~/features/staff/status";
import type { Route } from "./+types/staff.outbox.$id";

export const meta: Route.MetaFunction = ({ data: loaded }) => staffMeta(loaded ? `Outbox job #${loaded.job.id}` : "Outbox job");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const job = await loadOutboxJob(context.services.db, parseId(params.id) ?? notFound());
  if (!job) notFound();
  return { job };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.id) ?? notFound();
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  if (form.get("intent") !== "retry") return staffBadRequest();
  return staffAnswer(await retryOutboxJob(context.services.db, user, id));
}

export default function OutboxJobDetail({ loaderData: { job }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const retryable = job.status === "failed" || job.status === "pending";
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/outbox", label: "Outbox" }}
        title={job.subject ?? `${humanise(job.kind)} job #${job.id}`}
        badge={<StatusBadge status={job.status} />}
        description={`Queued ${formatDateTime(job.createdAt)}`}
      />
      <ActionResult result={actionData} />
      <Panel title="Job" id="job">
        <DetailList
          items={[
            { label: "Kind", value: humanise(job.kind) },
            { label: "To", value: job.recipient },
            { label: "Attempts", value: `${job.attempts} of ${job.maxAttempts}` },
            { label: "Next attempt", value: job.status === "pending" ? formatDateTime(job.runAt) : null },
            { label: "Sent", value: job.completedAt ? formatDateTime(job.completedAt) : null },
            { label: "Last error", value: job.lastError ? <span className="font-mono text-xs">{job.lastError}</span> : null, wide: true },
          ]}
        />
        <p className="mt-3 text-xs text-muted-foreground">The message itself is not shown: emails can hold sign-in links and access codes.</p>
      </Panel>
      {retryable ? (
        <Panel title="Retry" id="retry">
          <Form method="post" className="flex flex-col gap-3">
            <p className="text-sm">
              {job.status === "failed"
                ? "Every attempt failed. Fix the cause (for example the mail settings) and run it once more."
                : "It is waiting for its next attempt. Run it now instead."}
            </p>
            <input type="hidden" name="intent" value="retry" />
            <Button type="submit" className="self-start" loading={navigation.state === "submitting"}>
              Retry now
            </Button>
          </Form>
        </Panel>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
