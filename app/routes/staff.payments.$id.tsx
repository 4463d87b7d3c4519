import { Link } from "react-router";
import { JsonDetails } from "~/features/staff/components/json-details";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatGBPAs } from "~/content/money";
import { formatDateTime } from "~/features/staff/format";
import { notFound, parseTextIdParam, requireStaff } from "~/features/staff/guard.server";
import { loadPayment } from "~/features/staff/lists/payments.server";
import { staffMeta } from "~/features/staff/meta";
import { humanise } from "~/features/staff/status";
import type { Route } from "./+types/staff.payments.$id";

export const meta: Route.MetaFunction = () => staffMeta("Payment");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const found = await loadPayment(context.services.db, parseTextIdParam(params.id));
  if (!found) notFound();
  return found;
}

export default function PaymentDetail({ loaderData: { payment: p, events } }: Route.ComponentProps) {
  const registrationId = Number(p.reference.fixerRegistrationId);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/payments", label: "Payments" }}
        title={`${humanise(p.product)} · ${formatGBPAs(p.amountPence, "ledger")}`}
        badge={<StatusBadge status={p.status} />}
        description={`Started ${formatDateTime(p.createdAt)}`}
      />
      <Panel title="Payment" id="payment">
        <DetailList
          items={[
            { label: "Payment ID", value: <span className="font-mono text-xs break-all">{p.id}</span> },
            { label: "Buyer", value: p.email },
            {
              label: "Account",
              value: p.userId ? (
                <Link to={`/staff/users/${encodeURIComponent(p.userId)}`} className="text-primary underline underline-offset-4">
                  Open the account
                </Link>
              ) : (
                "Not signed in"
              ),
            },
            { label: "Provider", value: humanise(p.provider) },
            { label: "Provider session", value: p.providerSessionId ? <span className="font-mono text-xs break-all">{p.providerSessionId}</span> : null },
            { label: "Paid", value: p.paidAt ? formatDateTime(p.paidAt) : null },
            { label: "Fulfilled", value: p.fulfilledAt ? formatDateTime(p.fulfilledAt) : "Not yet" },
            { label: "Failure reason", value: p.failureReason },
            {
              label: "Fixer registration",
              value: Number.isSafeInteger(registrationId) && registrationId > 0 ? (
                <Link to={`/staff/registrations/${registrationId}`} className="text-primary underline underline-offset-4">
                  Registration #{registrationId}
                </Link>
              ) : null,
            },
          ]}
        />
      </Panel>
      <Panel title="Reference" id="reference">
        <JsonDetails value={p.reference} />
      </Panel>
      <Panel title={`Events (${events.length})`} id="events">
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No events recorded.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border text-sm">
            {events.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 py-2">
                <span>
                  <span className="font-medium">{humanise(e.type)}</span> · {formatDateTime(e.createdAt)}
                </span>
                {Object.keys(e.details).length > 0 ? (
                  <span className="font-mono text-xs break-all text-muted-foreground">{JSON.stringify(e.details)}</span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
