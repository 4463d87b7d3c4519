import type { Response } from "express";
import { DATABASE_RETRY_AFTER_SECONDS } from "#server/db/unavailable.ts";

/**
 * The answer to a request that failed because the database could not be reached: 503 with
 * Retry-After, never the 500 page. Nothing the request asked for was done (its transaction, if it
 * had begun one, rolled back with the connection), so sending it again is safe.
 */
export const databaseUnavailableMessage = "FixiT is briefly unavailable. Nothing you sent was saved: please try again in a minute.";

const page = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Briefly unavailable | FixiT</title></head><body><main><h1>We'll be right back</h1><p>${databaseUnavailableMessage}</p><p><a href="">Try again</a></p></main></body></html>`;

export function answerDatabaseUnavailable(res: Response) {
  if (res.headersSent) return void res.end();
  res.status(503).set({ "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" });
  // A script's request (React Router's data requests, the auth API, the live stream) gets words, not a page.
  if (res.req.accepts(["html", "json"]) === "json" || /\.data$|^\/api\/|^\/live\//.test(res.req.path)) {
    res.json({ error: databaseUnavailableMessage });
  } else {
    res.type("html").send(page);
  }
}
