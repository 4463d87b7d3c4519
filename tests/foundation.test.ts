import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerInProcess, startTestServer, type InProcessServer } from "./helpers/server";

let server: InProcessServer;
beforeAll(async () => {
  server = await startServerInProcess();
});
afterAll(async () => {
  await server?.dispose();
});

describe("the production server", () => {
  it("answers /healthz after checking the database", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("sends the security headers on every HTML page; each inline script is allowed by this response's nonce or by its hash", async () => {
    const nonces: string[] = [];
    // "/" anonymous comes from the anonymous-HTML cache (script hashes, decision 012); a 404 and a
    // request carrying another cookie are rendered per request (a fresh nonce each time).
    const requests: [string, RequestInit][] = [
      ["/", {}],
      ["/does-not-exist", {}],
      ["/does-not-exist", {}],
      ["/", { headers: { cookie: "unrelated=1" } }],
    ];
    for (const [path, init] of requests) {
      const res = await fetch(`${server.url}${path}`, init);
      const csp = res.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc).toMatch(/^'self' /);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      // HSTS only in production (tests/hardening.test.ts checks it there).
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      if (nonce) nonces.push(nonce);
      const html = await res.text();
      // Every executable script is allowed: external ones by 'self', inline ones by this response's
      // nonce or by their SHA-256 hash (JSON-LD data blocks are not executed, so CSP does not apply).
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !attrs!.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        if (/\ssrc=/.test(` ${attrs}`)) continue;
        const hash = `'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`;
        const allowed = (nonce !== undefined && attrs!.includes(`nonce="${nonce}"`)) || scriptSrc.includes(hash);
        expect(allowed, `inline script on ${path}: ${body!.slice(0, 60)}`).toBe(true);
      }
    }
    expect(nonces.length).toBeGreaterThanOrEqual(3);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("answers an unknown path with the 404 page and status 404, and logs the path", async () => {
    const res = await fetch(`${server.url}/no-such-page-here`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    await expect.poll(() => server.logs()).toContain('"path":"/no-such-page-here"');
  });

  it("caches fingerprinted assets for a year, sends their precompressed copies and compresses HTML", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    // The build's brotli copy is sent as it is, and decodes to the same stylesheet.
    const identity = await (await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "identity" } })).text();
    const brotli = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("content-type")).toMatch(/^text\/css/);
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await brotli.text()).toBe(identity);
    // Chrome lists gzip first ("gzip, deflate, br, zstd"): it still gets the smaller brotli copy.
    const chrome = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(chrome.headers.get("content-encoding")).toBe("br");
    expect(await chrome.text()).toBe(identity);
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("shuts down cleanly on SIGTERM", async () => {
    const other = await startTestServer();
    const code = await other.stop("SIGTERM");
    expect(code).toBe(0);
    expect(other.logs()).toContain("shut down cleanly");
    await other.dispose();
  });
});

describe("configuration", () => {
  const runServer = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["server/main.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", DATABASE_URL: "memory://", ...env },
      encoding: "utf8",
      timeout: 30_000,
    });

  it("names the bad setting and refuses to start", () => {
    const result = runServer({ PORT: "not-a-port" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
  });

  it("refuses a declared production deployment without secret, public URL and mail settings", () => {
    const result = runServer({ APP_ENV: "production", SESSION_SECRET: "", PUBLIC_URL: "", SMTP_URL: "" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SESSION_SECRET");
    expect(result.stderr).toContain("PUBLIC_URL");
    expect(result.stderr).toContain("SMTP_URL");
  });
});

describe("the embedded database", () => {
  it("makes a second server on the same data folder fail fast with a clear message", async () => {
    const first = await startTestServer({ env: { DATABASE_URL: "" } });
    try {
      const second = spawnSync(process.execPath, ["server/main.js"], {
        env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: first.dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/in use by another process/);
    } finally {
      await first.dispose();
    }
  });
});
