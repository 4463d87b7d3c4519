import type { Db } from "#server/db/client.ts";
import type { AuditActor } from "#server/audit-log.ts";
import { BookingError } from "~/features/bookings/errors";
import { moveSlotToYesterday } from "~/features/bookings/test-mode.server";
import { runStaffCommand, type StaffCommand, type StaffCommandOutcome } from "./roles.server.ts";

/**
 * Every command of the command-line tool (scripts/staff.ts), run directly or by the running server
 * (command-http.server.ts): the role commands, and TEST MODE's `slot-passed <bookingId>` (decision 053).
 */
export type CliCommand = StaffCommand | { command: "slot-passed"; bookingId: number };

/** Where the command runs: payments are in TEST MODE when no STRIPE_SECRET_KEY is set there. */
export type CommandSetting = { testMode: boolean; publicUrl: string };

export const notTestModeMessage = "slot-passed works only while payments are in TEST MODE (no STRIPE_SECRET_KEY): it would change a real customer's booking.";

export async function runCliCommand(db: Db, command: CliCommand, actor: AuditActor, via: string, setting: CommandSetting): Promise<StaffCommandOutcome> {
  if (command.command !== "slot-passed") return runStaffCommand(db, command, actor, via);
  if (!setting.testMode) return { ok: false, message: notTestModeMessage };
  try {
    const { date } = await moveSlotToYesterday({ db, publicUrl: setting.publicUrl }, command.bookingId, actor, via);
    return { ok: true, message: `Booking ${command.bookingId}'s slot is now ${date} (yesterday): the fixer can mark the job done.` };
  } catch (error) {
    if (error instanceof BookingError) return { ok: false, message: error.message };
    throw error;
  }
}
