/**
 * A throwaway PostgreSQL database for a test, a bench or Lighthouse run: created on the server
 * `adminUrl` names, dropped (with its connections) when done. The one place that creates one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * `template`: a copy of that database (CREATE DATABASE … TEMPLATE, a copy of its files: a migrated
 * or seeded one in a fraction of the time its migrations or seed take), which nobody may be
 * connected to meanwhile. Without it, an empty database.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, options: { template?: string } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  if (options.template !== undefined && !/^[a-z0-9_]+$/.test(options.template)) throw new Error(`not a scratch database name: ${options.template}`);
  await adminQuery(adminUrl, options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropScratchDatabase(adminUrl, url.toString()) };
}

/** Drops the database a scratch URL names (its name is the URL's path), whoever is still connected. */
export async function dropScratchDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a scratch database name: ${name}`);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function adminQuery(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
