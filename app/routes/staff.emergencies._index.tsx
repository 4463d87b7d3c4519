import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { dispatchPaths, staffEmergencyCopy as copy } from "~/features/emergency/dispatch-copy";
import { emergencyServiceName, isEmergencyService } from "~/features/emergency/rates";
import { staffEmergencyList } from "~/features/emergency/staff-requests.server";
import { PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { formatDateTime } from "~/features/staff/format";
import { requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/staff.emergencies._index";

/** Every emergency request, newest first (decision 082): staff only, checked on every request; keyset pages (`after`), no OFFSET. */
export const meta: Route.MetaFunction = () => staffMeta(copy.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const afterParam = new URL(request.url).searchParams.get("after");
  // A bad cursor is the first page, as on the other staff lists.
  const after = parseId(afterParam);
  const { rows, next } = await staffEmergencyList(context.services.db, after);
  return {
    paged: after !== null,
    next,
    rows: rows.map((r) => ({
      id: r.id,
      service: isEmergencyService(r.service) ? emergencyServiceName(r.service) : r.service,
      district: r.district,
      status: copy.statusLabels[r.status] ?? r.status,
      round: r.round,
      fixerName: r.fixerName,
      createdAt: formatDateTime(r.createdAt),
    })),
  };
}

export default function StaffEmergencies({ loaderData: { rows, next, paged } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={copy.title} description={copy.intro} />
      <Panel title={`${copy.title} (${rows.length}${next ? "+" : ""} on this page)`} id="emergencies">
        {rows.length === 0 ? (
          <p className="text-sm">{copy.none}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border md:hidden">
              {rows.map((r) => (
                <li key={r.id} className="flex flex-col gap-0.5 py-3 text-sm">
                  <Link to={dispatchPaths.staffRequest(r.id)} className="font-semibold text-primary hover:underline">
                    #{r.id} · {r.service} · {r.district}
                  </Link>
                  <span>
                    {r.status}
                    {r.fixerName ? `: ${r.fixerName}` : ""} · round {r.round}
                  </span>
                  <span className="text-muted-foreground">{r.createdAt}</span>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm md:table">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-3 font-medium">Request</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Service</th>
                  <th scope="col" className="py-2 pr-3 font-medium">District</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Round</th>
                  <th scope="col" className="py-2 font-medium">Sent</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3">
                      <Link to={dispatchPaths.staffRequest(r.id)} className="font-medium text-primary hover:underline">
                        #{r.id}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{r.service}</td>
                    <td className="py-2 pr-3">{r.district}</td>
                    <td className="py-2 pr-3">
                      {r.status}
                      {r.fixerName ? `: ${r.fixerName}` : ""}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{r.round}</td>
                    <td className="py-2">{r.createdAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        {paged || next ? (
          <nav aria-label="Emergency request pages" className="mt-4 flex flex-wrap gap-3">
            {paged ? (
              <Button asChild variant="outline" size="sm">
                <Link to="?">{copy.newest}</Link>
              </Button>
            ) : null}
            {next ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`?after=${next}`} rel="next">
                  {copy.older}
                </Link>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
