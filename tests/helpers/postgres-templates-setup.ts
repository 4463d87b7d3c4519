import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { createScratchDatabase, dropScratchDatabase } from "../../scripts/scratch-database.ts";

/**
 * Global setup of the projects that open PostgreSQL databases (vitest.config.ts), when
 * TEST_DATABASE_URL is set: one migrated template per run (tests/helpers/postgres-templates.ts),
 * and the name the scale copy's template will have; both dropped at the end of the run.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    project.provide("postgresTemplate", null);
    project.provide("scaleTemplate", null);
    return;
  }
  const template = await createScratchDatabase(admin, "fixit_template");
  try {
    const database = await openDatabase({ database: { kind: "postgres", url: template.url } });
    await database.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  const scale = `scale_template_${randomBytes(6).toString("hex")}`;
  project.provide("postgresTemplate", databaseName(template.url));
  project.provide("scaleTemplate", scale);
  return async () => {
    await template.drop();
    await dropScratchDatabase(admin, databaseUrl(admin, scale));
  };
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);
const databaseUrl = (admin: string, name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
