import { stateDiagramOf } from "~/lib/machine";
import { PAYMENT_MOVES, PAYMENT_STARTS } from "~/features/payments/state-machine";
import { EXTRA_MOVES, EXTRA_STARTS } from "./extras-machine";
import { PAYOUT_ACCOUNT_MOVES, PAYOUT_ACCOUNT_STARTS } from "./payout-account-machine";
import { BOOKING_PROCESS, BOOKING_STARTS } from "./process";
import { OPERATION_MOVES, OPERATION_STARTS } from "./provider-operation-machine";

/**
 * The drawings of the money's processes, generated from their tables: each decision record carries its
 * block after the marker named here, `npx tsx scripts/draw-processes.ts` rewrites them, and
 * process-diagrams.test.ts fails when a record's drawing differs from its table.
 */
export const PROCESS_DIAGRAMS = [
  { record: "087-the-booking-process-as-one-table.md", marker: "<!-- drawn from BOOKING_PROCESS -->", diagram: () => stateDiagramOf(BOOKING_STARTS, BOOKING_PROCESS) },
  { record: "080-payment-machines-and-capture.md", marker: "<!-- drawn from PAYMENT_MOVES -->", diagram: () => stateDiagramOf(PAYMENT_STARTS, PAYMENT_MOVES) },
  { record: "080-payment-machines-and-capture.md", marker: "<!-- drawn from OPERATION_MOVES -->", diagram: () => stateDiagramOf(OPERATION_STARTS, OPERATION_MOVES) },
  { record: "080-payment-machines-and-capture.md", marker: "<!-- drawn from PAYOUT_ACCOUNT_MOVES -->", diagram: () => stateDiagramOf(PAYOUT_ACCOUNT_STARTS, PAYOUT_ACCOUNT_MOVES) },
  { record: "084-extra-charges-on-a-booking.md", marker: "<!-- drawn from EXTRA_MOVES -->", diagram: () => stateDiagramOf(EXTRA_STARTS, EXTRA_MOVES) },
] as const;
