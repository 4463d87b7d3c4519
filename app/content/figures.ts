/**
 * The figures the marketing pages show (decision 043). Every one is either computed from the
 * database (`SiteFigures`, read when the page is rendered: for a signed-out visitor, once per
 * cached render of / and /about) or, while that count is still zero, shown as a goal and labelled
 * so. Nothing here is a claim on its own.
 */

/** A figure as a page shows it: "12" over "customers". */
export type Stat = { value: string; label: string };

export type SiteFigures = {
  /** People who have posted a job. */
  customers: number;
  /** Approved fixers whose accounts are enabled. */
  fixers: number;
  /** People who have posted a care job (childcare, dog walking, …). */
  careCustomers: number;
  /** Approved fixers offering a care service. */
  carers: number;
};

/** The pages that show figures: their root data carries `SiteFigures`. */
export const figurePaths: ReadonlySet<string> = new Set(["/", "/about"]);

export type FigureStat = { figure: keyof SiteFigures; one: string; many: string; goal: number };

export const figureStats = {
  customers: { figure: "customers", one: "customer", many: "customers", goal: 10_000 },
  fixers: { figure: "fixers", one: "approved fixer", many: "approved fixers", goal: 500 },
  careCustomers: { figure: "careCustomers", one: "family", many: "families", goal: 5_000 },
  carers: { figure: "carers", one: "approved carer", many: "approved carers", goal: 200 },
} as const satisfies Record<string, FigureStat>;

const count = new Intl.NumberFormat("en-GB");

/** "12 customers" from the database; "10,000 customers: our goal" while there are none yet (or no figures). */
export function figureStat(stat: FigureStat, figures: SiteFigures | null | undefined): Stat {
  const n = figures?.[stat.figure] ?? 0;
  return n > 0 ? { value: count.format(n), label: n === 1 ? stat.one : stat.many } : { value: count.format(stat.goal), label: `${stat.many}: our goal` };
}

/** A page's stat as shown: a fixed one as written (e.g. "24/7" AI support), a figure counted or as a goal. */
export function shownStat(stat: Stat | FigureStat, figures: SiteFigures | null | undefined): Stat {
  return "figure" in stat ? figureStat(stat, figures) : stat;
}
