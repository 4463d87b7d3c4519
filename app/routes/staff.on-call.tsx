import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { formatGBPAs } from "~/content/money";
import { emergencyCopy } from "~/features/emergency/copy";
import { describeWhen } from "~/features/emergency/on-call-time";
import { onCallNowForStaff, parseOnCallCursor } from "~/features/emergency/on-call.server";
import { emergencyServiceName, emergencyServiceSlugs, isEmergencyService } from "~/features/emergency/rates";
import { PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { normaliseCoverageCode } from "~/features/quotes/postcodes";
import type { Route } from "./+types/staff.on-call";

/**
 * Who is on call for emergencies now, by area or district and service (decision 079): staff only,
 * checked on every request; keyset pages (`after`), no OFFSET. Unknown filter values are ignored.
 */
export const meta: Route.MetaFunction = () => staffMeta(emergencyCopy.staff.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const serviceParam = url.searchParams.get("service");
  const service = isEmergencyService(serviceParam) ? serviceParam : null;
  const districtParam = (url.searchParams.get("district") ?? "").slice(0, 10);
  const code = districtParam ? normaliseCoverageCode(districtParam) : null;
  const now = new Date();
  const { rows, next } = await onCallNowForStaff(context.services.db, { now, service, district: code ?? (districtParam ? districtParam : null), after: parseOnCallCursor(url.searchParams.get("after")) });
  return {
    service,
    district: code ?? districtParam,
    paged: url.searchParams.has("after"),
    next,
    rows: rows.map((r) => ({ ...r, serviceName: emergencyServiceName(r.service), rate: formatGBPAs(r.ratePence, "ledger"), until: r.until ? describeWhen(r.until, now) : null })),
  };
}

export default function StaffOnCall({ loaderData: { rows, service, district, next, paged } }: Route.ComponentProps) {
  const copy = emergencyCopy.staff;
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    if (service) params.set("service", service);
    if (district) params.set("district", district);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={copy.title} description={copy.intro} />
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor="on-call-service">{copy.filterService}</Label>
          <NativeSelect id="on-call-service" name="service" defaultValue={service ?? ""}>
            <option value="">{copy.anyService}</option>
            {emergencyServiceSlugs.map((s) => (
              <option key={s} value={s}>
                {emergencyServiceName(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-60">
          <Label htmlFor="on-call-district">{copy.filterDistrict}</Label>
          <Input id="on-call-district" name="district" defaultValue={district} placeholder={copy.districtHint} autoComplete="off" maxLength={10} />
        </div>
        <Button type="submit" variant="outline" className="sm:self-end">
          {copy.show}
        </Button>
      </Form>
      <Panel title={`${copy.title} (${rows.length}${next ? "+" : ""} on this page)`} id="on-call">
        {rows.length === 0 ? (
          <p className="text-sm">{copy.none}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border md:hidden">
              {rows.map((r) => (
                <li key={`${r.code}-${r.service}-${r.fixerUserId}`} className="flex flex-col gap-0.5 py-3 text-sm">
                  <span className="font-semibold">
                    {r.code} · {r.serviceName}
                  </span>
                  <Link to={`/staff/users/${r.fixerUserId}`} className="font-medium text-primary hover:underline">
                    {r.displayName}
                  </Link>
                  <span className="text-muted-foreground">
                    {r.rate} an hour{r.until ? ` · until ${r.until}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm md:table">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-3 font-medium">Area or district</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Service</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Fixer</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Rate per hour</th>
                  <th scope="col" className="py-2 font-medium">On call until</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.code}-${r.service}-${r.fixerUserId}`} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3 font-medium">{r.code}</td>
                    <td className="py-2 pr-3">{r.serviceName}</td>
                    <td className="py-2 pr-3">
                      <Link to={`/staff/users/${r.fixerUserId}`} className="font-medium text-primary hover:underline">
                        {r.displayName}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{r.rate}</td>
                    <td className="py-2">{r.until ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        {paged || next ? (
          <nav aria-label="On-call pages" className="mt-4 flex flex-wrap gap-3">
            {paged ? (
              <Button asChild variant="outline" size="sm">
                <Link to={query({})}>{copy.first}</Link>
              </Button>
            ) : null}
            {next ? (
              <Button asChild variant="outline" size="sm">
                <Link to={query({ after: next })} rel="next">
                  {copy.next}
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
