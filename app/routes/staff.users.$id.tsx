import { Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { ActionResult } from "~/features/staff/components/action-result";
import { ConfirmAction } from "~/features/staff/components/confirm-action";
import { ReasonForm } from "~/features/staff/components/reason-form";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatDateTime } from "~/features/staff/format";
import { notFound, parseTextIdParam, requireStaff, staffActor } from "~/features/staff/guard.server";
import { loadUser } from "~/features/staff/lists/users.server";
import { staffMeta } from "~/features/staff/meta";
import { fixerStrikesOf, liftStrike } from "~/features/staff/bookings-admin.server";
import { fixerLeadsOf, moderationParsing, moderationSchema, reasonProblem, staffSetLeads } from "~/features/staff/moderation.server";
import { humanise, statusLabel } from "~/features/staff/status";
import { payoutAccountView } from "~/features/bookings/payouts.server";
import { formatGBP } from "~/content/prices";
import { checkStaffForm, readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { changeRole, roleSchema, setDisabled, staffCan } from "~/features/staff/users-admin.server";
import { withFlash } from "~/lib/flash.server";
import { parseId } from "~/lib/ids";
import { redirectWithFlash } from "~/lib/forms/answer.server";
import type { Route } from "./+types/staff.users.$id";

export const meta: Route.MetaFunction = ({ data: loaded }) => staffMeta(loaded ? loaded.found.user.email : "User");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const found = await loadUser(context.services.db, parseTextIdParam(params.id));
  if (!found) notFound();
  const { self, ...can } = staffCan(viewer, found.user);
  const { db } = context.services;
  const leads = await fixerLeadsOf(db, found.user.id);
  if (!leads) return { found, can, self, leads, strikes: [], payout: null };
  const [strikes, payout] = await Promise.all([fixerStrikesOf(db, found.user.id), payoutAccountView(db, found.user.id)]);
  return { found, can, self, leads, strikes, payout };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = staffActor(await requireStaff(request, context), context);
  const id = parseTextIdParam(params.id);
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  const { form } = read;
  switch (form.get("intent")) {
    case "disable":
      return staffAnswer(await setDisabled(context.services, actor, id, true));
    case "enable":
      return staffAnswer(await setDisabled(context.services, actor, id, false));
    case "role": {
      const checked = checkStaffForm(roleSchema, form, (errors) => ({ title: "Choose a role", text: errors.role ?? "" }));
      if (!checked.ok) return checked.answer;
      return staffAnswer(await changeRole(context.services, actor, id, checked.data.role));
    }
    case "leads-disable":
    case "leads-enable": {
      const checked = checkStaffForm(moderationSchema, form, reasonProblem, moderationParsing);
      if (!checked.ok) return checked.answer;
      const outcome = await staffSetLeads(context.services, actor, id, form.get("intent") === "leads-disable", checked.data.reason);
      if (!outcome.ok) return staffAnswer(outcome);
      return redirect(`/staff/users/${encodeURIComponent(id)}`, { headers: await withFlash(context.services.config, { kind: "success", title: outcome.title, text: outcome.text }) });
    }
    case "strike-lift": {
      const strikeId = parseId(form.get("strikeId"));
      if (strikeId === null) return staffBadRequest();
      const checked = checkStaffForm(moderationSchema, form, reasonProblem, moderationParsing);
      if (!checked.ok) return checked.answer;
      const outcome = await liftStrike(context.services.db, actor, id, strikeId, checked.data.reason);
      if (!outcome.ok) return staffAnswer(outcome);
      return redirectWithFlash(context, `/staff/users/${encodeURIComponent(id)}#strikes`, { kind: "success", title: outcome.title, text: outcome.text });
    }
    default:
      return staffBadRequest();
  }
}

const roleOptions = ["user", "staff", "admin"] as const;

/** Stripe's reason as it gave it (its own sentence, or none), then what follows for the fixer. */
function failedPayoutText(reason: string): string {
  const said = reason.trim() || "the bank returned it";
  return `Failed: ${said}${/[.!?]$/.test(said) ? "" : "."} The fixer was asked to check their bank details; the money is owed to them again.`;
}

const payoutAccountLabel = { active: "Active", pending: "Set up, not yet active", not_connected: "Not connected" } as const;

export default function UserDetail({ loaderData: { found, can, self, leads, strikes, payout }, actionData }: Route.ComponentProps) {
  const { user, activeSessions, vip, registrations, applications, recentEvents } = found;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/users", label: "Users" }}
        title={user.name || user.email}
        badge={
          <>
            <StatusBadge status={user.role} />
            <StatusBadge status={user.disabledAt ? "disabled" : "active"} />
          </>
        }
        description={`Joined ${formatDateTime(user.createdAt)}${self ? " · this is your account" : ""}`}
      />
      <ActionResult result={actionData} />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Account" id="account">
            <DetailList
              items={[
                { label: "Email", value: user.email },
                { label: "Email confirmed", value: user.emailVerified ? "Yes" : "No" },
                { label: "Phone", value: user.phone },
                { label: "Account type", value: humanise(user.userType) },
                { label: "Role", value: statusLabel(user.role) },
                { label: "Signed in on", value: `${activeSessions} ${activeSessions === 1 ? "device" : "devices"}` },
                { label: "Disabled", value: user.disabledAt ? formatDateTime(user.disabledAt) : "No" },
                { label: "VIP", value: vip ? `Member since ${formatDateTime(vip.createdAt)} (${humanise(vip.source)})` : "Not a member" },
                { label: "User ID", value: <span className="font-mono text-xs break-all">{user.id}</span> },
              ]}
            />
          </Panel>
          {registrations.length + applications.length > 0 ? (
            <Panel title="Fixer" id="fixer">
              <ul className="flex flex-col gap-2 text-sm">
                {registrations.map((r) => (
                  <li key={`r${r.id}`} className="flex flex-wrap items-center gap-2">
                    <Link to={`/staff/registrations/${r.id}`} className="text-primary underline underline-offset-4">
                      Registration #{r.id}
                    </Link>
                    <StatusBadge status={r.paidAt ? "paid" : "unpaid"} />
                  </li>
                ))}
                {applications.map((a) => (
                  <li key={`a${a.id}`} className="flex flex-wrap items-center gap-2">
                    <Link to={`/staff/onboarding/${a.id}`} className="text-primary underline underline-offset-4">
                      Application #{a.id}
                    </Link>
                    <StatusBadge status={a.status} />
                    <span className="text-muted-foreground">{formatDateTime(a.createdAt)}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel
            title="Recent security events"
            id="events"
            actions={
              <Link to={`/staff/security-events?q=${encodeURIComponent(user.email)}`} className="text-sm text-primary underline underline-offset-4">
                All events
              </Link>
            }
          >
            {recentEvents.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {recentEvents.map((e) => (
                  <li key={e.id} className="flex flex-wrap gap-x-3 py-2">
                    <Link to={`/staff/security-events/${e.id}`} className="font-medium text-primary underline underline-offset-4">
                      {humanise(e.type)}
                    </Link>
                    <span className="text-muted-foreground">{formatDateTime(e.createdAt)}</span>
                    <span className="font-mono text-xs text-muted-foreground">{e.ipAddress}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Role" id="role">
            {can.changeRole ? (
              <Form method="post" className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="role" />
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="role-select">Role</Label>
                  <NativeSelect id="role-select" name="role" defaultValue={user.role} key={user.role}>
                    {roleOptions.map((r) => (
                      <option key={r} value={r}>
                        {statusLabel(r)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <p className="text-xs text-muted-foreground">Staff can use the console; admins can also change roles and read the audit trail.</p>
                <Button type="submit" className="self-start" loading={busy("role")}>
                  Change role
                </Button>
              </Form>
            ) : (
              <p className="text-sm">
                {statusLabel(user.role)}. {self ? "You cannot change your own role." : "Only admins change roles."}
              </p>
            )}
          </Panel>
          {leads ? (
            <Panel title={leads.leadsDisabledAt ? "Leads paused" : "Leads"} id="leads">
              <div className="flex flex-col gap-3 text-sm">
                <p>
                  Fixer profile{" "}
                  <a href={`/fixers/${leads.slug}`} className="text-primary underline underline-offset-4">
                    {leads.displayName}
                  </a>
                  .{" "}
                  {leads.leadsDisabledAt
                    ? `Leads paused ${formatDateTime(leads.leadsDisabledAt)}: ${leads.leadsDisabledReason ?? ""}`
                    : "Matched to new jobs in their services and areas."}
                </p>
                {!can.disable ? (
                  <p>{self ? "You cannot pause or resume your own leads." : "Only an admin can pause or resume the leads of a staff or admin account."}</p>
                ) : leads.leadsDisabledAt ? (
                  <ReasonForm intent="leads-enable" label="Reason for turning leads back on" hint="The fixer is emailed that leads are on again." submit="Enable leads" />
                ) : (
                  <ReasonForm
                    intent="leads-disable"
                    label="Reason for pausing leads"
                    hint="The fixer is emailed this reason. They get no new jobs and cannot quote or message until leads are on again; their profile stays."
                    submit="Disable leads"
                    destructive
                  />
                )}
              </div>
            </Panel>
          ) : null}
          {payout ? (
            // A fixer's payouts (decisions 052, 078): whether money can reach them, and a payout their bank returned.
            <Panel title={payout.payoutFailure === null ? "Payouts" : "Payouts: the last one failed"} id="payouts">
              <DetailList
                items={[
                  { label: "Payout account", value: payoutAccountLabel[payout.state] },
                  { label: "Waiting for the account", value: payout.waitingCount > 0 ? `${payout.waitingCount} ${payout.waitingCount === 1 ? "transfer" : "transfers"}, ${formatGBP(payout.waitingPence)}` : "Nothing" },
                  {
                    label: "Last payout to the bank",
                    value:
                      payout.payoutFailure === null ? (
                        "No failure"
                      ) : (
                        <span className="font-medium text-destructive">{failedPayoutText(payout.payoutFailure)}</span>
                      ),
                  },
                ]}
              />
            </Panel>
          ) : null}
          {leads ? (
            <Panel title={`Strikes (${strikes.filter((s) => s.counts).length} counting)`} id="strikes">
              {strikes.length === 0 ? (
                <p className="text-sm text-muted-foreground">None. A fixer cancellation or a no-show claim gives a strike; three in 90 days that the fixer did not contest or that staff upheld pause leads.</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border text-sm">
                  {strikes.map((s) => (
                    <li key={s.id} className="flex flex-col gap-2 py-3">
                      <span className="flex flex-wrap items-center gap-x-3">
                        <span className="font-medium">{s.label}</span>
                        <StatusBadge status={s.status} />
                        <span className="text-muted-foreground">{formatDateTime(s.createdAt)}</span>
                        {s.bookingId ? (
                          <Link to={`/staff/bookings/${s.bookingId}`} className="text-primary underline underline-offset-4">
                            Booking #{s.bookingId}
                          </Link>
                        ) : null}
                        <span>{s.liftedAt ? `Lifted ${formatDateTime(s.liftedAt)}` : s.counts ? "Counts" : "Does not count"}</span>
                      </span>
                      {s.liftedAt ? null : (
                        <ReasonForm intent="strike-lift" fields={{ strikeId: s.id }} label="Reason for lifting this strike" hint="Recorded in the audit trail. It then no longer counts towards pausing leads." submit="Lift strike" />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ) : null}
          <Panel title={user.disabledAt ? "Disabled" : "Access"} id="access">
            {!can.disable ? (
              <p className="text-sm">{self ? "You cannot disable your own account." : "Only an admin can disable or enable a staff or admin account."}</p>
            ) : user.disabledAt ? (
              <Form method="post" className="flex flex-col gap-3">
                <p className="text-sm">This account cannot sign in. Enabling it lets it sign in again.</p>
                <input type="hidden" name="intent" value="enable" />
                <Button type="submit" className="self-start" loading={busy("enable")}>
                  Enable account
                </Button>
              </Form>
            ) : (
              <div className="flex flex-col gap-3">
                <p className="text-sm">Disabling signs the account out everywhere at once and stops it signing in.</p>
                <ConfirmAction
                  name="disable"
                  intent="disable"
                  trigger="Disable account"
                  title="Disable this account?"
                  description={`${user.email} will be signed out on every device and cannot sign in until an admin or staff member enables the account again.`}
                  confirmLabel="Disable account"
                />
              </div>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
