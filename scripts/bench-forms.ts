/**
 * Form endpoints the bench posts to (a plain form POST, as a browser without JavaScript
 * sends it). Each feature adds its form here.
 */
export type BenchForm = { label: string; path: string; fields: Record<string, string> };

export const benchForms: BenchForm[] = [
  // Each POST stores a row and queues its outbox jobs in one transaction (BENCH_MODE lifts the per-IP limit).
  {
    label: "early-access waitlist",
    path: "/early-access",
    fields: { intent: "waitlist", name: "Bench Visitor", email: "bench@example.com", phone: "", location: "London" },
  },
  {
    label: "help contact support",
    path: "/help",
    fields: { intent: "help", name: "Bench Visitor", email: "bench@example.com", phone: "", description: "A load-test message." },
  },
];
