import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for the Stripe API calls the site makes (create, retrieve and expire a Checkout Session, with its
 * PaymentIntent expanded, its expires_at kept and honoured; retrieve a PaymentIntent; create and retrieve a Connect account, create an
 * Account Link; create, retrieve and list transfers and refunds, paged like Stripe's lists), on
 * localhost, so the stripe provider can be tested without the network. Point the server at it with
 * STRIPE_API_URL. Signed webhook deliveries are built with Stripe's own test helper.
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
  /** Set once the buyer paid (`pay`); a retrieve with `expand[]=payment_intent` embeds the object. */
  payment_intent: string | FakePaymentIntent | null;
  /** When the session stops taking payment (seconds), 30 minutes to 24 hours after creation; default 24 hours. */
  expires_at: number;
};

export type FakePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded" | "canceled" | "requires_payment_method" | "processing";
  metadata: Record<string, string>;
  transfer_group: string | null;
  created: number;
};

export type FakeTransfer = {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  created: number;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  created: number;
  payment_intent: string | null;
  metadata: Record<string, string>;
  status: "pending" | "succeeded" | "failed" | "canceled";
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
  /** The buyer paid on Stripe's page. Throws, charging nothing, on a session that is expired (or past its expires_at) or already paid. */
  pay(sessionId: string, email?: string): FakeSession;
  /** Stripe expires the session now (its expires_at came, or POST /v1/checkout/sessions/:id/expire): it takes no payment after. */
  expire(sessionId: string): FakeSession;
  paymentIntents: Map<string, FakePaymentIntent>;
  transfers: Map<string, FakeTransfer>;
  refunds: Map<string, FakeRefund>;
  /** Every list request (GET /v1/transfers, /v1/refunds): its path and query, one per page. */
  listRequests: { path: string; query: URLSearchParams }[];
  /** A transfer made at Stripe without FixiT (the Dashboard, another integration); `created` in seconds. */
  addTransfer(fields: Partial<FakeTransfer> & { amount: number }): FakeTransfer;
  /** A refund made at Stripe without FixiT. */
  addRefund(fields: Partial<FakeRefund> & { amount: number }): FakeRefund;
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
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const transfers = new Map<string, FakeTransfer>();
  const refunds = new Map<string, FakeRefund>();
  const listRequests: FakeStripe["listRequests"] = [];
  /** Each session's payment_intent_data[transfer_group], for its PaymentIntent. */
  const groupOf = new Map<string, string | null>();
  /** Like Stripe: a repeated Idempotency-Key answers the first request's transfer or refund. */
  const moneyByKey = new Map<string, FakeTransfer | FakeRefund>();
  let failing = 0;
  let counter = 0;
  const now = () => Math.floor(Date.now() / 1000);
  /** Like Stripe: a repeated Idempotency-Key answers the first request's session. */
  const sessionByKey = new Map<string, FakeSession>();
  /** Like Stripe: a session past its expires_at is expired when next looked at. */
  const expireIfDue = (session: FakeSession) => {
    if (session.status === "open" && session.expires_at <= now()) session.status = "expired";
    return session;
  };
  const addTransfer = (fields: Partial<FakeTransfer> & { amount: number }): FakeTransfer => {
    const transfer: FakeTransfer = { id: `tr_fake${++counter}`, object: "transfer", amount_reversed: 0, currency: "gbp", created: now(), destination: "acct_fake", transfer_group: null, metadata: {}, reversed: false, ...fields };
    transfers.set(transfer.id, transfer);
    return transfer;
  };
  const addRefund = (fields: Partial<FakeRefund> & { amount: number }): FakeRefund => {
    const refund: FakeRefund = { id: `re_fake${++counter}`, object: "refund", currency: "gbp", created: now(), payment_intent: null, metadata: {}, status: "succeeded", ...fields };
    refunds.set(refund.id, refund);
    return refund;
  };
  /** Metadata as Stripe's form encoding sends it: metadata[key]=value. */
  const metadataOf = (params: URLSearchParams) =>
    Object.fromEntries([...params].flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }));
  /**
   * One page of a Stripe list: newest first, `created[gte|gt|lte|lt]` filters, `limit` (default 10,
   * at most 100), `starting_after` (the page after that object), `has_more`.
   */
  const listPage = <T extends { id: string; created: number }>(objects: Iterable<T>, path: string, query: URLSearchParams) => {
    const bound = (op: string) => (query.has(`created[${op}]`) ? Number(query.get(`created[${op}]`)) : null);
    const [gte, gt, lte, lt] = [bound("gte"), bound("gt"), bound("lte"), bound("lt")];
    // Newest first; among equals, the later made first (Stripe's order is stable like this).
    const all = [...objects]
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => (gte === null || o.created >= gte) && (gt === null || o.created > gt) && (lte === null || o.created <= lte) && (lt === null || o.created < lt))
      .sort((a, b) => b.o.created - a.o.created || b.i - a.i)
      .map(({ o }) => o);
    const limit = Math.min(Math.max(Number(query.get("limit") ?? 10), 1), 100);
    const after = query.get("starting_after");
    const from = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    if (after && from === 0) return null;
    const data = all.slice(from, from + limit);
    return { object: "list", url: path, has_more: from + limit < all.length, data };
  };
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
        const sessionKey = req.headers["idempotency-key"] as string | undefined;
        created.push({ params, idempotencyKey: sessionKey });
        const replayed = sessionKey ? sessionByKey.get(sessionKey) : undefined;
        if (replayed) return send(200, replayed);
        // Stripe's rule for expires_at: 30 minutes to 24 hours after the session is created.
        const expiresAt = params.has("expires_at") ? Number(params.get("expires_at")) : now() + 24 * 3600;
        if (!Number.isInteger(expiresAt) || expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
          return send(400, { error: { type: "invalid_request_error", param: "expires_at", message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation." } });
        }
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
          payment_intent: null,
          expires_at: expiresAt,
        };
        groupOf.set(id, params.get("payment_intent_data[transfer_group]"));
        sessions.set(id, session);
        if (sessionKey) sessionByKey.set(sessionKey, session);
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
      const expireMatch = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expireMatch) {
        const session = sessions.get(expireMatch[1]!);
        if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (expireIfDue(session).status !== "open") return send(400, { error: { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` } });
        session.status = "expired";
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(match[1]!);
        if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        expireIfDue(session);
        const expand = [...url.searchParams].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
        const intent = typeof session.payment_intent === "string" ? paymentIntents.get(session.payment_intent) : undefined;
        return send(200, expand.includes("payment_intent") && intent ? { ...session, payment_intent: intent } : session);
      }
      const intentMatch = /^\/v1\/payment_intents\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && intentMatch) {
        const intent = paymentIntents.get(intentMatch[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      }
      if (req.method === "POST" && (url.pathname === "/v1/transfers" || url.pathname === "/v1/refunds")) {
        const params = new URLSearchParams(body);
        const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
        const again = idempotencyKey ? moneyByKey.get(idempotencyKey) : undefined;
        if (again) return send(200, again);
        let made: FakeTransfer | FakeRefund;
        if (url.pathname === "/v1/transfers") {
          made = addTransfer({ amount: Number(params.get("amount")), currency: params.get("currency") ?? "gbp", destination: params.get("destination") ?? "", transfer_group: params.get("transfer_group"), metadata: metadataOf(params) });
        } else {
          const intentId = params.get("payment_intent");
          const intent = intentId ? paymentIntents.get(intentId) : undefined;
          if (!intent) return send(404, { error: { type: "invalid_request_error", message: `No such payment_intent: '${intentId}'` } });
          made = addRefund({ amount: Number(params.get("amount") ?? intent.amount_received), payment_intent: intent.id, metadata: metadataOf(params) });
        }
        if (idempotencyKey) moneyByKey.set(idempotencyKey, made);
        return send(200, made);
      }
      const moneyMatch = /^\/v1\/(transfers|refunds)(?:\/([\w-]+))?$/.exec(url.pathname);
      if (req.method === "GET" && moneyMatch) {
        const store: Map<string, FakeTransfer | FakeRefund> = moneyMatch[1] === "transfers" ? transfers : refunds;
        if (moneyMatch[2]) {
          const object = store.get(moneyMatch[2]);
          return object ? send(200, object) : send(404, { error: { type: "invalid_request_error", message: `No such ${moneyMatch[1]!.slice(0, -1)}: '${moneyMatch[2]}'` } });
        }
        listRequests.push({ path: url.pathname, query: url.searchParams });
        const page = listPage(store.values(), url.pathname, url.searchParams);
        return page ? send(200, page) : send(400, { error: { type: "invalid_request_error", message: "starting_after names no object of this list" } });
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
    paymentIntents,
    transfers,
    refunds,
    listRequests,
    addTransfer,
    addRefund,
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
      // Stripe's page takes no card once the session expired, and none twice.
      if (expireIfDue(session).status !== "open") throw new Error(`session ${sessionId} is ${session.status}: no payment taken`);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer_details = { email: email ?? session.customer_email };
      const intent: FakePaymentIntent = {
        id: `pi_fake${++counter}`,
        object: "payment_intent",
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: "succeeded",
        metadata: session.metadata,
        transfer_group: groupOf.get(session.id) ?? null,
        created: now(),
      };
      paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === "open") session.status = "expired";
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
