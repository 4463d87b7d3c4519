import { describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { saveRegistration } from "./registration.server";
import { isTransientDbError, REGISTRATION_RETRY, withRetry } from "./retry";

const transient = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

/** A stand-in for drizzle's insert(...).values(...).returning(): fails `failures` times, then returns a row. */
function fakeDb(failures: unknown[]) {
  const calls: unknown[] = [];
  const db = {
    insert: () => ({
      values: (values: unknown) => ({
        returning: async () => {
          calls.push(values);
          const failure = failures.shift();
          if (failure) throw failure;
          return [{ id: 42 }];
        },
      }),
    }),
  } as unknown as Db;
  return { db, calls };
}

const details = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "07700 900123" };

describe("withRetry (3 attempts, 1 s doubling)", () => {
  it("uses the spec's numbers", () => {
    expect(REGISTRATION_RETRY).toEqual({ attempts: 3, initialDelayMs: 1000, factor: 2 });
  });

  it("retries a transient failure after 1 s then 2 s, and returns the third attempt's result", async () => {
    const waits: number[] = [];
    let attempt = 0;
    const result = await withRetry(
      async () => {
        attempt += 1;
        if (attempt < 3) throw transient();
        return "saved";
      },
      { ...REGISTRATION_RETRY, isTransient: isTransientDbError, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("saved");
    expect(waits).toEqual([1000, 2000]);
  });

  it("gives up after 3 attempts with the last error", async () => {
    const waits: number[] = [];
    let attempts = 0;
    await expect(
      withRetry(
        async () => {
          attempts += 1;
          throw transient();
        },
        { ...REGISTRATION_RETRY, isTransient: isTransientDbError, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow("administrator command");
    expect(attempts).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it("does not retry a failure that would happen again (a constraint violation)", async () => {
    let attempts = 0;
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    await expect(
      withRetry(
        async () => {
          attempts += 1;
          throw unique;
        },
        { ...REGISTRATION_RETRY, isTransient: isTransientDbError, sleep: async () => {} },
      ),
    ).rejects.toBe(unique);
    expect(attempts).toBe(1);
  });
});

describe("isTransientDbError", () => {
  it("recognises connection, serialization and deadlock failures, also wrapped in a cause", () => {
    expect(isTransientDbError(transient())).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "40001" }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "40P01" }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(true);
    expect(isTransientDbError(new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "08003" }) }))).toBe(true);
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
  });
  it("leaves everything else alone", () => {
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
    expect(isTransientDbError(new Error("syntax error"))).toBe(false);
    expect(isTransientDbError(undefined)).toBe(false);
  });
});

describe("saveRegistration", () => {
  it("retries the insert on transient failures and stores the details once it succeeds", async () => {
    const { db, calls } = fakeDb([transient(), transient()]);
    const waits: number[] = [];
    const retries: number[] = [];
    const row = await saveRegistration(db, details, { userAgent: "ua", ip: "203.0.113.9" }, { sleep: async (ms) => void waits.push(ms), onRetry: (_e, attempt) => retries.push(attempt) });
    expect(row).toEqual({ id: 42 });
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({ ...details, userAgent: "ua", ip: "203.0.113.9" });
    expect(waits).toEqual([1000, 2000]);
    expect(retries).toEqual([1, 2]);
  });

  it("fails after three transient failures", async () => {
    const { db, calls } = fakeDb([transient(), transient(), transient()]);
    await expect(saveRegistration(db, details, { userAgent: "", ip: "" }, { sleep: async () => {} })).rejects.toThrow();
    expect(calls).toHaveLength(3);
  });
});
