import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerChecks } from "#server/db/schema/fixers.ts";
import type { ServiceSlug } from "~/content/services";
import { isCheckKind, missingChecks, requiredPairs, type CheckKind } from "./required-checks";

/** A check as recorded by staff (decision 065). */
export type RecordedCheck = { kind: CheckKind; evidence: string; checkedAt: Date; checkedBy: string | null; documentId: number | null };

/** The checks recorded for each of these fixers, in the order of the kinds' list. */
export async function recordedChecksFor(db: DbOrTx, fixerUserIds: readonly string[]): Promise<Map<string, RecordedCheck[]>> {
  const result = new Map<string, RecordedCheck[]>();
  if (fixerUserIds.length === 0) return result;
  const rows = await db
    .select({ fixerUserId: fixerChecks.fixerUserId, kind: fixerChecks.kind, evidence: fixerChecks.evidence, checkedAt: fixerChecks.checkedAt, checkedBy: fixerChecks.checkedBy, documentId: fixerChecks.documentId })
    .from(fixerChecks)
    .where(inArray(fixerChecks.fixerUserId, [...fixerUserIds]))
    .orderBy(asc(fixerChecks.id));
  for (const { fixerUserId, kind, ...rest } of rows) {
    if (!isCheckKind(kind)) continue;
    result.set(fixerUserId, [...(result.get(fixerUserId) ?? []), { kind, ...rest }]);
  }
  return result;
}

export async function recordedChecks(db: DbOrTx, fixerUserId: string): Promise<RecordedCheck[]> {
  return (await recordedChecksFor(db, [fixerUserId])).get(fixerUserId) ?? [];
}

/** Records (or records again, replacing the earlier one) a check staff made. */
export async function recordCheck(
  tx: DbOrTx,
  input: { fixerUserId: string; kind: CheckKind; evidence: string; documentId: number | null; onboardingId: number | null; staffUserId: string },
): Promise<void> {
  const now = new Date();
  const values = { kind: input.kind, evidence: input.evidence, documentId: input.documentId, onboardingId: input.onboardingId, checkedBy: input.staffUserId, checkedAt: now };
  await tx
    .insert(fixerChecks)
    .values({ fixerUserId: input.fixerUserId, ...values })
    .onConflictDoUpdate({ target: [fixerChecks.fixerUserId, fixerChecks.kind], set: values });
}

/** The services of this list the fixer's recorded checks do not yet cover, each with what it still needs. */
export async function servicesLackingChecks(db: DbOrTx, fixerUserId: string, services: readonly ServiceSlug[]): Promise<{ service: ServiceSlug; missing: CheckKind[] }[]> {
  const kinds = (await db.select({ kind: fixerChecks.kind }).from(fixerChecks).where(eq(fixerChecks.fixerUserId, fixerUserId))).map((r) => r.kind);
  return services.map((service) => ({ service, missing: missingChecks(service, kinds) })).filter((s) => s.missing.length > 0);
}

/**
 * SQL true when the fixer has every check the service requires recorded (required-checks.ts), for
 * matching, coverage counts, leads and quoting. `fixerUserId` and `service` are SQL expressions of
 * the outer query (qualified by table: see `ref` in the quotes feature).
 */
export function hasRequiredChecks(fixerUserId: SQL | string, service: SQL | string): SQL {
  // Constant data written inline (slugs and kinds are [a-z_-] only), so the planner sees a plain VALUES list.
  const pairs = sql.raw(
    requiredPairs()
      .map((p) => {
        if (!/^[a-z_-]+$/.test(p.service + p.kind)) throw new Error(`unexpected check pair ${p.service}/${p.kind}`);
        return `('${p.service}', '${p.kind}')`;
      })
      .join(", "),
  );
  return sql`not exists (select 1 from (values ${pairs}) as required_check(service, kind) where required_check.service = ${service} and not exists (select 1 from "fixer_checks" where "fixer_checks"."fixer_user_id" = ${fixerUserId} and "fixer_checks"."kind" = required_check.kind))`;
}
