import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { queryCounter, type RequestDatabaseFacts } from "./db/request-facts.ts";

function collect() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}
const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("the logger and an unreachable database", () => {
  it("logs an error that says the database is out of reach as a warning, and notes it on the request", () => {
    const { lines, logger } = collect();
    const facts: RequestDatabaseFacts = { queries: 0 };
    queryCounter.run(facts, () => logger.error({ err: new Error("Failed query: select 1", { cause: terminated }) }, "sign-up failed"));
    expect(lines).toMatchObject([{ level: 40, msg: "sign-up failed" }]);
    expect(facts.unavailable).toBe(true);
  });

  it("reads better-auth's arguments too", () => {
    const { lines, logger } = collect();
    const facts: RequestDatabaseFacts = { queries: 0 };
    queryCounter.run(facts, () => logger.error({ args: [{ query: "select" }, terminated] }, "better-auth: INTERNAL_SERVER_ERROR"));
    expect(lines[0]!.level).toBe(40);
    expect(facts.unavailable).toBe(true);
  });

  it("keeps every other error an error, and the request unmarked", () => {
    const { lines, logger } = collect();
    const facts: RequestDatabaseFacts = { queries: 0 };
    queryCounter.run(facts, () => {
      logger.error({ err: Object.assign(new Error("duplicate key"), { code: "23505" }) }, "could not save");
      logger.error("a plain message");
    });
    expect(lines.map((l) => l.level)).toEqual([50, 50]);
    expect(facts.unavailable).toBeUndefined();
  });
});

describe("the logger's children", () => {
  it("apply the same rule (pino-http's request logger and the error handler's are children)", () => {
    const { lines, logger } = collect();
    const facts: RequestDatabaseFacts = { queries: 0 };
    queryCounter.run(facts, () => logger.child({ requestId: "r1" }).error({ err: terminated }, "error while handling a request"));
    expect(lines[0]!.level).toBe(40);
    expect(facts.unavailable).toBe(true);
  });
});
