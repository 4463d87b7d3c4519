import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

/**
 * The anonymous-HTML cache (decision 012): a public page a visitor without a session renders once
 * per build, path and cookie-choice state (and day, for the pages that word dates against today),
 * then is served from memory, precompressed, with a strong ETag. Only the pure parts live here;
 * server/http/page-cache-middleware.ts decides which requests may use it.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CacheKeyParts = {
  buildId: string;
  path: string;
  /** Whether the visitor has made a cookie choice: the banner is in the HTML only when not. */
  consentChosen: boolean;
  /** The day (UTC and UK): pages word dated claims against today, so a new day renders afresh. */
  day: string;
};

export function pageCacheKey(parts: CacheKeyParts): string {
  return `${parts.buildId}\u0000${parts.day}\u0000${parts.consentChosen ? "chosen" : "unchosen"}\u0000${parts.path}`;
}

export type CachedPage = {
  /** Response headers the page itself set (content type, link, …), without per-response ones. */
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the identity body; the compressed bodies carry `"<hash>-br"` / `"<hash>-gz"`. */
  etag: string;
  /** `'sha256-…'` of every inline script, for the cached response's Content-Security-Policy. */
  scriptHashes: string[];
};

/** Every inline `<script>` body (those without `src`), exactly as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`)) continue;
    found.push(match[2]!);
  }
  return found;
}

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/** Compresses once at the highest settings: the cost is paid once per build and path, not per request. */
export async function preparePage(html: string, headers: [string, string][]): Promise<CachedPage> {
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  return {
    headers,
    identity,
    br,
    gzip: gz,
    etag: `"${hash}"`,
    scriptHashes: [...new Set(inlineScripts(html).map(scriptHash))],
  };
}

/** The ETag of the body sent for an encoding. */
export function etagFor(page: CachedPage, encoding: "br" | "gzip" | "identity"): string {
  return encoding === "identity" ? page.etag : `${page.etag.slice(0, -1)}-${encoding === "br" ? "br" : "gz"}"`;
}

/** Whether an If-None-Match header names any representation of this page (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const ours = new Set([etagFor(page, "identity"), etagFor(page, "br"), etagFor(page, "gzip")]);
  return header.split(",").some((tag) => ours.has(tag.trim().replace(/^W\//, "")));
}

/**
 * The cached response's policy: the per-response nonce replaced by the hashes of the page's inline
 * scripts, so the policy stays exactly as strict (no 'unsafe-inline') while the body stays fixed.
 */
export function policyWithScriptHashes(policy: string, nonce: string, hashes: string[]): string {
  return policy.replace(`'nonce-${nonce}'`, hashes.join(" "));
}

/**
 * Entries of one build at a time: storing an entry of a new build drops every entry of other
 * builds (and of other days), so a deploy or a new day never serves an old page. Concurrent
 * misses of one key share one render.
 */
export class PageCache {
  private entries = new Map<string, { buildId: string; day: string; path: string; expiresAt: number; page: CachedPage }>();
  private pending = new Map<string, Promise<CachedPage | null>>();
  private current: { buildId: string; day: string } | undefined;
  /** Bumped by every invalidate(): a render that started before it is not stored (it may hold old data). */
  private generation = 0;

  get size(): number {
    return this.entries.size;
  }

  get(parts: CacheKeyParts, now = Date.now()): CachedPage | undefined {
    const key = pageCacheKey(parts);
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry?.page;
  }

  /**
   * The cached page, or `render()`'s result stored; `null` (not cacheable) is returned and not stored.
   * `maxAgeMs` bounds how long a page built from data (not only typed content) is served.
   */
  getOrRender(parts: CacheKeyParts, render: () => Promise<CachedPage | null>, maxAgeMs?: number): Promise<CachedPage | null> {
    const key = pageCacheKey(parts);
    const hit = this.get(parts);
    if (hit) return Promise.resolve(hit);
    let pending = this.pending.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = render()
        .then((page) => {
          if (page && generation === this.generation) this.set(parts, page, maxAgeMs);
          return page;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  set(parts: CacheKeyParts, page: CachedPage, maxAgeMs = Number.POSITIVE_INFINITY): void {
    if (this.current?.buildId !== parts.buildId || this.current.day !== parts.day) {
      for (const [key, entry] of this.entries) {
        if (entry.buildId !== parts.buildId || entry.day !== parts.day) this.entries.delete(key);
      }
      this.current = { buildId: parts.buildId, day: parts.day };
    }
    this.entries.set(pageCacheKey(parts), { buildId: parts.buildId, day: parts.day, path: parts.path, expiresAt: Date.now() + maxAgeMs, page });
  }

  /**
   * Drops every entry whose path matches (the data it was built from changed), and keeps renders
   * already under way from storing what they read before the change. Returns how many were dropped.
   */
  invalidate(matches: (path: string) => boolean): number {
    this.generation++;
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (matches(entry.path)) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }
}

const londonDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today as the pages see it: dated claims flip at UTC midnight and pages show UK dates, so both count. */
export function dayKey(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 10)}/${londonDay.format(now)}`;
}
