/**
 * `npm run staff -- <command>`: give or take away staff roles.
 *
 *   npm run staff -- grant <email> [staff|admin]   (staff when no role is given)
 *   npm run staff -- revoke <email>                (back to a plain user)
 *   npm run staff -- list
 *   npm run staff -- slot-passed <bookingId>       (TEST MODE only: the booking's slot moves to yesterday)
 *
 * It reads the same settings as the server (DATABASE_URL, DATA_DIR, PORT, SESSION_SECRET; without
 * PORT, the port the server running on DATA_DIR recorded in DATA_DIR/server.json) and
 * reaches the database the only way each set-up allows (docs/decisions/ — staff command-line tool):
 * - PostgreSQL (DATABASE_URL=postgres://…): directly;
 * - PGlite in DATA_DIR/pglite that no server holds: directly, taking the same lock file the server takes;
 * - PGlite held by a running server, or in memory (DATABASE_URL=memory://): through that server,
 *   POST http://127.0.0.1:<port>/internal/staff/roles signed with the server's session secret.
 * When none of these works it says why and exits with status 1.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, loadConfig, type Config } from "#server/config.ts";
import { DataDirLockedError, openDatabase, type Db } from "#server/db/client.ts";
import { runningServerPort, runningServerSecret } from "#server/running-server.ts";
import {
  STAFF_COMMAND_PATH,
  STAFF_SIGNATURE_HEADER,
  STAFF_TIMESTAMP_HEADER,
  signStaffCommand,
} from "~/features/staff/command-signature.server.ts";
import { notTestModeMessage, runCliCommand, type CliCommand } from "~/features/staff/command-run.server.ts";
import type { StaffCommandOutcome } from "~/features/staff/roles.server.ts";

const usage = `Usage:
  npm run staff -- grant <email> [staff|admin]   give an account the staff (default) or admin role
  npm run staff -- revoke <email>                make the account a plain user again
  npm run staff -- list                          show every staff and admin account
  npm run staff -- slot-passed <bookingId>       TEST MODE only: move a booked booking's slot to
                                                 yesterday, so the fixer can mark the job done

It uses the server's settings: DATABASE_URL, DATA_DIR, PORT and SESSION_SECRET. Without PORT
it finds the server running on DATA_DIR by itself.`;

class UsageError extends Error {}

export function parseArgs(argv: string[]): CliCommand {
  const [command, email, role, ...rest] = argv;
  if (command === "list" && argv.length === 1) return { command: "list" };
  if (command === "slot-passed" && argv.length === 2) {
    if (!/^[1-9]\d{0,14}$/.test(email!)) throw new UsageError(`"${email}" is not a booking id (a whole number, as in /bookings/<id>).`);
    return { command: "slot-passed", bookingId: Number(email) };
  }
  if (command === "grant" && email && rest.length === 0) {
    if (role !== undefined && role !== "staff" && role !== "admin") throw new UsageError(`Unknown role "${role}": use staff or admin.`);
    return { command: "grant", email: checkEmail(email), role: role ?? "staff" };
  }
  if (command === "revoke" && email && role === undefined) return { command: "revoke", email: checkEmail(email) };
  throw new UsageError(command ? `Did not understand: ${argv.join(" ")}` : "No command given.");
}

function checkEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new UsageError(`"${value}" is not an email address.`);
  return email;
}

function operatorName(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return os.hostname();
  }
}

async function runDirect(db: Db, config: Config, command: CliCommand): Promise<StaffCommandOutcome> {
  return runCliCommand(db, command, { userId: null, email: `command line (${operatorName()})` }, "cli-direct", { testMode: !config.STRIPE_SECRET_KEY, publicUrl: config.publicUrl });
}

async function viaPostgres(config: Config, url: string, command: CliCommand): Promise<StaffCommandOutcome> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await runDirect(drizzle(pool) as unknown as Db, config, command);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "42P01") throw new Error("The database has no users table yet: start the server once so it runs its migrations.");
    throw error;
  } finally {
    await pool.end();
  }
}

/** PORT when it was given, else the port the server running on DATA_DIR recorded, else the default. */
export function serverPort(config: Pick<Config, "PORT" | "DATA_DIR">, env: NodeJS.ProcessEnv): number {
  if (env.PORT?.trim()) return config.PORT;
  return runningServerPort(config.DATA_DIR) ?? config.PORT;
}

async function viaServer(config: Config, command: CliCommand, why: string, env: NodeJS.ProcessEnv): Promise<StaffCommandOutcome> {
  const secret = runningServerSecret(config);
  const url = `http://127.0.0.1:${serverPort(config, env)}${STAFF_COMMAND_PATH}`;
  if (!secret) {
    throw new Error(
      `${why}, so this tool must go through the running server, but it has no session secret to sign with: ` +
        `set SESSION_SECRET, or DATA_DIR to the server's data folder (${path.resolve(config.DATA_DIR)} has no session-secret).`,
    );
  }
  const body = JSON.stringify({ ...command, operator: operatorName(), nonce: randomBytes(18).toString("base64url") });
  const timestamp = String(Date.now());
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [STAFF_TIMESTAMP_HEADER]: timestamp,
        [STAFF_SIGNATURE_HEADER]: signStaffCommand(secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new Error(
      `${why}, so this tool must go through the running server, but no FixiT server answered at ${url}. ` +
        "Start the server (npm start) and run this again with the same DATA_DIR (or PORT and SESSION_SECRET) as the server.",
    );
  }
  const answer = (await response.json().catch(() => null)) as StaffCommandOutcome | null;
  if (!answer || typeof answer.message !== "string") {
    throw new Error(`The server at ${url} answered ${response.status} without a usable reply: is it a FixiT server?`);
  }
  return answer;
}

export async function execute(command: CliCommand, env: NodeJS.ProcessEnv = process.env): Promise<StaffCommandOutcome> {
  // A placeholder secret stops loadConfig from generating one into DATA_DIR; the real one is read above when needed.
  const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || "x".repeat(32) });
  config.SESSION_SECRET = env.SESSION_SECRET?.trim() || undefined;
  // Refused here too, before any database is touched (the server checks its own setting again).
  if (command.command === "slot-passed" && config.STRIPE_SECRET_KEY) return { ok: false, message: notTestModeMessage };

  if (config.database.kind === "postgres") return viaPostgres(config, config.database.url, command);
  if (config.database.dir === null) return viaServer(config, command, "The database is in memory inside the server (DATABASE_URL=memory://)", env);

  const dir = config.database.dir;
  if (!existsSync(dir)) {
    throw new Error(`There is no database at ${dir} yet. Start the server once (npm start) and sign up, then run this again.`);
  }
  let database;
  try {
    database = await openDatabase(config); // takes DATA_DIR's lock file, as the server does
  } catch (error) {
    if (error instanceof DataDirLockedError) return viaServer(config, command, `A running server holds ${dir}`, env);
    throw error;
  }
  try {
    return await runDirect(database.db, config, command);
  } finally {
    await database.close();
  }
}

function print(outcome: StaffCommandOutcome) {
  const out = outcome.ok ? console.log : console.error;
  out(outcome.message);
  for (const s of outcome.staff ?? []) {
    console.log(`  ${s.role.padEnd(5)}  ${s.email}${s.name ? `  (${s.name})` : ""}${s.disabled ? "  [disabled]" : ""}`);
  }
}

async function main() {
  let command: CliCommand;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    throw error;
  }
  try {
    const outcome = await execute(command);
    print(outcome);
    process.exit(outcome.ok ? 0 : 1);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

// Run only when started as a script (the unit test imports parseArgs).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname ?? "", "staff.ts")) {
  void main();
}
