import express, { type Express } from "express";
import { z } from "zod";
import type { InfraServices } from "#server/services.ts";
import {
  COMMAND_SIGNATURE_HEADER,
  COMMAND_TIMESTAMP_HEADER,
  isDirectLoopback,
  nonceMemory,
  verifyCommandSignature,
} from "#server/security/signed-command.ts";
import { startBackup } from "./archive.ts";

/**
 * POST /internal/backup: the running server's side of `npm run backup` when it holds the embedded
 * database (one process per PGlite folder) or keeps it in memory. Signed like the staff tool's
 * commands (server/security/signed-command.ts), from this machine only; answers with the archive,
 * streamed, and its manifest in a header.
 */
export const BACKUP_COMMAND_PATH = "/internal/backup";
export const BACKUP_PURPOSE = "fixit backup command v1";
export const BACKUP_MANIFEST_HEADER = "x-fixit-backup-manifest";

const bodySchema = z.object({
  operator: z.string().trim().min(1).max(200),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

export function mountBackupEndpoint(app: Express, services: Pick<InfraServices, "config" | "database" | "logger">): void {
  const rememberNonce = nonceMemory();
  let running = false;
  app.post(BACKUP_COMMAND_PATH, express.text({ type: () => true, limit: "4kb" }), async (req, res) => {
    const log = services.logger.child({ component: "backup-endpoint" });
    res.setHeader("cache-control", "private, no-store");
    if (!isDirectLoopback(req)) {
      res.status(404).type("text").send("Not found");
      return;
    }
    const body = typeof req.body === "string" ? req.body : "";
    const verdict = verifyCommandSignature(services.config.sessionSecret, BACKUP_PURPOSE, req.get(COMMAND_TIMESTAMP_HEADER), body, req.get(COMMAND_SIGNATURE_HEADER));
    if (verdict !== "ok") {
      log.warn({ verdict }, "refused a backup command");
      res.status(401).json({
        message:
          verdict === "stale"
            ? "The command's timestamp is too far from the server's clock. Check the clock and try again."
            : "The server did not accept the command's signature. Run the tool with the same SESSION_SECRET (or DATA_DIR) as the server.",
      });
      return;
    }
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // refused below, as any other body that is not the command
    }
    const parsed = bodySchema.safeParse(json);
    if (!parsed.success || !rememberNonce(parsed.data.nonce)) {
      res.status(400).json({ message: "The command was not understood, or was already used. Run the tool again." });
      return;
    }
    if (!services.database.snapshot) {
      res.status(409).json({ message: "This server's database is PostgreSQL: npm run backup runs pg_dump itself, without the server." });
      return;
    }
    // One at a time: each copy of the database is held in the staging folder until sent.
    if (running) {
      res.status(409).json({ message: "A backup is already running on this server. Try again when it has finished." });
      return;
    }
    running = true;
    try {
      const backup = await startBackup({ config: services.config, database: services.database });
      res.status(200).type("application/gzip").setHeader(BACKUP_MANIFEST_HEADER, JSON.stringify(backup.manifest));
      // The caller went away: stop reading files for nobody (tar ends on the closed pipe).
      res.once("close", () => backup.stream.destroy());
      // Ended only once tar has exited well: a tar that fails halfway must not look like a whole archive.
      backup.stream.pipe(res, { end: false });
      await backup.done;
      res.end();
      log.info({ operator: parsed.data.operator, rowCounts: backup.manifest.rowCounts }, "backup sent");
    } catch (error) {
      log.error({ err: error }, "backup failed");
      // Once the archive has started, only a broken connection tells the tool it is not whole.
      if (res.headersSent) res.destroy();
      else res.status(500).json({ message: `The server could not make the backup: ${(error as Error).message}` });
    } finally {
      running = false;
    }
  });
}
