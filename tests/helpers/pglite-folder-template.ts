import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { inject } from "vitest";
import { openDatabase } from "#server/db/client.ts";

/**
 * Test servers on the embedded database on disk (DATABASE_URL "", the way `npm start` runs) start
 * from a copy of one migrated PGlite folder made once per run, instead of each running initdb and
 * every migration: 6-8 CPU seconds each, a copy 0.2 s. The first test of the run that needs one
 * makes it (the others wait for it); a run that needs none makes none. The copy is the same folder
 * a first start makes; the migrations still run on it (and find nothing to do). A first start
 * itself, initdb included, is tested in server/db/client.test.ts, which makes its own folders.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's migrated PGlite folder is made (in the run's own temporary folder, removed at its end). */
    pgliteFolderTemplate: string | null;
  }
}

/** Made beside its final name and renamed into place, so a waiting test never copies half of one; a failure is written to `dir.failed` for the waiting tests to report. */
async function makeTemplate(dir: string): Promise<void> {
  const building = `${dir}.building`;
  try {
    const database = await openDatabase({ database: { kind: "pglite", dir: building } });
    await database.close();
    renameSync(building, dir);
  } catch (error) {
    writeFileSync(`${dir}.failed`, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

/**
 * Copies the run's migrated PGlite folder to `target` (a server's DATA_DIR/pglite), making it first
 * if no test has yet. False where the run has none (a project without the global setup, or outside
 * Vitest): the server then makes its folder itself, as on a first start.
 */
export async function copyMigratedPgliteFolder(target: string, timeoutMs = 180_000): Promise<boolean> {
  let template: string | null;
  try {
    template = inject("pgliteFolderTemplate") ?? null;
  } catch {
    return false; // outside a Vitest worker
  }
  if (!template) return false;
  if (!existsSync(template)) {
    let maker = false;
    try {
      // Whoever makes this folder makes the template; mkdir is atomic across the workers.
      mkdirSync(`${template}.claimed`);
      maker = true;
    } catch {
      /* another test is making it */
    }
    if (maker) await makeTemplate(template);
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(template)) {
      if (existsSync(`${template}.failed`)) throw new Error(`the run's migrated PGlite folder could not be made: ${readFileSync(`${template}.failed`, "utf8")}`);
      if (Date.now() > deadline) throw new Error(`the run's migrated PGlite folder ${template} was not made in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(template, target, { recursive: true });
  return true;
}
