import { getTableName } from "drizzle-orm";
import { QueryBuilder, type PgTable, type SelectedFields } from "drizzle-orm/pg-core";

const builder = new QueryBuilder();

/**
 * A read-only projection of a table: `select <fields> from <table>` as a subquery, named as the table
 * unless told (a second join of the same table needs its own name). The feature that owns a table
 * exports projections of it for the lists and joins of other features; it is never written through
 * (decision 089). PostgreSQL pulls such a subquery up into the query that joins it, so the plan is
 * the one the table itself would get (tests/scale-plans.test.ts).
 */
export function readOnly<Table extends PgTable, Fields extends SelectedFields, Name extends string = Table["_"]["name"]>(table: Table, fields: Fields, name?: Name) {
  return builder
    .select(fields)
    .from(table as PgTable)
    .as((name ?? getTableName(table)) as Name);
}

/** Every field of a projection, as the outer query names them (for `select({ ...fieldsOf(p), … })`). */
export function fieldsOf<Fields extends Record<string, unknown>>(projection: { _: { selectedFields: Fields } }): Fields {
  const byName = projection as unknown as Fields;
  return Object.fromEntries(Object.keys(projection._.selectedFields).map((key) => [key, byName[key]])) as Fields;
}
