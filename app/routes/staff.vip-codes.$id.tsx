import { Link } from "react-router";
import { ActionResult } from "~/features/staff/components/action-result";
import { ConfirmAction } from "~/features/staff/components/confirm-action";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadVipCode } from "~/features/staff/lists/vip.server";
import { readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { staffMeta } from "~/features/staff/meta";
import { revokeVipCode } from "~/features/staff/vip-codes-admin.server";
import type { Route } from "./+types/staff.vip-codes.$id";

export const meta: Route.MetaFunction = () => staffMeta("VIP code");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const found = await loadVipCode(context.services.db, parseId(params.id) ?? notFound());
  if (!found) notFound();
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.id) ?? notFound();
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  if (form.get("intent") !== "revoke") return staffBadRequest();
  return staffAnswer(await revokeVipCode(context.services.db, user, id));
}

export default function VipCodeDetail({ loaderData: { code, members }, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/vip-codes", label: "VIP codes" }}
        title={`Code ending …${code.codeHint}`}
        badge={<StatusBadge status={code.revokedAt ? "revoked" : "active"} />}
        description={`Issued ${formatDateTime(code.createdAt)}. The code itself is stored hashed and cannot be shown.`}
      />
      <ActionResult result={actionData} />
      <Panel title="Code" id="code">
        <DetailList
          items={[
            { label: "Bought by", value: code.email },
            { label: "Buyer's account", value: code.accountEmail },
            {
              label: "Payment",
              value: code.paymentId ? (
                <Link to={`/staff/payments/${encodeURIComponent(code.paymentId)}`} className="text-primary underline underline-offset-4">
                  Open the payment
                </Link>
              ) : null,
            },
            { label: "Last used", value: code.lastUsedAt ? formatDateTime(code.lastUsedAt) : "Never" },
            { label: "Revoked", value: code.revokedAt ? formatDateTime(code.revokedAt) : "No" },
          ]}
        />
      </Panel>
      <Panel title="Accounts that joined with it" id="members">
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account has joined VIP with this code.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {members.map((m) => (
              <li key={m.userId}>
                <Link to={`/staff/users/${encodeURIComponent(m.userId)}`} className="text-primary underline underline-offset-4">
                  {m.email}
                </Link>{" "}
                · {formatDateTime(m.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {code.revokedAt ? null : (
        <Panel title="Revoke" id="revoke">
          <div className="flex flex-col gap-3">
            <p className="text-sm">A revoked code no longer opens the VIP blog. Accounts that already joined with it stay members.</p>
            <ConfirmAction
              name="revoke"
              intent="revoke"
              trigger="Revoke this code"
              title="Revoke this VIP code?"
              description={`The code ending …${code.codeHint} will stop working at once. This cannot be undone.`}
              confirmLabel="Revoke the code"
            />
          </div>
        </Panel>
      )}
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
