import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailable } from "./unavailable.ts";

/**
 * Per-request facts about the database: how many queries a page ran (the request log and tests read
 * it), and whether one failed because the database could not be reached (the answer is then 503).
 */
export type RequestDatabaseFacts = { queries: number; unavailable?: boolean };
export const queryCounter = new AsyncLocalStorage<RequestDatabaseFacts>();

/** Notes on the current request that the database could not be reached, when `error` says so; returns whether it did. */
export function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const store = queryCounter.getStore();
  if (store) store.unavailable = true;
  return true;
}
