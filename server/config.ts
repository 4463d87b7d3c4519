import { createECDH, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up. A bad value stops the
 * server with a message that names the setting. `.env.example` lists them all.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const email = z.preprocess(emptyToUndefined, z.email());
const bool = z.preprocess(
  (v) => (typeof v === "string" ? ["1", "true", "yes", "on"].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);

/** Unset or empty: none (null); otherwise it must be an http(s) URL. */
const storeUrl = () =>
  z
    .string()
    .default("")
    .transform((v) => v.trim())
    .pipe(z.union([z.literal("").transform(() => null), z.url({ protocol: /^https?$/ })]));

const envSchema = z.object({
  /** `production` is a declared deployment (the settings below it requires; no /dev pages); `test` behaves as `development`. */
  APP_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "test", "production"]).default("development")),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  /** Loopback by default: the embedded default (with its open dev mailbox) is not reachable from the network unless asked. */
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  /**
   * The development mailbox (/dev/mailbox) shows every email, reset links included, to anyone who can reach it.
   * auto (default): on when the server listens on loopback only; on/off force it. Never in production.
   */
  DEV_MAILBOX: z.preprocess(emptyToUndefined, z.enum(["auto", "on", "off"]).default("auto")),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("data")),
  /** PostgreSQL connection string; unset = embedded PGlite under DATA_DIR/pglite; `memory://` = in-memory PGlite. */
  DATABASE_URL: optionalString,
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe (Express "trust proxy": a hop count, or a
   * comma-separated list of addresses/CIDRs such as loopback or 10.0.0.0/8). Default: none.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default("false")),
  /**
   * Turns GET /metrics (Prometheus) on for the main port, answering only `Authorization: Bearer <token>`;
   * any other request for it gets the site's 404. Unset (and no METRICS_PORT): /metrics does not exist.
   */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * A second listener on HOST's interface that serves only /metrics, without a token (for a port only
   * the Prometheus server can reach). 0: any free port (tests). Unset: none.
   */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),

  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("FixiT <hello@fixit.local>")),
  MAIL_WORKER_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(50).default(2000)),
  MAIL_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(8)),
  /** Outbox: first retry delay (doubles each attempt, capped at 30 min) and the lease a claimed job holds, renewed while it runs. */
  MAIL_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).default(5000)),
  /** 15 s: a send takes well under that (SMTP and webhook attempts time out sooner), and a live worker renews it every lease/3. */
  OUTBOX_LEASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(500).default(15_000)),
  SUPPORT_INBOX: email.default("support@fixit.local"),
  INVESTOR_INBOX: email.default("investors@fixit.local"),
  FEEDBACK_INBOX: email.default("feedback@fixit.local"),
  RECRUITMENT_INBOX: email.default("careers@fixit.local"),

  SHEETS_WEBHOOK_URL: optionalUrl,
  SHEETS_WEBHOOK_SECRET: optionalString,

  UPLOAD_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(5 * 1024 * 1024)),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("auto")),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The Connect webhook endpoint's signing secret (events of fixers' connected accounts: account.updated). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API address, e.g. stripe-mock or a test double (default: Stripe's own). */
  STRIPE_API_URL: optionalUrl,
  /** Operator-defined VIP codes for campaigns, comma-separated; compared after trimming, case-sensitively. */
  VIP_CAMPAIGN_CODES: optionalString,
  STAFF_ADMIN_EMAILS: optionalString,
  /**
   * A store app's pages. Unset (the default): there is no store app, no page claims one and the pages
   * offer the installable web app instead (decision 073); set: that store's badge shows.
   */
  APP_STORE_URL: storeUrl(),
  PLAY_STORE_URL: storeUrl(),
  /**
   * OpenTelemetry: an OTLP collector's address turns traces on (server/tracing.js, loaded by server/main.js);
   * the SDK reads these and the other standard OTEL_* variables itself. Unset: nothing of OpenTelemetry loads.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
  /**
   * Which work this process does (issue 47). all (default): everything, as one process. web: serves the
   * site and runs no background work (no outbox worker, timers, reconciliation or retention). worker:
   * runs that background work and serves only /healthz and /metrics on PORT. web and worker share one
   * PostgreSQL database (the embedded one belongs to a single process).
   */
  ROLE: z.preprocess((v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v), z.enum(["all", "web", "worker"], { error: 'must be "all", "web" or "worker"' }).default("all")),
  /**
   * Web Push's VAPID key pair as `<public key>.<private key>` (base64url, P-256: 65 and 32 bytes), e.g. from
   * `npx web-push generate-vapid-keys`. Unset: generated into DATA_DIR on first start (not in production,
   * where every instance must sign with one pair: unset there, push is off). Changing it orphans every
   * device subscribed under the old pair (docs/OPERATIONS.md, decision 074).
   */
  WEB_PUSH_VAPID_KEYS: optionalString,
  /** Tests only: a device's push endpoint may be http://127.0.0.1 / localhost (the local test push service). Refused in production. */
  WEB_PUSH_LOOPBACK_ENDPOINTS: bool.default(false),
  /**
   * Tests only: the secret the browser tests' seeding endpoint (POST /internal/test/seed, decision 085)
   * asks for. Unset, there is no such endpoint; refused unless APP_ENV=test.
   */
  TEST_SEED_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").max(200).optional()),
  /** Set by `npm run bench`: per-IP form rate limits are off (never in production), as every request comes from one address. */
  BENCH_MODE: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Omit<Env, "BENCH_MODE"> & {
  isProduction: boolean;
  /**
   * The one BENCH_MODE switch: per-address rate limits (the forms, VIP codes, fixer registration) are
   * off, as `npm run bench` sends everything from one address. Never in production.
   */
  perAddressLimitsOff: boolean;
  publicUrl: string;
  sessionSecret: string;
  /** VIP_CAMPAIGN_CODES as a list (each trimmed, empty entries dropped). */
  vipCampaignCodes: string[];
  /** STAFF_ADMIN_EMAILS as a lower-cased list: these accounts become admins when they sign in (app/features/staff/roles.server.ts). */
  staffAdminEmails: string[];
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dir: string | null };
  /** TRUST_PROXY as Express takes it: false (trust nobody), a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Whether OpenTelemetry traces are sent (an OTLP endpoint is set). */
  tracing: boolean;
  /** Whether /dev/mailbox exists (see DEV_MAILBOX). */
  devMailbox: boolean;
  /** Web Push's VAPID key pair (base64url), or null when push is off (production without WEB_PUSH_VAPID_KEYS). */
  webPush: VapidKeys | null;
};

export type VapidKeys = { publicKey: string; privateKey: string; source: "setting" | "generated" };

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.APP_ENV === "production";

  if (isProduction) {
    const missing = [
      !env.SESSION_SECRET && "SESSION_SECRET",
      !env.PUBLIC_URL && "PUBLIC_URL",
      !env.SMTP_URL && "SMTP_URL",
    ].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(`APP_ENV=production needs these settings: ${missing.join(", ")}`);
    }
  }

  if (env.TEST_SEED_SECRET && env.APP_ENV !== "test") throw new ConfigError("TEST_SEED_SECRET is for the browser tests only and needs APP_ENV=test.");
  if (isProduction && env.WEB_PUSH_LOOPBACK_ENDPOINTS) throw new ConfigError("WEB_PUSH_LOOPBACK_ENDPOINTS is for tests only and cannot be on with APP_ENV=production.");
  const webPush = env.WEB_PUSH_VAPID_KEYS ? parseVapidKeys(env.WEB_PUSH_VAPID_KEYS) : isProduction ? null : generatedVapidKeys(env.DATA_DIR);

  const memory = env.DATABASE_URL === "memory://";
  if (env.ROLE !== "all" && (!env.DATABASE_URL || memory)) {
    throw new ConfigError(`ROLE=${env.ROLE} needs DATABASE_URL (PostgreSQL): the web and worker processes share one database, and the embedded one belongs to a single process. Use ROLE=all (the default) with it.`);
  }
  const database: Config["database"] =
    env.DATABASE_URL && !memory
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dir: memory ? null : path.resolve(env.DATA_DIR, "pglite") };

  const { BENCH_MODE, ...settings } = env;
  return {
    ...settings,
    isProduction,
    perAddressLimitsOff: BENCH_MODE && !isProduction,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    sessionSecret: env.SESSION_SECRET ?? generatedSecret(env.DATA_DIR),
    vipCampaignCodes: parseCodeList(env.VIP_CAMPAIGN_CODES),
    staffAdminEmails: parseCodeList(env.STAFF_ADMIN_EMAILS?.toLowerCase()),
    database,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tracing: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
    devMailbox: !isProduction && (env.DEV_MAILBOX === "on" || (env.DEV_MAILBOX === "auto" && isLoopbackHost(env.HOST))),
    webPush,
  };
}

/** "false"/"none" → trust nobody; "2" → two hops; "true" → everyone (only behind a proxy that overwrites the header); else a list. */
export function parseTrustProxy(value: string): boolean | number | string {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "none" || text === "0" || text === "no" || text === "off") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  return value.trim();
}

/** True for an address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** "SPRING-2026, LAUNCH-VIP" → ["SPRING-2026", "LAUNCH-VIP"]. */
export function parseCodeList(value: string | undefined): string[] {
  return [...new Set((value ?? "").split(",").map((code) => code.trim()).filter(Boolean))];
}

/** The embedded default keeps a random secret in DATA_DIR so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The P-256 public key (uncompressed, base64url) that `privateKey` (base64url) belongs to. */
function vapidPublicKeyOf(privateKey: Buffer): string {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString("base64url");
}

/**
 * WEB_PUSH_VAPID_KEYS: `<public>.<private>`, both base64url, the private key's own public key. Half a
 * pair, or two halves of different pairs, stop the server here rather than fail every push later.
 */
export function parseVapidKeys(value: string): VapidKeys {
  const parts = value.trim().split(".");
  const [publicKey = "", privateKey = ""] = parts;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (parts.length !== 2 || !base64url.test(publicKey) || !base64url.test(privateKey)) {
    throw new ConfigError("Invalid configuration:\n  WEB_PUSH_VAPID_KEYS: must be the public key and the private key, base64url, joined by a dot (<public>.<private>); one half alone is not enough");
  }
  const privateBytes = Buffer.from(privateKey, "base64url");
  if (Buffer.from(publicKey, "base64url").length !== 65 || privateBytes.length !== 32) {
    throw new ConfigError("Invalid configuration:\n  WEB_PUSH_VAPID_KEYS: a P-256 key pair has a 65-byte public key and a 32-byte private key (npx web-push generate-vapid-keys makes one)");
  }
  let derived: string;
  try {
    derived = vapidPublicKeyOf(privateBytes);
  } catch {
    throw new ConfigError("Invalid configuration:\n  WEB_PUSH_VAPID_KEYS: the private key is not a P-256 private key");
  }
  if (derived !== publicKey) throw new ConfigError("Invalid configuration:\n  WEB_PUSH_VAPID_KEYS: the public key does not belong to the private key (two halves of different pairs?)");
  return { publicKey, privateKey, source: "setting" };
}

/** The embedded default keeps a VAPID key pair in DATA_DIR, made on first start, so subscribed devices keep working across restarts. */
function generatedVapidKeys(dataDir: string): VapidKeys {
  const file = path.resolve(dataDir, "web-push-vapid-keys");
  if (existsSync(file)) {
    try {
      const stored = parseVapidKeys(readFileSync(file, "utf8"));
      return { ...stored, source: "generated" };
    } catch {
      // A damaged file is replaced, as a missing one is: the devices subscribed under it subscribe again.
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // A private key with a leading zero byte comes out 31 bytes long: padded, it reads back as 32.
  const privateBytes = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateBytes, 32 - raw.length);
  const keys = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateBytes.toString("base64url") };
  writeFileSync(file, `${keys.publicKey}.${keys.privateKey}\n`, { mode: 0o600 });
  return { ...keys, source: "generated" };
}
