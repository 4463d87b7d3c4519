import { Link } from "react-router";
import { JsonDetails } from "~/features/staff/components/json-details";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadSecurityEvent } from "~/features/staff/lists/security.server";
import { staffMeta } from "~/features/staff/meta";
import { humanise } from "~/features/staff/status";
import type { Route } from "./+types/staff.security-events.$id";

export const meta: Route.MetaFunction = () => staffMeta("Security event");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const event = await loadSecurityEvent(context.services.db, parseId(params.id) ?? notFound());
  if (!event) notFound();
  return { event };
}

export default function SecurityEventDetail({ loaderData: { event } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader back={{ href: "/staff/security-events", label: "Security events" }} title={humanise(event.type)} description={formatDateTime(event.createdAt)} />
      <Panel title="Event" id="event">
        <DetailList
          items={[
            {
              label: "Account",
              value: event.userId ? (
                <Link to={`/staff/users/${encodeURIComponent(event.userId)}`} className="text-primary underline underline-offset-4">
                  {event.email ?? "Open the account"}
                </Link>
              ) : (
                event.email
              ),
            },
            { label: "IP address", value: event.ipAddress },
            { label: "Browser", value: event.userAgent, wide: true },
          ]}
        />
      </Panel>
      <Panel title="Details" id="details">
        <JsonDetails value={event.details} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
