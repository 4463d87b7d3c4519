import { Link } from "react-router";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatGBPAs } from "~/content/money";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadRegistration, registrationPaymentStatus } from "~/features/staff/lists/registrations.server";
import { staffMeta } from "~/features/staff/meta";
import { humanise } from "~/features/staff/status";
import type { Route } from "./+types/staff.registrations.$id";

export const meta: Route.MetaFunction = ({ data }) =>
  staffMeta(data ? `${data.registration.firstName} ${data.registration.lastName} — fixer registration` : "Fixer registration");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const found = await loadRegistration(context.services.db, parseId(params.id) ?? notFound());
  if (!found) notFound();
  return { ...found, paymentStatus: registrationPaymentStatus(found.registration) };
}

export default function RegistrationDetail({ loaderData }: Route.ComponentProps) {
  const { registration: r, checkouts, applications, paymentStatus } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/registrations", label: "Fixer registrations" }}
        title={`${r.firstName} ${r.lastName}`}
        badge={<StatusBadge status={paymentStatus} />}
        description={`Registered ${formatDateTime(r.createdAt)}`}
      />
      <Panel title="Registration" id="registration">
        <DetailList
          items={[
            { label: "Email", value: r.email },
            { label: "Phone", value: r.phone },
            { label: "Onboarding fee", value: r.paidAt ? `Paid ${formatDateTime(r.paidAt)}` : humanise(paymentStatus) },
            { label: "Access code", value: r.accessCodeIssuedAt ? `Issued ${formatDateTime(r.accessCodeIssuedAt)} (stored hashed; it cannot be shown)` : "Not issued" },
            {
              label: "Portal",
              value: r.unlockedAt ? (
                <>
                  Unlocked {formatDateTime(r.unlockedAt)}
                  {r.userId ? (
                    <>
                      {" "}
                      by{" "}
                      <Link to={`/staff/users/${encodeURIComponent(r.userId)}`} className="text-primary underline underline-offset-4">
                        {r.accountEmail ?? "the account"}
                      </Link>
                    </>
                  ) : null}
                </>
              ) : (
                "Locked"
              ),
            },
            { label: "Application sent", value: r.onboardingCompleted ? "Yes" : "Not yet" },
            { label: "IP address", value: r.ip },
            { label: "Browser", value: r.userAgent, wide: true },
          ]}
        />
      </Panel>
      <Panel title="Checkout attempts" id="checkouts">
        {checkouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No checkout was started for this registration.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {checkouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2 py-2">
                <Link to={`/staff/payments/${encodeURIComponent(p.id)}`} className="font-medium text-primary underline underline-offset-4">
                  {formatGBPAs(p.amountPence, "ledger")} via {humanise(p.provider)}
                </Link>
                <StatusBadge status={p.status} />
                <span className="text-muted-foreground sm:ml-auto">{formatDateTime(p.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Onboarding applications" id="applications">
        {applications.length === 0 ? (
          <p className="text-sm text-muted-foreground">No application yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {applications.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 py-2">
                <Link to={`/staff/onboarding/${a.id}`} className="font-medium text-primary underline underline-offset-4">
                  Application #{a.id}
                </Link>
                <StatusBadge status={a.status} />
                <span className="text-muted-foreground sm:ml-auto">{formatDateTime(a.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
