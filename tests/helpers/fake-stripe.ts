import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for the Stripe API calls the site makes (create and retrieve a Checkout Session; create
 * and retrieve a Connect account, create an Account Link), on localhost, so the stripe provider can be tested without the network. Point the server at it
 * with STRIPE_API_URL. Signed webhook deliveries are built with Stripe's own test helper.
 */

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  success_url: string;
  cancel_url: string;
  mode: string;
};

export type FakeAccount = { id: string; object: "account"; type: string; email: string | null; payouts_enabled: boolean; metadata: Record<string, string> };

export type FakeStripe = {
  url: string;
  sessions: Map<string, FakeSession>;
  accounts: Map<string, FakeAccount>;
  /** Every Connect request (accounts and account links): its path, form fields and Idempotency-Key. */
  connectRequests: { path: string; params: URLSearchParams; idempotencyKey: string | undefined }[];
  /** The fixer finished Stripe's onboarding: payouts are enabled on the account. */
  enablePayouts(accountId: string): FakeAccount;
  /** Every create request: its form fields and its Idempotency-Key. */
  created: { params: URLSearchParams; idempotencyKey: string | undefined }[];
  /** The buyer paid on Stripe's page. */
  pay(sessionId: string, email?: string): FakeSession;
  /** Makes the next `times` create requests fail with a 500 (Stripe unavailable; the SDK retries). */
  failCreates(times: number): void;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const created: FakeStripe["created"] = [];
  const accounts = new Map<string, FakeAccount>();
  const connectRequests: FakeStripe["connectRequests"] = [];
  /** Like Stripe: a repeated Idempotency-Key answers the first request's account. */
  const accountByKey = new Map<string, FakeAccount>();
  let failing = 0;
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++counter}` });
        res.end(JSON.stringify(payload));
      };
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failing > 0) {
          failing -= 1;
          send(500, { error: { type: "api_error", message: "Stripe is having a bad day" } });
          return;
        }
        const params = new URLSearchParams(body);
        created.push({ params, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
        const id = `cs_test_${++counter}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/pay/${id}`,
          client_reference_id: params.get("client_reference_id"),
          metadata: { payment_id: params.get("metadata[payment_id]") ?? "", product: params.get("metadata[product]") ?? "" },
          amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
          currency: params.get("line_items[0][price_data][currency]") ?? "",
          status: "open",
          payment_status: "unpaid",
          customer_email: params.get("customer_email"),
          customer_details: null,
          success_url: params.get("success_url") ?? "",
          cancel_url: params.get("cancel_url") ?? "",
          mode: params.get("mode") ?? "",
        };
        sessions.set(id, session);
        send(200, session);
        return;
      }
      if (req.method === "POST" && (url.pathname === "/v1/accounts" || url.pathname === "/v1/account_links")) {
        const params = new URLSearchParams(body);
        const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
        connectRequests.push({ path: url.pathname, params, idempotencyKey });
        if (url.pathname === "/v1/account_links") {
          const account = params.get("account") ?? "";
          if (!accounts.has(account)) return send(404, { error: { type: "invalid_request_error", message: "No such account" } });
          return send(200, { object: "account_link", url: `https://connect.stripe.test/setup/${account}`, created: 0, expires_at: 0 });
        }
        const again = idempotencyKey ? accountByKey.get(idempotencyKey) : undefined;
        if (again) return send(200, again);
        const account: FakeAccount = { id: `acct_fake${++counter}`, object: "account", type: params.get("type") ?? "", email: params.get("email"), payouts_enabled: false, metadata: { fixer_user_id: params.get("metadata[fixer_user_id]") ?? "" } };
        accounts.set(account.id, account);
        if (idempotencyKey) accountByKey.set(idempotencyKey, account);
        return send(200, account);
      }
      const accountMatch = /^\/v1\/accounts\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && accountMatch) {
        const account = accounts.get(accountMatch[1]!);
        return account ? send(200, account) : send(404, { error: { type: "invalid_request_error", message: "No such account" } });
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(match[1]!);
        if (session) send(200, session);
        else send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        return;
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    created,
    accounts,
    connectRequests,
    enablePayouts(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.payouts_enabled = true;
      return account;
    },
    pay(sessionId, email) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer_details = { email: email ?? session.customer_email };
      return session;
    },
    failCreates(times) {
      failing = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery as Stripe sends it: the event JSON and its Stripe-Signature header. */
export function signedEvent(type: string, session: FakeSession | FakeAccount, secret: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: session }, livemode: false, api_version: "2025-01-01" });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
