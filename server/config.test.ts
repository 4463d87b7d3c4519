import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, isLoopbackHost, loadConfig, parseTrustProxy } from "./config.ts";

const base = { DATA_DIR: "/tmp/fixit-config-unit", SESSION_SECRET: "x".repeat(40) };

describe("the embedded default's exposure", () => {
  it("listens on loopback unless HOST is set, with the mailbox on", () => {
    const config = loadConfig(base);
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.devMailbox).toBe(true);
  });

  it("turns the mailbox off on a non-loopback bind unless DEV_MAILBOX=on", () => {
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }).devMailbox).toBe(false);
    expect(loadConfig({ ...base, HOST: "192.168.1.20" }).devMailbox).toBe(false);
    expect(loadConfig({ ...base, HOST: "0.0.0.0", DEV_MAILBOX: "on" }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, HOST: "::1" }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, DEV_MAILBOX: "off" }).devMailbox).toBe(false);
  });

  it("never has a mailbox in production", () => {
    const production = loadConfig({ ...base, APP_ENV: "production", PUBLIC_URL: "https://fixit.example", SMTP_URL: "smtp://mail.example", DEV_MAILBOX: "on" });
    expect(production.devMailbox).toBe(false);
  });

  it.each(["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])("%s is loopback", (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each(["0.0.0.0", "::", "10.0.0.1", "fixit.example"])("%s is not loopback", (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe("BENCH_MODE", () => {
  const production = { ...base, APP_ENV: "production", PUBLIC_URL: "https://fixit.example", SMTP_URL: "smtp://mail.example" };

  it("turns the per-address rate limits off for the bench, never in production", () => {
    expect(loadConfig(base).perAddressLimitsOff).toBe(false);
    expect(loadConfig({ ...base, BENCH_MODE: "1" }).perAddressLimitsOff).toBe(true);
    expect(loadConfig({ ...production, BENCH_MODE: "1" }).perAddressLimitsOff).toBe(false);
  });

  it("is read in this one place: the features see only the switch's result", () => {
    expect(loadConfig({ ...base, BENCH_MODE: "1" })).not.toHaveProperty("BENCH_MODE");
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
  });

  it.each([
    ["false", false],
    ["none", false],
    ["1", 1],
    ["true", true],
    ["loopback", "loopback"],
    ["10.0.0.0/8, 172.16.0.0/12", "10.0.0.0/8, 172.16.0.0/12"],
  ] as const)("reads %j", (value, expected) => expect(parseTrustProxy(value)).toBe(expected));
});

describe("the outbox lease", () => {
  it("is short by default, so a crashed instance's message is retried within seconds, not a minute", () => {
    expect(loadConfig(base).OUTBOX_LEASE_MS).toBeLessThanOrEqual(15_000);
  });
});

describe("app store settings", () => {
  const base = { DATA_DIR: "/tmp/fixit-config-test", SESSION_SECRET: "x".repeat(32) };

  it("has no store address by default: there is no store app until one is set (decision 073)", () => {
    const config = loadConfig(base);
    expect(config.APP_STORE_URL).toBeNull();
    expect(config.PLAY_STORE_URL).toBeNull();
  });

  it("takes configured addresses, and an empty value hides that store", () => {
    const config = loadConfig({ ...base, APP_STORE_URL: " https://apps.apple.com/gb/app/x/id1 ", PLAY_STORE_URL: "" });
    expect(config.APP_STORE_URL).toBe("https://apps.apple.com/gb/app/x/id1");
    expect(config.PLAY_STORE_URL).toBeNull();
  });

  it("refuses an address that is not an http(s) URL, naming the setting", () => {
    expect(() => loadConfig({ ...base, PLAY_STORE_URL: "javascript:alert(1)" })).toThrow(/PLAY_STORE_URL/);
    expect(() => loadConfig({ ...base, APP_STORE_URL: "not a url" })).toThrow(/APP_STORE_URL/);
  });
});

describe("metrics settings", () => {
  it("leave /metrics off by default", () => {
    const config = loadConfig(base);
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
  });

  it("take a token of 32 characters or more and a port, and treat empty values as unset", () => {
    const config = loadConfig({ ...base, METRICS_TOKEN: "t".repeat(32), METRICS_PORT: "9464" });
    expect(config.METRICS_TOKEN).toBe("t".repeat(32));
    expect(config.METRICS_PORT).toBe(9464);
    expect(loadConfig({ ...base, METRICS_TOKEN: " ", METRICS_PORT: "" })).toMatchObject({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
  });

  it("refuse a short token and a port that is not one, naming the setting", () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short-token" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "nine" })).toThrow(/METRICS_PORT/);
  });
});

describe("OpenTelemetry traces", () => {
  const base = { DATA_DIR: "/tmp/fixit-config-test", SESSION_SECRET: "x".repeat(32) };

  it("are on when either OTLP endpoint is set, and off when unset or blank", () => {
    expect(loadConfig(base).tracing).toBe(false);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: " " }).tracing).toBe(false);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toBe(true);
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" }).tracing).toBe(true);
  });

  it("refuses an endpoint that is not a URL, naming the setting", () => {
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "collector" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe("Web Push's VAPID keys", () => {
  const production = { ...base, APP_ENV: "production", PUBLIC_URL: "https://fixit.example", SMTP_URL: "smtp://mail.example" };
  const pair = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fixit-vapid-"));
    return { dir, keys: loadConfig({ ...base, DATA_DIR: dir }).webPush! };
  };

  it("are generated into DATA_DIR on first start and read back on the next", () => {
    const { dir, keys } = pair();
    expect(keys.source).toBe("generated");
    expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    expect(readFileSync(path.join(dir, "web-push-vapid-keys"), "utf8").trim()).toBe(`${keys.publicKey}.${keys.privateKey}`);
    expect(loadConfig({ ...base, DATA_DIR: dir }).webPush).toEqual(keys);
    rmSync(dir, { recursive: true, force: true });
  });

  it("come from WEB_PUSH_VAPID_KEYS when set; in production only from there, else push is off", () => {
    const { dir, keys } = pair();
    const setting = `${keys.publicKey}.${keys.privateKey}`;
    expect(loadConfig({ ...production, WEB_PUSH_VAPID_KEYS: setting }).webPush).toEqual({ ...keys, source: "setting" });
    expect(loadConfig(production).webPush).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuse half a pair, two halves of different pairs, and garbage, at start", () => {
    const { dir, keys } = pair();
    const other = pair();
    for (const value of [keys.publicKey, `${keys.publicKey}.`, `.${keys.privateKey}`, `${keys.publicKey}.${other.keys.privateKey}`, `${keys.publicKey}.${keys.privateKey}.x`, "not.keys"]) {
      expect(() => loadConfig({ ...base, WEB_PUSH_VAPID_KEYS: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base, WEB_PUSH_VAPID_KEYS: keys.publicKey })).toThrow(/WEB_PUSH_VAPID_KEYS/);
    rmSync(dir, { recursive: true, force: true });
    rmSync(other.dir, { recursive: true, force: true });
  });

  it("the seeding endpoint's secret is for APP_ENV=test only, and long", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ ...base, APP_ENV: "test", TEST_SEED_SECRET: secret }).TEST_SEED_SECRET).toBe(secret);
    expect(loadConfig({ ...base, APP_ENV: "test", TEST_SEED_SECRET: "" }).TEST_SEED_SECRET).toBeUndefined();
    expect(() => loadConfig({ ...base, TEST_SEED_SECRET: secret })).toThrow(/APP_ENV=test/);
    expect(() => loadConfig({ ...production, TEST_SEED_SECRET: secret })).toThrow(/APP_ENV=test/);
    expect(() => loadConfig({ ...base, APP_ENV: "test", TEST_SEED_SECRET: "short" })).toThrow(/TEST_SEED_SECRET/);
  });

  it("loopback push endpoints are for tests only", () => {
    expect(loadConfig({ ...base, WEB_PUSH_LOOPBACK_ENDPOINTS: "on" }).WEB_PUSH_LOOPBACK_ENDPOINTS).toBe(true);
    expect(() => loadConfig({ ...production, WEB_PUSH_LOOPBACK_ENDPOINTS: "on" })).toThrow(/tests only/);
  });
});
