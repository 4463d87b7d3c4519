import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPEAT_LOG_EVERY, refusalMemo, type RefusalLogLocals } from "./refusal-memo.ts";

let server: Server;
let base: string;
let clock = 1_000_000;
const seen: string[] = [];
/** What each answered request left for the request log, in order. */
const logged: RefusalLogLocals[] = [];

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.on("finish", () => logged.push({ ...(res.locals as RefusalLogLocals) }));
    next();
  });
  app.use(refusalMemo({ clientIp: (req) => String(req.headers["x-test-ip"] ?? "192.0.2.1"), now: () => clock }));
  // Stands in for React Router: reads the form from the stream as the adapter does, refuses "flood".
  app.post("/form", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      seen.push(body);
      if (body.includes("flood")) res.status(429).set({ "retry-after": "60", "content-type": "application/json; charset=utf-8" }).end(JSON.stringify({ ok: false, body }));
      else res.status(200).json({ ok: true, body });
    });
  });
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", () => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/form`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });

describe("refusalMemo", () => {
  it("hands the form on intact, and runs the handler again for anything that was not a 429", async () => {
    seen.length = 0;
    for (let i = 0; i < 3; i++) expect(await (await post("name=Ada&x=%C3%A9")).json()).toEqual({ ok: true, body: "name=Ada&x=%C3%A9" });
    expect(seen).toHaveLength(3);
  });

  it("repeats a remembered 429 without the handler until Retry-After runs out", async () => {
    seen.length = 0;
    const first = await post("intent=flood&email=a%40example.com");
    expect(first.status).toBe(429);
    const body = await first.text();
    clock += 20_000;
    for (let i = 0; i < 5; i++) {
      const again = await post("intent=flood&email=a%40example.com");
      expect(again.status).toBe(429);
      expect(again.headers.get("retry-after")).toBe("40");
      expect(await again.text()).toBe(body);
    }
    expect(seen).toHaveLength(1);
    // Another form, another address, another cookie or a browser: the handler decides.
    await post("intent=flood&email=b%40example.com");
    await post("intent=flood&email=a%40example.com", { "x-test-ip": "192.0.2.9" });
    await post("intent=flood&email=a%40example.com", { cookie: "session=1" });
    await post("intent=flood&email=a%40example.com", { accept: "text/html" });
    expect(seen).toHaveLength(5);
    // When the window has passed, the handler is asked again.
    clock += 41_000;
    await post("intent=flood&email=a%40example.com");
    expect(seen).toHaveLength(6);
  });

  it("leaves the first repeat and every hundredth to the request log, with the count, and quiets the rest", async () => {
    const form = "intent=flood&email=sampled%40example.com";
    expect((await post(form)).status).toBe(429);
    logged.length = 0;
    for (let i = 0; i < 2 * REPEAT_LOG_EVERY; i++) expect((await post(form)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const counted = logged.filter((l) => l.refusalRepeats !== undefined).map((l) => l.refusalRepeats);
    expect(counted).toEqual([1, REPEAT_LOG_EVERY, 2 * REPEAT_LOG_EVERY]);
    expect(logged.filter((l) => l.quietLog)).toHaveLength(2 * REPEAT_LOG_EVERY - 3);
    // A request the handler answers is always logged.
    logged.length = 0;
    await post("name=Ada");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toEqual([{}]);
  });
});
