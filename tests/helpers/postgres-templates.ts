import pg from "pg";
import { inject } from "vitest";
import { createScratchDatabase, dropScratchDatabase, type ScratchDatabase } from "../../scripts/scratch-database.ts";
import { seedScale } from "../../scripts/seed-scale.ts";

/**
 * PostgreSQL test databases copied from templates made once per run (issue 48), instead of each one
 * running every migration (a test server's database) or the whole scale seed (the factor-0.01 copy):
 * CREATE DATABASE … TEMPLATE copies the files, in a fraction of the time. The copies are the same
 * databases, statistics included; the migrations still run on each (and find nothing to do), and
 * the migrations themselves are tested from empty databases (server/db/migrations.test.ts, and
 * backup-restore's empty database). The templates are made by postgres-templates-setup.ts.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PostgreSQL database to copy. */
    postgresTemplate: string | null;
    /** The name the factor-0.01 scale copy is seeded under, by the first test that needs it. */
    scaleTemplate: string | null;
  }
}

const databaseUrl = (admin: string, name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

/** The run's migrated template, if the global setup made one (not in a project without it). */
function provided(key: "postgresTemplate" | "scaleTemplate"): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null; // outside a Vitest worker
  }
}

/** A new PostgreSQL database with every migration applied: a copy of the run's template when there is one. */
export function createMigratedDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  return createScratchDatabase(adminUrl, prefix, { template: provided("postgresTemplate") ?? undefined });
}

/**
 * A database of its own holding the factor-0.01 scale copy (`npm run seed:scale -- --factor 0.01`).
 * The first test of the run that asks seeds the run's scale template (the others wait for it on an
 * advisory lock); each then gets a copy. Without a template name (a project without the global
 * setup), it seeds its own.
 */
export async function scaleCopy(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const template = provided("scaleTemplate");
  if (!template) {
    const scratch = await createScratchDatabase(adminUrl, prefix);
    await seedScale({ factor: 0.01, databaseUrl: scratch.url }).catch(async (error: unknown) => {
      await scratch.drop();
      throw error;
    });
    return scratch;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext($1))", [template]);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (!rowCount) {
      // As `npm run seed:scale` does it: the seed creates the database and migrates it. One that fails
      // leaves no half-seeded template for the next test to copy.
      await seedScale({ factor: 0.01, databaseUrl: databaseUrl(adminUrl, template) }).catch(async (error: unknown) => {
        await dropScratchDatabase(adminUrl, databaseUrl(adminUrl, template));
        throw error;
      });
    }
  } finally {
    await admin.end();
  }
  return createScratchDatabase(adminUrl, prefix, { template });
}
