import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took (the most of its projects), measured on 2026-11-27 with
 * `npx vitest run --reporter=json` on the two-core machine, in a full run (three files at a time,
 * so each figure includes waiting for the CPU). With three files at a time, a suite ends with its
 * longest files: started last, as Vitest does in a fresh clone (it knows no durations yet, so it
 * runs larger files first, project by project, and the unit project comes last), they run alone at
 * the end. Started first, the short ones fill in around them.
 */
const measuredSeconds: Record<string, number> = {
  "tests/hostile-input-queries.test.ts": 95,
  "tests/staff.test.ts": 70,
  "tests/mail.test.ts": 60,
  "tests/staff-cli.test.ts": 55,
  "tests/hostile-input-forms.test.ts": 50,
  "tests/hardening.test.ts": 35,
  "tests/reconciliation-stripe.test.ts": 25,
  "tests/auth.test.ts": 32,
  "tests/fixers.test.ts": 31,
  "tests/foundation.test.ts": 26,
  "tests/payments.test.ts": 20,
  "tests/mailbox.test.ts": 19,
  "tests/funnel-marketplace.test.ts": 18,
  "tests/funnel-account.test.ts": 17,
  "server/db/pglite-snapshot.test.ts": 17,
  "server/db/client.test.ts": 16,
  "tests/forms.test.ts": 16,
  "tests/booking-done-photos.test.ts": 15,
  "tests/quotes-fixer.test.ts": 15,
  "tests/hostile-bodies.test.ts": 15,
  "tests/vip.test.ts": 15,
  "tests/reviews-both-ways.test.ts": 15,
  // Issue 47's files, measured on 2026-11-29 in the PostgreSQL project alone on a shared machine
  // (load 7-12): without a figure they took their place by file size among the short ones.
  "tests/paging-cursors.test.ts": 35,
  "tests/process-roles.test.ts": 27,
  "tests/staff-scale.test.ts": 25,
  "tests/scale-plans.test.ts": 22,
  "tests/seed-scale.test.ts": 20,
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
