import type * as WebPush from "web-push";
import type { VapidKeys } from "#server/config.ts";

type WebPushLibrary = typeof WebPush;

/**
 * Sends one Web Push message (RFC 8030) to one device. The web-push library encrypts the payload
 * (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself goes through fetch,
 * with a timeout and the worker's abort signal, so that a test's local push service can be plain
 * http on loopback (web-push's own sender speaks https only).
 */

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  vapid: Pick<VapidKeys, "publicKey" | "privateKey">;
  /** `mailto:` the site's contact address, or an https URL: who the push service may contact. */
  subject: string;
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  /** Replaces a message still waiting at the push service under the same topic (≤ 32 base64url characters). */
  topic?: string;
  urgency?: "very-low" | "low" | "normal" | "high";
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** What the push service answered: delivered, gone for good (the subscription is dead), or failed (retry). */
export type PushResult = { outcome: "sent"; status: number } | { outcome: "gone"; status: number } | { outcome: "failed"; status: number; detail: string };

const DEFAULT_TIMEOUT_MS = 10_000;

// web-push (with its JWT and ASN.1 libraries) loads on the first push, not at start (decision 030).
let library: Promise<WebPushLibrary> | undefined;
const loadWebPush = () => (library ??= import("web-push").then((module) => ((module as { default?: WebPushLibrary }).default ?? module)));

export async function sendPush(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult> {
  const webPush = await loadWebPush();
  const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
    TTL: options.ttlSeconds,
    contentEncoding: "aes128gcm",
    urgency: options.urgency ?? "normal",
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const headers = new Headers();
  // fetch sets Content-Length from the body itself.
  for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const response = await fetch(target.endpoint, {
    method: "POST",
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: "error",
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  const text = (await response.text().catch(() => "")).slice(0, 300);
  if (response.status >= 200 && response.status < 300) return { outcome: "sent", status: response.status };
  // 404 and 410: the subscription expired or was unsubscribed; it will never work again (RFC 8030 §7.3).
  if (response.status === 404 || response.status === 410) return { outcome: "gone", status: response.status };
  return { outcome: "failed", status: response.status, detail: `push service answered ${response.status}${text ? `: ${text.replace(/\s+/g, " ")}` : ""}` };
}
