/**
 * How statuses read and look in the staff console: one label and one badge tone per stored value,
 * so a list, a detail page and the dashboard all say "Changes requested" in the same colour.
 */
export type BadgeTone = "default" | "secondary" | "outline" | "accent" | "success" | "warning" | "destructive";

const statuses: Record<string, { label: string; tone: BadgeTone }> = {
  // Onboarding applications
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  changes_requested: { label: "Changes requested", tone: "accent" },
  rejected: { label: "Rejected", tone: "destructive" },
  // Payments
  paid: { label: "Paid", tone: "success" },
  unpaid: { label: "Unpaid", tone: "secondary" },
  failed: { label: "Failed", tone: "destructive" },
  cancelled: { label: "Cancelled", tone: "secondary" },
  expired: { label: "Expired", tone: "secondary" },
  // Outbox
  processing: { label: "Processing", tone: "default" },
  sent: { label: "Sent", tone: "success" },
  // VIP posts
  published: { label: "Published", tone: "success" },
  draft: { label: "Draft", tone: "secondary" },
  // Marketplace jobs, quotes and messages ("sent" is above)
  open: { label: "Open", tone: "warning" },
  in_progress: { label: "In progress", tone: "accent" },
  done: { label: "Done", tone: "success" },
  closed: { label: "Closed", tone: "secondary" },
  accepted: { label: "Accepted", tone: "success" },
  declined: { label: "Declined", tone: "secondary" },
  not_selected: { label: "Not selected", tone: "secondary" },
  withdrawn: { label: "Withdrawn", tone: "secondary" },
  hidden: { label: "Hidden", tone: "destructive" },
  shown: { label: "Shown", tone: "outline" },
  customer: { label: "Customer", tone: "outline" },
  fixer: { label: "Fixer", tone: "outline" },
  leads_paused: { label: "Leads paused", tone: "destructive" },
  // Paid bookings (app/features/bookings/state-machine.ts)
  pending_payment: { label: "Waiting for payment", tone: "secondary" },
  awaiting_fixer_confirmation: { label: "Fixer to confirm slot", tone: "warning" },
  booked: { label: "Booked", tone: "accent" },
  done_marked: { label: "Marked done", tone: "accent" },
  disputed: { label: "Disputed", tone: "destructive" },
  staff_review: { label: "Staff review", tone: "warning" },
  released: { label: "Released", tone: "success" },
  partly_released: { label: "Partly released", tone: "success" },
  refunded: { label: "Refunded", tone: "secondary" },
  cancelled_by_customer: { label: "Cancelled by customer", tone: "secondary" },
  cancelled_late: { label: "Cancelled late", tone: "secondary" },
  cancelled_by_fixer: { label: "Cancelled by fixer", tone: "destructive" },
  slot_declined: { label: "Slot declined", tone: "secondary" },
  no_show: { label: "No-show", tone: "destructive" },
  lapsed: { label: "Lapsed", tone: "secondary" },
  claim_open: { label: "Case: fixer to answer", tone: "warning" },
  claim_contested: { label: "Case contested", tone: "destructive" },
  // Strikes (decision 064); "pending" is shared above
  contested: { label: "Contested", tone: "warning" },
  upheld: { label: "Upheld", tone: "destructive" },
  not_contested: { label: "Not contested", tone: "destructive" },
  overturned: { label: "Overturned", tone: "secondary" },
  frozen: { label: "Card dispute open", tone: "destructive" },
  // Provider operations and reconciliation runs
  succeeded: { label: "Succeeded", tone: "success" },
  waiting_for_account: { label: "Waiting for payout account", tone: "warning" },
  running: { label: "Running", tone: "default" },
  finished: { label: "Finished", tone: "success" },
  balanced: { label: "Balanced", tone: "success" },
  unbalanced: { label: "Unbalanced", tone: "destructive" },
  // Accounts and codes
  active: { label: "Active", tone: "success" },
  disabled: { label: "Disabled", tone: "destructive" },
  revoked: { label: "Revoked", tone: "destructive" },
  user: { label: "User", tone: "outline" },
  staff: { label: "Staff", tone: "accent" },
  admin: { label: "Admin", tone: "default" },
};

export function statusLabel(value: string): string {
  return statuses[value]?.label ?? humanise(value);
}

export function statusTone(value: string): BadgeTone {
  return statuses[value]?.tone ?? "outline";
}

/** "early_access_donation" → "Early access donation". */
export function humanise(value: string): string {
  const text = value.replace(/[_.-]+/g, " ").trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : "";
}
