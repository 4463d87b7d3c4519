import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { providerBooksFor, startReconciliationNow } from "~/features/bookings/reconciliation.server";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";

type Deps = { db: Db; config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL"> };

/**
 * "Run now" on /staff/reconciliation: a run of its own, queued for the job worker at once and
 * audited; refused (409) while a run is still running. The route checks the staff role.
 */
export async function staffRunReconciliation(deps: Deps, actor: StaffUser): Promise<StaffOutcome> {
  const provider = providerBooksFor(deps.config, deps.db).name;
  const runId = await startReconciliationNow(deps.db, provider, (tx, id) =>
    recordStaffAction(tx, actorOf(actor), { action: "reconciliation.run", targetType: "reconciliation_run", targetId: id, details: { provider } }),
  );
  if (runId === null) return refused("conflict", "A run is in progress", "The ledger is being compared with the provider right now. Its result appears here when it finishes; run it again after that if you need to.");
  return done("Run started", "The ledger is being compared with the provider. Refresh this page in a minute for the result.");
}
