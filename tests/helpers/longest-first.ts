import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took (the most of its projects), measured on 2026-11-27 with
 * `npx vitest run --reporter=json` on the two-core machine. With three files at a time, a suite
 * ends with its longest files: started last, as Vitest does in a fresh clone (it knows no durations
 * yet, so it runs larger files first, project by project, and the unit project comes last), they
 * run alone at the end. Started first, the short ones fill in around them.
 */
const measuredSeconds: Record<string, number> = {
  "tests/hostile-input-forms.test.ts": 100,
  "server/db/client.test.ts": 97,
  "tests/foundation.test.ts": 91,
  "server/db/pglite-snapshot.test.ts": 83,
  "tests/hostile-input-queries.test.ts": 80,
  "app/features/quotes/matching.test.ts": 69,
  "app/features/quotes/reviews.test.ts": 66,
  "server/db/migrations.test.ts": 60,
  "app/features/quotes/quotes.test.ts": 53,
  "app/features/auth/password-strength.test.ts": 48,
  "tests/staff.test.ts": 44,
  "tests/class-conflicts.test.ts": 41,
  "tests/mailbox.test.ts": 32,
  "tests/mail.test.ts": 32,
  "tests/two-instances.test.ts": 29,
  "tests/js-budget.test.ts": 26,
  "tests/hostile-bodies.test.ts": 22,
};

/** Longest first across every project; Vitest's own order (its recorded durations, else file size) among the rest. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => measuredSeconds[spec.moduleId.slice(spec.project.config.root.length + 1)] ?? 0;
    // Array.prototype.sort is stable: files with no measure keep Vitest's order.
    return ordered.sort((a, b) => seconds(b) - seconds(a));
  }
}
