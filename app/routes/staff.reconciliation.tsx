import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { checkedSummary } from "~/features/bookings/reconciliation";
import { latestReconciliation, storedLedgerFigures } from "~/features/bookings/reconciliation.server";
import { ActionResult } from "~/features/staff/components/action-result";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { StatusBadge } from "~/features/staff/components/status-badge";
import { formatGBPAs } from "~/content/money";
import { formatDateTime } from "~/features/staff/format";
import { requireStaff } from "~/features/staff/guard.server";
import { staffMeta } from "~/features/staff/meta";
import { staffRunReconciliation } from "~/features/staff/reconciliation-admin.server";
import { readStaffForm, staffAnswer, staffBadRequest } from "~/features/staff/respond.server";
import { humanise } from "~/features/staff/status";
import type { Route } from "./+types/staff.reconciliation";

/**
 * The last reconciliation run (daily, or one staff asked for) and its mismatches, the ledger's health
 * as the last run computed it (issue 47: stored on the run, never summed per view), and "Run now" (decision 053).
 */
export const meta: Route.MetaFunction = () => staffMeta("Reconciliation");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const { db } = context.services;
  const [latest, ledger] = await Promise.all([latestReconciliation(db), storedLedgerFigures(db)]);
  return { latest, ledger };
}

/** "Run now": staff only, checked on every request; refused with 409 while a run is in progress. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const read = await readStaffForm(request);
  if (!read.ok) return read.answer;
  if (read.form.get("intent") !== "run-now") return staffBadRequest();
  return staffAnswer(await staffRunReconciliation(context.services, user));
}

const money = (value: number | null) => (value === null ? "—" : formatGBPAs(value, "ledger"));

/** What moved, as staff read it (reconciliation_mismatches.money_kind). */
const moneyKinds: Record<string, string> = { charge: "Customer charge", transfer: "Transfer to fixer", refund: "Refund to customer", fee: "Stripe fee" };

type Run = NonNullable<Route.ComponentProps["loaderData"]["latest"]>["run"];

/** What the run compared, in words; a run from before the kinds were counted apart says its one figure. */
function checkedText(run: Run): string {
  if (run.chargesChecked === null || run.transfersChecked === null || run.refundsChecked === null) return `${run.operationsChecked} charges and operations`;
  return checkedSummary({ charges: run.chargesChecked, transfers: run.transfersChecked, refunds: run.refundsChecked });
}

/** The mismatches panel's sentence when none was found: never "they agree" about nothing compared. */
function noMismatchText(run: Run): string {
  if (run.status !== "finished") return "The run has not finished yet.";
  if (run.operationsChecked === 0) return `Nothing to compare yet: this run checked ${checkedText(run)}.`;
  return `None: the ledger and the provider agree on the ${checkedText(run)} checked.`;
}

function RunNow({ running }: { running: boolean }) {
  const navigation = useNavigation();
  return (
    <Panel title="Run now" id="run-now">
      <Form method="post" className="flex flex-col gap-3">
        <p className="text-sm">
          {running
            ? "A run is in progress: its result appears here when it finishes."
            : "Compare the ledger with the provider now, without waiting for tomorrow's run. It takes up to a minute; the result replaces the one shown here."}
        </p>
        <input type="hidden" name="intent" value="run-now" />
        <Button type="submit" className="self-start" disabled={running} loading={navigation.state === "submitting"}>
          Run now
        </Button>
      </Form>
    </Panel>
  );
}

type Ledger = NonNullable<Route.ComponentProps["loaderData"]["ledger"]>;

/** The ledger's figures the last run stored, with when they were computed: balanced or not, and the sum per kind of account. */
function LedgerPanel({ ledger }: { ledger: Ledger | null }) {
  if (!ledger) {
    return (
      <Panel title="Ledger" id="ledger">
        <p className="text-sm">The ledger&apos;s figures are computed by each run: none has finished yet.</p>
      </Panel>
    );
  }
  const healthy = ledger.total === 0 && ledger.unbalancedEvents === 0;
  return (
    <Panel title="Ledger" id="ledger" actions={<StatusBadge status={healthy ? "balanced" : "unbalanced"} />}>
      <p className="mb-3 text-sm text-muted-foreground">Computed by run #{ledger.runId} at {formatDateTime(ledger.checkedAt)}; the next run computes them again.</p>
      <DetailList
        items={[
          { label: "Sum of every entry", value: `${formatGBPAs(ledger.total, "ledger")}${ledger.total === 0 ? " (balanced)" : " — should be £0.00"}` },
          { label: "Events that do not sum to zero", value: String(ledger.unbalancedEvents) },
          { label: "Events", value: String(ledger.events) },
          ...Object.entries(ledger.byKind).map(([kind, pence]) => ({ label: `Accounts: ${humanise(kind)}`, value: formatGBPAs(pence, "ledger") })),
        ]}
      />
    </Panel>
  );
}

export default function ReconciliationPage({ loaderData: { latest, ledger }, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Reconciliation"
        description="Once a day the ledger's customer charges and FixiT's transfers and refunds are compared with what the payment provider reports, and the provider's transfers and refunds no FixiT operation asked for are listed. Any difference is listed here."
      />
      <ActionResult result={actionData} />
      <LedgerPanel ledger={ledger} />
      {latest ? (
        <>
          <Panel title={`Last run: ${latest.run.day}`} id="run" actions={<StatusBadge status={latest.run.status} />}>
            <DetailList
              items={[
                { label: "Provider", value: humanise(latest.run.provider) },
                { label: "Asked for by", value: latest.run.source === "staff" ? "Staff (Run now)" : "The daily schedule" },
                { label: "Started", value: formatDateTime(latest.run.startedAt) },
                { label: "Finished", value: latest.run.finishedAt ? formatDateTime(latest.run.finishedAt) : "Not yet" },
                { label: "Checked", value: latest.run.status === "finished" ? checkedText(latest.run) : "Not yet" },
                { label: "Mismatches", value: String(latest.run.mismatchCount) },
                { label: "Ledger total then", value: latest.run.ledgerTotalPence === null ? "—" : formatGBPAs(latest.run.ledgerTotalPence, "ledger") },
                { label: "Unbalanced events then", value: latest.run.unbalancedEvents === null ? "—" : String(latest.run.unbalancedEvents) },
                { label: "Last error (it is tried again)", value: latest.run.status === "failed" ? latest.run.error : null },
              ]}
            />
          </Panel>
          <Panel title={`Mismatches (${latest.mismatches.length})`} id="mismatches">
            {latest.mismatches.length === 0 ? (
              <p className="text-sm">{noMismatchText(latest.run)}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <thead>
                    <tr className="border-b border-border">
                      <th scope="col" className="py-2 pr-3 font-medium">Kind</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Booking</th>
                      <th scope="col" className="py-2 pr-3 font-medium">Money</th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">FixiT</th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">Provider</th>
                      <th scope="col" className="py-2 font-medium">What</th>
                    </tr>
                  </thead>
                  <tbody>
                    {latest.mismatches.map((m) => (
                      <tr key={m.id} className="border-b border-border align-top">
                        <td className="py-2 pr-3 font-medium">{humanise(m.kind)}</td>
                        <td className="py-2 pr-3">
                          {m.bookingId ? (
                            <Link to={`/staff/bookings/${m.bookingId}`} className="text-primary underline underline-offset-4">
                              #{m.bookingId}
                            </Link>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td className="py-2 pr-3">{moneyKinds[m.moneyKind] ?? humanise(m.moneyKind)}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{money(m.ledgerPence)}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{money(m.providerPence)}</td>
                        <td className="py-2">
                          {m.detail}
                          {m.providerObjectId ? <span className="block font-mono text-xs break-all text-muted-foreground">{m.providerObjectId}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </>
      ) : (
        <Panel title="Not checked yet" id="run">
          <p className="text-sm">No run has compared the ledger with the provider yet. The first daily run starts a minute after the server starts; or run one now.</p>
        </Panel>
      )}
      <RunNow running={latest?.run.status === "running"} />
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
