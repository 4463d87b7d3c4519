import { JsonDetails } from "~/features/staff/components/json-details";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadAuditEntry } from "~/features/staff/lists/audit.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.audit.$id";

export const meta: Route.MetaFunction = () => staffMeta("Audit entry");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { admin: true });
  const entry = await loadAuditEntry(context.services.db, parseId(params.id) ?? notFound());
  if (!entry) notFound();
  return { entry };
}

export default function AuditEntryDetail({ loaderData: { entry } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader back={{ href: "/staff/audit", label: "Audit trail" }} title={entry.action} description={formatDateTime(entry.createdAt)} />
      <Panel title="Entry" id="entry">
        <DetailList
          items={[
            { label: "Who", value: entry.actorEmail },
            { label: "Staff user ID", value: entry.actorUserId },
            { label: "Target", value: entry.targetType ? `${entry.targetType} ${entry.targetId ?? ""}` : null },
          ]}
        />
      </Panel>
      <Panel title="Details" id="details">
        <JsonDetails value={entry.details} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
