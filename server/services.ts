import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Auth } from "./auth/auth.ts";
import type { Logger } from "./logger.ts";
import type { FileStore } from "./storage/store.ts";

/** What the server builds once at start-up and hands to every loader and action. */
export type AppServices = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  /** better-auth (server/auth/auth.ts): sessions, sign-in, sign-up, reset. */
  auth: Auth;
  /** Private file storage (local disk or S3); see server/storage/index.ts. */
  storage: FileStore;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    cspNonce: string;
    /** The client's address as Express sees it (honours TRUST_PROXY). Never looked up elsewhere. */
    clientIp: string;
    userAgent: string;
    requestId: string;
  }
}
