import http from "node:http";
import { describe, expect, it } from "vitest";
import {
  HOSTILE_ENCODED,
  HOSTILE_TEXT,
  PUBLIC_QUERIES,
  STAFF_FILTERS,
  STAFF_LISTS,
  baseUrl,
  get,
  lastFailures,
  runAll,
  staffBrowser,
  memberBrowser,
  startHostileServerForFile,
} from "./helpers/hostile-input";

/**
 * Hostile values (decision 014) in every query parameter of the public routes and the staff lists (as
 * staff), and in the Host and forwarding headers.
 * Nothing may answer 5xx. Runs once, on PGlite (vitest.config.ts says why).
 */
startHostileServerForFile();

describe("hostile input", () => {
  it("answers hostile query parameters on public routes and staff lists (as staff) without a 5xx", async () => {
    const values = [...HOSTILE_ENCODED, ...HOSTILE_TEXT.map((v) => encodeURIComponent(v))];
    const tasks = [
      ...Object.entries(PUBLIC_QUERIES).flatMap(([path, params]) =>
        params.flatMap((param) => values.map((v) => ({ label: `GET ${path}?${param}=${v.slice(0, 40)}`, run: () => get(`${path}?${param}=${v}`, memberBrowser()) }))),
      ),
      ...STAFF_LISTS.flatMap((list) => values.map((v) => ({ label: `GET /staff/${list}?q=${v.slice(0, 40)}`, run: () => get(`/staff/${list}?q=${v}`, staffBrowser()) }))),
      ...STAFF_FILTERS.flatMap((param, p) =>
        values.map((v, i) => {
          const list = STAFF_LISTS[(i + p * 5) % STAFF_LISTS.length]!;
          return { label: `GET /staff/${list}?${param}=${v.slice(0, 40)}`, run: () => get(`/staff/${list}?${param}=${v}`, staffBrowser()) };
        }),
      ),
      ...STAFF_LISTS.flatMap((list) => values.map((v) => ({ label: `GET /staff/export/${list}?q=${v.slice(0, 40)}`, run: () => get(`/staff/export/${list}?q=${v}`, staffBrowser()) }))),
      ...STAFF_LISTS.filter((l) => l !== "vip-members").flatMap((list) => values.map((v) => ({ label: `GET /staff/${list}/${v.slice(0, 40)}`, run: () => get(`/staff/${list}/${v}`, staffBrowser()) }))),
      ...values.map((v) => ({ label: `GET /categories/${v.slice(0, 40)}`, run: () => get(`/categories/${v}`) })),
      ...values.map((v) => ({ label: `GET /${v.slice(0, 40)}`, run: () => get(`/${v}`) })),
    ];
    await runAll(tasks);
    expect(lastFailures()).toEqual([]);
  }, 600_000);

  it("answers hostile Host and forwarding headers without a 5xx", async () => {
    const headerValues = ["<svg onload=alert(1)>", "x".repeat(10_000), "%FF", "%C3%28", "../../etc/passwd", "=cmd|' /C calc'!A0", "' OR 1=1 --", "evil.example", "evil.example:99999", "[::1", "a b", "\u00ff"];
    const raw = (headers: Record<string, string>, path = "/") =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(baseUrl());
        const req = http.request({ host: url.hostname, port: url.port, path, headers, setHost: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
    const tasks = headerValues.flatMap((value) =>
      ["/", "/help", "/auth"].flatMap((path) => [
        { label: `Host: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: value }, path) },
        { label: `X-Forwarded-Host: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-host": value }, path) },
        { label: `X-Forwarded-Proto: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-proto": value }, path) },
        { label: `X-Forwarded-For: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-for": value }, path) },
      ]),
    );
    // The same forwarded address on a form POST (it becomes a rate-limit key and a security-event column).
    const forms = headerValues.map((value) => ({
      label: `POST /auth with X-Forwarded-For: ${value.slice(0, 30)}`,
      run: async () => {
        const res = await fetch(`${baseUrl()}/auth`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": value.replace(/[^\x20-\x7e]/g, "?") },
          body: new URLSearchParams({ intent: "sign-in", email: "hostile@example.com", password: "nope-nope" }),
        });
        await res.arrayBuffer();
        return res.status;
      },
    }));
    await runAll([...tasks, ...forms]);
    expect(lastFailures()).toEqual([]);
  }, 300_000);
});
