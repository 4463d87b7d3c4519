import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { LiveChannel } from "./live/channel.ts";
import type { Logger } from "./logger.ts";
import type { FileStore } from "./storage/store.ts";

/**
 * The infrastructure the server builds once at start-up. Features add their own services on top
 * (app/app-services.server.ts, the composition root's); features and infrastructure code take only the
 * narrow parts they use (decision 088).
 */
export type InfraServices = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  /** Private file storage (local disk or S3); see server/storage/index.ts. */
  storage: FileStore;
  /** Events to every instance's open pages: LISTEN/NOTIFY (server/live/channel.ts, decision 048). */
  live: LiveChannel;
};

/** What background jobs and the mail transport need: configuration, a logger and the database. */
export type JobServices = Pick<InfraServices, "config" | "logger" | "db">;
