import { sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { fixerServicesView, jobsView } from "~/features/quotes/projections.server";
import { hasRequiredChecks } from "~/features/fixers/checks.server";
import type { SiteFigures } from "~/content/figures";
import { services } from "~/content/services";

const careSlugs = services.filter((s) => s.kind === "care").map((s) => s.slug);
const careList = sql.join(
  careSlugs.map((slug) => sql`${slug}`),
  sql`, `,
);

/** A fixer counts as approved for a service only with its required checks recorded (decision 065). */
const offeredWithChecks = hasRequiredChecks(sql`${fixerServicesView.fixerUserId}`, sql`${fixerServicesView.service}`);

/** The marketing pages' figures, counted in one query (decision 043). */
export async function siteFigures(db: DbOrTx): Promise<SiteFigures> {
  type Row = { customers: number; fixers: number; care_customers: number; carers: number };
  // Both drivers (PGlite and node-postgres) answer a raw statement with { rows }.
  const result = (await db.execute(sql`
    select
      (select count(distinct ${jobsView.customerUserId})::int from ${jobsView}) as customers,
      (select count(distinct ${fixerServicesView.fixerUserId})::int from ${fixerServicesView}
         join ${accountsView} on ${accountsView.id} = ${fixerServicesView.fixerUserId}
         where ${accountsView.disabledAt} is null and ${offeredWithChecks}) as fixers,
      (select count(distinct ${jobsView.customerUserId})::int from ${jobsView} where ${jobsView.service} in (${careList})) as care_customers,
      (select count(distinct ${fixerServicesView.fixerUserId})::int from ${fixerServicesView}
         join ${accountsView} on ${accountsView.id} = ${fixerServicesView.fixerUserId}
         where ${fixerServicesView.service} in (${careList}) and ${accountsView.disabledAt} is null and ${offeredWithChecks}) as carers
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  return { customers: Number(row?.customers ?? 0), fixers: Number(row?.fixers ?? 0), careCustomers: Number(row?.care_customers ?? 0), carers: Number(row?.carers ?? 0) };
}

/** How long one count serves: the cached pages that show it are kept as long (decision 043). */
const FIGURES_TTL_MS = 5 * 60 * 1000;
const counted = new WeakMap<object, { at: number; figures: Promise<SiteFigures> }>();

/**
 * The figures as counted at most 5 minutes ago in this process: a signed-out visitor whose page is
 * rendered per request (a cookie other than consent keeps it out of the anonymous cache) costs no
 * query, as on every other public page.
 */
export function recentSiteFigures(db: DbOrTx, now = Date.now()): Promise<SiteFigures> {
  const last = counted.get(db);
  if (last && now - last.at < FIGURES_TTL_MS) return last.figures;
  const figures = siteFigures(db);
  counted.set(db, { at: now, figures });
  // A failed count is not kept: the next page asks again.
  figures.catch(() => counted.delete(db));
  return figures;
}
