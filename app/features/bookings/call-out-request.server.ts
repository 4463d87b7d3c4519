import type { DbOrTx } from "#server/db/client.ts";
import { findService } from "~/content/services";
import { bookingRows } from "./rows-port.server";

/** What a call-out booking shows of its request: the service, and where (its customer's postcode; the address must be in its district). */
export type CallOutRequest = { customerUserId: string; service: string; serviceName: string; postcode: string; district: string };

/**
 * The request a call-out answers, read through the booking's foreign key. The emergency feature owns
 * the table and imports this one (dispatch calls `bookEmergencyCallOutIn`), so its read is handed in
 * through the rows port (decision 089).
 */
export async function callOutRequestOf(db: DbOrTx, emergencyRequestId: number | null): Promise<CallOutRequest | null> {
  if (emergencyRequestId === null) return null;
  const row = await bookingRows().callOutRequest(db, emergencyRequestId);
  return row ? { ...row, serviceName: findService(row.service)?.name ?? row.service } : null;
}

/** A call-out as emails and the booking list name it: "Emergency call-out: Plumbing". */
export const callOutTitle = (request: Pick<CallOutRequest, "serviceName"> | null) => (request ? `Emergency call-out: ${request.serviceName}` : "Emergency call-out");

