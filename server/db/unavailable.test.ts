import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const pgError = (code: string, message = "error") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a database that restarts, fails over, ends connections or has no room", () => {
    for (const error of [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006", "connection failure"),
      pgError("53300", "sorry, too many clients already"),
      pgError("53100", "could not extend file: No space left on device"),
      pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it("reads through the wrappers (Drizzle's query error, better-auth's API error) to their cause", () => {
    const cause = pgError("57P01", "terminating connection due to administrator command");
    const drizzle = new Error("Failed query: select 1", { cause });
    expect(isDatabaseUnavailable(new Error("Failed to get session", { cause: drizzle }))).toBe(true);
  });

  it("leaves a wrong query, a broken rule or a plain error alone", () => {
    for (const error of [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("42P01", "relation does not exist"),
      pgError("40001", "could not serialize access"),
      new Error("Invalid input"),
      "Connection terminated",
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
