import { sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerProfiles, fixerServices, jobs } from "#server/db/schema/quotes.ts";
import type { SiteFigures } from "~/content/figures";
import { services } from "~/content/services";

const careSlugs = services.filter((s) => s.kind === "care").map((s) => s.slug);
const careList = sql.join(
  careSlugs.map((slug) => sql`${slug}`),
  sql`, `,
);

/** The marketing pages' figures, counted in one query (decision 043). */
export async function siteFigures(db: DbOrTx): Promise<SiteFigures> {
  type Row = { customers: number; fixers: number; care_customers: number; carers: number };
  // Both drivers (PGlite and node-postgres) answer a raw statement with { rows }.
  const result = (await db.execute(sql`
    select
      (select count(distinct ${jobs.customerUserId})::int from ${jobs}) as customers,
      (select count(*)::int from ${fixerProfiles} join ${users} on ${users.id} = ${fixerProfiles.userId} where ${users.disabledAt} is null) as fixers,
      (select count(distinct ${jobs.customerUserId})::int from ${jobs} where ${jobs.service} in (${careList})) as care_customers,
      (select count(distinct ${fixerServices.fixerUserId})::int from ${fixerServices}
         join ${users} on ${users.id} = ${fixerServices.fixerUserId}
         where ${fixerServices.service} in (${careList}) and ${users.disabledAt} is null) as carers
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  return { customers: Number(row?.customers ?? 0), fixers: Number(row?.fixers ?? 0), careCustomers: Number(row?.care_customers ?? 0), carers: Number(row?.carers ?? 0) };
}
