import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took (the most of its projects), measured on 2026-12-01 in a
 * fresh clone's `.ci/run` on the two-core machine (three files at a time, so each figure includes
 * waiting for the CPU; files under 15 s are left to Vitest's own order). With three files at a
 * time, a project ends with its longest files: started last, as Vitest does in a fresh clone (it
 * knows no durations yet, so it runs larger files first), they run alone at the end. Started first,
 * the short ones fill in around them.
 */
const measuredSeconds: Record<string, number> = {
  "tests/staff-cli.test.ts": 76,
  "tests/hostile-input-forms.test.ts": 60,
  "tests/hostile-input-queries.test.ts": 59,
  "tests/mail.test.ts": 51,
  "tests/backup-restore.test.ts": 48,
  "tests/database-restarts.test.ts": 47,
  "tests/foundation.test.ts": 43,
  "tests/supervisor.test.ts": 43,
  "server/db/pglite-snapshot.test.ts": 38,
  "tests/auth.test.ts": 37,
  "tests/staff.test.ts": 37,
  "tests/hardening.test.ts": 36,
  "server/db/client.test.ts": 33,
  "tests/emergency-dispatch.test.ts": 33,
  "tests/tracing.test.ts": 32,
  "tests/two-instances.test.ts": 30,
  "tests/staff-bookings.test.ts": 27,
  "server/db/migrations.test.ts": 26,
  "tests/booking-cases.test.ts": 26,
  "tests/bookings-checkout.test.ts": 24,
  "tests/live-two-instances.test.ts": 24,
  "tests/process-roles.test.ts": 23,
  "tests/full-disk.test.ts": 22,
  "tests/hostile-requests.test.ts": 22,
  "app/features/quotes/matching.test.ts": 21,
  "tests/emergency-booking.test.ts": 21,
  "tests/hostile-bodies.test.ts": 21,
  "app/features/quotes/paging.test.ts": 20,
  "tests/bookings-transfer-funds.test.ts": 20,
  "tests/fixers.test.ts": 20,
  "tests/paging-cursors.test.ts": 19,
  "tests/staff-scale.test.ts": 19,
  "tests/bookings-stripe-events.test.ts": 18,
  "tests/scale-plans.test.ts": 18,
  "tests/loaders-read-only.test.ts": 17,
  "tests/reviews-both-ways.test.ts": 17,
  "tests/bookings-needs.test.ts": 16,
  "tests/bookings-payouts.test.ts": 16,
  "tests/bookings-reschedule.test.ts": 16,
  "tests/ui-kit.test.ts": 16,
  "server/db/pglite-statements.test.ts": 15,
  "tests/notifications-two-instances.test.ts": 15,
};

/**
 * The projects in the order they run: the integration files (the longest) first, the unit files (the
 * shortest, which fill in around the last long ones) at the end.
 */
export const projectOrder = ["integration-pglite", "integration-postgres", "unit-database", "unit"];

/**
 * One project after another, longest first within each; Vitest's own order (its recorded durations,
 * else file size) among the rest. A worker runs its files in one process (`isolate: false`) only
 * while the next file waiting is of the same project: Vitest ends the process and starts a new one,
 * which imports the server bundle, React and PGlite's WebAssembly again, whenever the next file is of
 * another. Files of the four projects interleaved (longest first across all of them) made 43 worker
 * processes in a run; one project after another makes about three per project.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => measuredSeconds[spec.moduleId.slice(spec.project.config.root.length + 1)] ?? 0;
    const rank = (spec: TestSpecification) => {
      const index = projectOrder.indexOf(spec.project.name);
      return index === -1 ? projectOrder.length : index;
    };
    // Array.prototype.sort is stable: files with no measure keep Vitest's order within their project.
    return ordered.sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a));
  }
}
