import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error -- http_ece ships no types; only decrypt is used here.
import ece from "http_ece";

/**
 * A local stand-in for a browser's push service (RFC 8030), for the integration tests. Each device
 * it makes has its own key pair and auth secret (node:crypto ECDH prime256v1 and 16 random bytes),
 * as a browser's would; a push to it is checked the way a push service and a browser check it:
 * the VAPID JWT's ES256 signature against the `k=` key of the Authorization header (RFC 8292), and
 * the aes128gcm body decrypted with the device's private key (RFC 8291, http_ece). Each device
 * answers 201 unless told to answer something else.
 */

export type ReceivedPush = {
  device: string;
  payload: Record<string, unknown>;
  /** The JWT's claims, its signature checked. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key (k=) that signed it. */
  vapidKey: string;
  headers: http.IncomingHttpHeaders;
};

export type TestDevice = { id: string; endpoint: string; p256dh: string; auth: string };

type DeviceState = { ecdh: ECDH; auth: string; answers: number[] };

export type TestPushService = {
  url: string;
  device(): TestDevice;
  /** The next answers this device gives (then 201 again): 410 (gone), 500 (a failure to retry)… */
  answer(device: TestDevice, ...statuses: number[]): void;
  received: ReceivedPush[];
  /** Pushes refused because their signature or encryption did not check out (should stay empty). */
  rejected: string[];
  waitFor(device: TestDevice, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** How many POSTs a device got, whatever it answered. */
  attempts(device: TestDevice): number;
  close(): Promise<void>;
};

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** Checks an ES256 JWT against a raw (uncompressed, base64url) P-256 public key; answers its claims. */
export function verifyVapidJwt(jwt: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) throw new Error("not a JWT");
  const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg}`);
  const raw = Buffer.from(publicKey, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k= is not an uncompressed P-256 key");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!ok) throw new Error("bad JWT signature");
  return JSON.parse(Buffer.from(body, "base64url").toString()) as { aud: string; exp: number; sub: string };
}

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, DeviceState>();
  const counts = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let next = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([a-z0-9-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const device = devices.get(id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (req.method !== "POST" || !device) return void res.writeHead(404).end();
      const status = device.answers.shift() ?? 201;
      if (status !== 201) return void res.writeHead(status).end(`test push service answers ${status}`);
      try {
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        if (!req.headers.ttl) throw new Error("no TTL");
        const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? "");
        if (!auth) throw new Error(`authorization ${req.headers.authorization}`);
        const claims = verifyVapidJwt(auth[1]!, auth[2]!);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth }) as Buffer;
        received.push({ device: id, payload: JSON.parse(plain.toString("utf8")) as Record<string, unknown>, claims, vapidKey: auth[2]!, headers: req.headers });
        res.writeHead(201).end();
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    rejected,
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = `device-${++next}-${randomBytes(4).toString("hex")}`;
      const auth = b64url(randomBytes(16));
      devices.set(id, { ecdh, auth, answers: [] });
      return { id, endpoint: `${url}/push/${id}`, p256dh: b64url(ecdh.getPublicKey()), auth };
    },
    answer(device, ...statuses) {
      devices.get(device.id)!.answers.push(...statuses);
    },
    attempts: (device) => counts.get(device.id) ?? 0,
    async waitFor(device, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = received.filter((push) => push.device === device.id);
        if (got.length >= count) return got;
        if (Date.now() > deadline) throw new Error(`device ${device.id} got ${got.length} of ${count} pushes (rejected: ${rejected.join("; ") || "none"})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
