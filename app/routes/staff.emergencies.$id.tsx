import { Link } from "react-router";
import { formatGBPAs } from "~/content/money";
import { dispatchPaths, staffEmergencyCopy as copy } from "~/features/emergency/dispatch-copy";
import { emergencyServiceName, isEmergencyService } from "~/features/emergency/rates";
import { staffEmergencyRequest } from "~/features/emergency/staff-requests.server";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/staff.emergencies.$id";

/** One emergency request (decision 082): its status, offers and timeline. Staff only, checked on every request; anything else 404. */
export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? copy.requestTitle(loaderData.request.id) : copy.title);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const id = parseId(params.id);
  const found = id === null ? null : await staffEmergencyRequest(context.services.db, id);
  if (!found) notFound();
  return { request: found };
}

export default function StaffEmergency({ loaderData: { request: r } }: Route.ComponentProps) {
  const service = isEmergencyService(r.service) ? emergencyServiceName(r.service) : r.service;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={copy.requestTitle(r.id)} back={{ href: dispatchPaths.staffList, label: copy.back.replace("← ", "") }} description={`${service}, ${r.district}`} />
      <Panel title="Request" id="request">
        <DetailList
          items={[
            { label: "Status", value: `${copy.statusLabels[r.status] ?? r.status}${r.fixerName && r.arrivalMinutes !== null ? `: ${r.fixerName}, arriving in ${r.arrivalMinutes} minutes` : ""}` },
            { label: "Round", value: String(r.round) },
            { label: "Customer", value: <Link to={`/staff/users/${r.customerUserId}`} className="font-medium text-primary hover:underline">{r.customer}</Link> },
            { label: "Postcode", value: r.postcode },
            { label: "What is wrong", value: r.description, wide: true },
            { label: "Photos", value: String(r.photos) },
            { label: "On call when sent", value: String(r.onCallAtSend) },
            { label: "Accepted rate", value: r.acceptedRatePence === null ? null : `${formatGBPAs(r.acceptedRatePence, "ledger")} an hour` },
            { label: "Sent", value: formatDateTime(r.createdAt) },
            { label: "Ended", value: r.closedAt ? formatDateTime(r.closedAt) : null },
          ]}
        />
      </Panel>
      <Panel title={copy.offers} id="offers">
        {r.offers.length === 0 ? (
          <p className="text-sm">{copy.noOffers}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {r.offers.map((o) => (
              <li key={o.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
                <span className="tabular-nums text-muted-foreground">Round {o.round}</span>
                <Link to={`/staff/users/${o.fixerUserId}`} className="font-medium text-primary hover:underline">
                  {o.fixerName}
                </Link>
                <span>
                  {o.state} · {formatGBPAs(o.ratePence, "ledger")} an hour · offered {formatDateTime(o.offeredAt)}
                  {o.answeredAt ? ` · closed ${formatDateTime(o.answeredAt)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Timeline" id="timeline">
        <ol className="flex flex-col gap-1 text-sm">
          {r.timeline.map((item, i) => (
            <li key={i} className="flex flex-col sm:flex-row sm:gap-3">
              <time dateTime={item.at} className="shrink-0 tabular-nums text-muted-foreground">
                {formatDateTime(item.at)}
              </time>
              <span>{item.line}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
