import { Link } from "react-router";
import { DonePhotos } from "~/features/bookings/components/done-photos";
import { bookingDecisionFormSchema, decisionParsing } from "~/features/staff/booking-decision-schema";
import { decideBooking, loadStaffBooking } from "~/features/staff/bookings-admin.server";
import { ActionResult } from "~/features/staff/components/action-result";
import { DecisionForm } from "~/features/staff/components/decision-form";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { CaseSides, caseTitles } from "~/features/bookings/components/case-panel";
import { formatGBPAs } from "~/content/money";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { humanise } from "~/features/staff/status";
import { checkStaffForm, readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { siteUrl } from "#server/http/site-url.ts";
import { redirectWithFlash } from "~/lib/forms/answer.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/staff.bookings.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Booking #${loaderData.booking.id}` : "Booking");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const id = parseId(params.id);
  const found = id === null ? null : await loadStaffBooking(context.services.db, id);
  if (!found) notFound();
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const id = parseId(params.id);
  if (id === null) notFound();
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  if (read.form.get("intent") !== "decide") return staffBadRequest();
  const checked = checkStaffForm(bookingDecisionFormSchema, read.form, (errors) => ({ title: "Check the decision", text: Object.values(errors)[0] ?? "" }), decisionParsing);
  if (!checked.ok) return checked.answer;
  const outcome = await decideBooking({ db: context.services.db, publicUrl: siteUrl(context.services.config) }, staff, id, checked.data);
  if (!outcome.ok) return staffAnswer(outcome);
  return redirectWithFlash(context, `/staff/bookings/${id}`, { kind: "success", title: outcome.title, text: outcome.text });
}

const pence = (value: number) => formatGBPAs(value, "ledger");

export default function StaffBookingPage({ loaderData: found, actionData }: Route.ComponentProps) {
  const { booking: b, customer, fixer, timeline, ledger, operations, strikes } = found;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/bookings", label: "Bookings" }}
        title={`Booking #${b.id} · ${found.title}`}
        badge={
          <>
            <StatusBadge status={b.state} />
            {b.releaseFrozenAt ? <StatusBadge status="frozen" /> : null}
          </>
        }
        description={`Created ${formatDateTime(b.createdAt)} · slot ${b.slotDate}, ${b.slotWindow} · this booking is ${found.stateSentence}`}
      />
      <ActionResult result={actionData} />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Booking" id="booking">
            <DetailList
              items={[
                {
                  label: "Customer",
                  value: customer ? (
                    <Link to={`/staff/users/${encodeURIComponent(customer.id)}`} className="text-primary underline underline-offset-4">
                      {customer.name || customer.email} ({customer.email})
                    </Link>
                  ) : (
                    "Account deleted"
                  ),
                },
                {
                  label: "Fixer",
                  value: fixer?.id ? (
                    <Link to={`/staff/users/${encodeURIComponent(fixer.id)}`} className="text-primary underline underline-offset-4">
                      {fixer.name} ({fixer.email})
                    </Link>
                  ) : (
                    "Account deleted"
                  ),
                },
                { label: "Job", value: found.jobId ? <Link to={`/staff/jobs/${found.jobId}`} className="text-primary underline underline-offset-4">Job #{found.jobId}</Link> : null },
                { label: "Slot", value: `${b.slotDate}, ${b.slotWindow} (proposed by the ${b.slotProposedBy})` },
                { label: "Address", value: found.address ? found.address.lines.join(", ") : "Not given" },
                { label: "Access notes", value: found.address?.accessNotes ?? null },
                { label: "Paid", value: b.paidAt ? formatDateTime(b.paidAt) : "Not yet" },
                { label: "Marked done", value: b.doneMarkedAt ? formatDateTime(b.doneMarkedAt) : null },
                { label: "Fixer's note", value: b.doneNote },
                { label: "Fixer's photos", value: found.donePhotos.length ? <DonePhotos bookingId={b.id} photos={found.donePhotos} /> : null },
                { label: "Settled", value: b.settledAt ? formatDateTime(b.settledAt) : null },
                { label: "Card dispute", value: b.releaseFrozenAt ? `Open since ${formatDateTime(b.releaseFrozenAt)}: nothing can be released` : "None" },
                { label: "Payment", value: b.paymentId ? <Link to={`/staff/payments/${encodeURIComponent(b.paymentId)}`} className="font-mono text-xs text-primary underline underline-offset-4 break-all">{b.paymentId}</Link> : null },
              ]}
            />
          </Panel>
          {found.bookingCase ? (
            <Panel title={`Case: ${caseTitles[found.bookingCase.kind].toLowerCase()}`} id="case">
              <CaseSides
                bookingId={b.id}
                viewer="staff"
                view={{ ...found.bookingCase, answerDueAt: found.bookingCase.answerDueAt.toISOString(), photos: found.casePhotos }}
              />
            </Panel>
          ) : null}
          <Panel title="Amounts" id="amounts">
            <DetailList
              items={[
                { label: "Price", value: pence(b.pricePence) },
                { label: "Customer service fee", value: pence(b.customerFeePence) },
                { label: "Early-bird discount", value: pence(b.discountPence) },
                { label: "Referral credit", value: pence(b.creditPence) },
                { label: "Charged to the card", value: pence(b.totalPence) },
                { label: "Fixer service charge", value: pence(b.fixerChargePence) },
                { label: "Fixer receives on release", value: pence(b.fixerNetPence) },
                { label: "Late-cancellation fee", value: pence(b.lateFeePence) },
              ]}
            />
          </Panel>
          <Panel title="FixiT's income" id="income">
            <DetailList
              items={[
                { label: "Platform fees (gross)", value: pence(found.income.grossPence) },
                { label: "Stripe's fees", value: pence(-found.income.providerFeesPence) },
                { label: "Platform income (net)", value: pence(found.income.netPence) },
                { label: "Borne by FixiT (chargebacks, dashboard refunds)", value: found.income.lossesPence ? pence(-found.income.lossesPence) : null },
              ]}
            />
          </Panel>
          <Panel title={`Timeline (${timeline.length})`} id="timeline">
            <ol className="flex flex-col divide-y divide-border text-sm">
              {timeline.map((t) => (
                <li key={t.id} className="flex flex-col gap-1 py-2">
                  <span>
                    <span className="font-medium">{humanise(t.transition)}</span> · {formatDateTime(t.createdAt)} · by {t.actorRole}
                    {t.fromState !== t.toState ? ` · ${humanise(t.fromState)} → ${humanise(t.toState)}` : ""}
                  </span>
                  {t.reason ? <span className="break-words whitespace-pre-line text-muted-foreground">Reason: {t.reason}</span> : null}
                </li>
              ))}
            </ol>
          </Panel>
          <Panel title={`Ledger (${ledger.length} ${ledger.length === 1 ? "event" : "events"})`} id="ledger">
            {ledger.length === 0 ? (
              <p className="text-sm text-muted-foreground">No money has moved.</p>
            ) : (
              <ol className="flex flex-col divide-y divide-border text-sm">
                {ledger.map((event) => (
                  <li key={event.id} className="flex flex-col gap-1 py-2">
                    <span>
                      <span className="font-medium">{humanise(event.kind)}</span> · {formatDateTime(event.createdAt)}
                    </span>
                    <ul className="flex flex-col gap-0.5 pl-3">
                      {event.entries.map((entry) => (
                        <li key={entry.account} className="flex flex-wrap justify-between gap-x-4">
                          <span className="font-mono text-xs break-all">{entry.account}</span>
                          <span className="tabular-nums">{pence(entry.amountPence)}</span>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title={`Extra charges (${found.extras.length})`} id="extras">
            {found.extras.length === 0 ? (
              <p className="text-sm text-muted-foreground">The fixer has asked for no extra charge.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {found.extras.map((extra) => (
                  <li key={extra.id} className="flex flex-col gap-1 py-2">
                    <span>
                      <span className="font-medium break-words">{extra.label}</span> · {pence(extra.totalPence)} · {extra.stateLabel}
                    </span>
                    {extra.declineReason ? <span className="break-words text-muted-foreground">Declined: {extra.declineReason}</span> : null}
                    {extra.paymentId ? (
                      <Link to={`/staff/payments/${encodeURIComponent(extra.paymentId)}`} className="font-mono text-xs text-primary underline underline-offset-4 break-all">
                        {extra.paymentId}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={`Provider operations (${operations.length})`} id="operations">
            {operations.length === 0 ? (
              <p className="text-sm text-muted-foreground">No transfer or refund yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {operations.map((op) => (
                  <li key={op.id} className="flex flex-col gap-1 py-2">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{humanise(op.kind)}</span> {pence(op.amountPence)} <StatusBadge status={op.status} /> · {humanise(op.provider)}
                    </span>
                    <span className="font-mono text-xs break-all text-muted-foreground">
                      {op.idempotencyKey}
                      {op.providerObjectId ? ` → ${op.providerObjectId}` : ""}
                      {op.lastError ? ` · last error: ${op.lastError}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <Panel title="Decide" id="decide">
            {found.canDecide ? (
              <DecisionForm pricePence={b.pricePence} serverErrors={actionData?.status === "invalid" ? actionData.fieldErrors : undefined} />
            ) : (
              <p className="text-sm">
                {b.releaseFrozenAt
                  ? "A card dispute is open with the bank: nothing can be released until it is settled."
                  : `Nothing to decide: this booking is ${found.stateSentence}. Staff decide disputed bookings, those sent to staff review and contested cases.`}
              </p>
            )}
          </Panel>
          <Panel
            title={`Fixer's strikes (${strikes.filter((s) => s.counts).length} counting)`}
            id="strikes"
            actions={
              fixer?.id ? (
                <Link to={`/staff/users/${encodeURIComponent(fixer.id)}#strikes`} className="text-sm text-primary underline underline-offset-4">
                  Lift or review
                </Link>
              ) : null
            }
          >
            {fixer?.leadsDisabledAt ? <p className="mb-2 text-sm font-medium">Leads paused since {formatDateTime(fixer.leadsDisabledAt)}.</p> : null}
            {strikes.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border text-sm">
                {strikes.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center gap-x-3 py-2">
                    <span className="font-medium">{s.label}</span>
                    <StatusBadge status={s.status} />
                    <span className="text-muted-foreground">{formatDateTime(s.createdAt)}</span>
                    {s.bookingId ? <Link to={`/staff/bookings/${s.bookingId}`} className="text-primary underline underline-offset-4">Booking #{s.bookingId}</Link> : null}
                    <span>{s.liftedAt ? `Lifted ${formatDateTime(s.liftedAt)}` : s.counts ? "Counts" : "Does not count"}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
