/** The staff console's navigation, in the order of the sidebar (and the phone menu). */
export type StaffNavItem = { label: string; href: string; adminOnly?: boolean };
export type StaffNavGroup = { label: string; items: StaffNavItem[] };

export const staffNav: StaffNavGroup[] = [
  { label: "Overview", items: [{ label: "Dashboard", href: "/staff" }] },
  {
    label: "Inbox",
    items: [
      { label: "Contact submissions", href: "/staff/contacts" },
      { label: "Job applications", href: "/staff/recruitment" },
    ],
  },
  {
    label: "Fixers",
    items: [
      { label: "Registrations", href: "/staff/registrations" },
      { label: "Onboarding applications", href: "/staff/onboarding" },
      { label: "On call now", href: "/staff/on-call" },
      { label: "Emergency requests", href: "/staff/emergencies" },
    ],
  },
  {
    label: "Marketplace",
    items: [
      { label: "Jobs", href: "/staff/jobs" },
      { label: "Quotes", href: "/staff/quotes" },
      { label: "Reviews", href: "/staff/reviews" },
      { label: "Messages", href: "/staff/messages" },
    ],
  },
  {
    label: "VIP",
    items: [
      { label: "Members", href: "/staff/vip-members" },
      { label: "Codes", href: "/staff/vip-codes" },
      { label: "Posts", href: "/staff/vip-posts" },
    ],
  },
  {
    label: "Money",
    items: [
      { label: "Bookings", href: "/staff/bookings" },
      { label: "Disputes queue", href: "/staff/disputes" },
      { label: "Reconciliation", href: "/staff/reconciliation" },
      { label: "Payments", href: "/staff/payments" },
    ],
  },
  {
    label: "System",
    items: [
      { label: "Outbox", href: "/staff/outbox" },
      { label: "Security events", href: "/staff/security-events" },
      { label: "Users", href: "/staff/users" },
      { label: "Audit trail", href: "/staff/audit", adminOnly: true },
    ],
  },
];

export function navFor(role: "staff" | "admin"): StaffNavGroup[] {
  return staffNav
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.adminOnly || role === "admin") }))
    .filter((group) => group.items.length > 0);
}
