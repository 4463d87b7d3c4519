import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { emergencyRequests } from "#server/db/schema/emergency.ts";
import { findService } from "~/content/services";

/** What a call-out booking shows of its request: the service, and where (its customer's postcode; the address must be in its district). */
export type CallOutRequest = { customerUserId: string; service: string; serviceName: string; postcode: string; district: string };

/**
 * The request a call-out answers, read through the booking's foreign key. The one read of the
 * emergency feature's table here: that feature imports this one (dispatch calls `bookEmergencyCallOutIn`),
 * so asking it through its own read function would make an import circle (decision 083).
 */
export async function callOutRequestOf(db: DbOrTx, emergencyRequestId: number | null): Promise<CallOutRequest | null> {
  if (emergencyRequestId === null) return null;
  const [row] = await db
    .select({ customerUserId: emergencyRequests.customerUserId, service: emergencyRequests.service, postcode: emergencyRequests.postcode, district: emergencyRequests.district })
    .from(emergencyRequests)
    .where(eq(emergencyRequests.id, emergencyRequestId));
  return row ? { ...row, serviceName: findService(row.service)?.name ?? row.service } : null;
}

/** A call-out as emails and the booking list name it: "Emergency call-out: Plumbing". */
export const callOutTitle = (request: Pick<CallOutRequest, "serviceName"> | null) => (request ? `Emergency call-out: ${request.serviceName}` : "Emergency call-out");

