import { readFileSync } from "node:fs";

/**
 * The states a CHECK constraint allows, as the migrations last wrote it (drizzle's latest snapshot),
 * so a machine's unit test compares its table with the database's rule, not with a copy of the list.
 */
export function checkConstraintStates(table: string, constraint: string): string[] {
  const journal = JSON.parse(readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8")) as { entries: { idx: number }[] };
  const last = Math.max(...journal.entries.map((e) => e.idx));
  const snapshot = JSON.parse(readFileSync(new URL(`../../drizzle/meta/${String(last).padStart(4, "0")}_snapshot.json`, import.meta.url), "utf8")) as {
    tables: Record<string, { checkConstraints: Record<string, { value: string }> }>;
  };
  const value = snapshot.tables[`public.${table}`]?.checkConstraints[constraint]?.value;
  if (!value) throw new Error(`no check constraint ${constraint} on ${table}`);
  return [...value.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}
