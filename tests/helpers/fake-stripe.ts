import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for the Stripe API calls the site makes (create, retrieve and expire a Checkout Session, with its
 * PaymentIntent expanded, its expires_at kept and honoured; retrieve a PaymentIntent; create and retrieve a Connect account, create an
 * Account Link; create, retrieve and list transfers and refunds, paged like Stripe's lists; the
 * charge a payment makes and its balance transaction, pending for days; the platform's balance, which
 * a transfer without source_transaction must be covered by, as at Stripe; card disputes with their
 * balance transactions and £20 fee, refunds made in the dashboard and listed per charge, transfer
 * reversals and connected accounts' payouts, for the events Stripe sends about them), on
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
  /** The charge made when the buyer paid (`pay`). */
  latest_charge?: string | null;
};

/** A card charge: its money arrives in the platform's balance through its balance transaction, pending until `available_on`. */
export type FakeCharge = { id: string; object: "charge"; amount: number; currency: string; created: number; payment_intent: string; balance_transaction: string; status: "succeeded" };

export type FakeBalanceTransaction = {
  id: string;
  object: "balance_transaction";
  amount: number;
  fee: number;
  net: number;
  currency: string;
  created: number;
  /** Seconds since the epoch: when Stripe expects the funds to be available. */
  available_on: number;
  status: "pending" | "available";
  type: "charge" | "adjustment";
  source: string;
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
  /** The charge the transfer was made from: its funds reach the destination when that charge's do. */
  source_transaction: string | null;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  created: number;
  payment_intent: string | null;
  /** The charge refunded (Stripe lists a charge's refunds with `GET /v1/refunds?charge=`). */
  charge: string | null;
  metadata: Record<string, string>;
  status: "pending" | "succeeded" | "failed" | "canceled";
};

/** A card dispute (chargeback) on a charge, with the balance transactions Stripe makes for it: the amount withdrawn and the dispute fee. */
export type FakeDispute = {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  created: number;
  status: "warning_needs_response" | "warning_under_review" | "warning_closed" | "needs_response" | "under_review" | "won" | "lost";
  reason: string;
  balance_transactions: { id: string; object: "balance_transaction"; amount: number; fee: number; net: number; currency: string; type: "adjustment"; reporting_category: "dispute" | "dispute_reversal" }[];
};

/** A payout from a connected account to the account holder's bank. */
export type FakePayout = {
  id: string;
  object: "payout";
  amount: number;
  currency: string;
  created: number;
  arrival_date: number;
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
  failure_code: string | null;
  failure_message: string | null;
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
  disputes: Map<string, FakeDispute>;
  /**
   * The customer's bank opens a card dispute on a charge (status needs_response): Stripe withdraws the
   * amount and its dispute fee (£20 in the UK) from the platform's balance, in one balance transaction.
   */
  openDispute(chargeId: string, amount?: number): FakeDispute;
  /** The card network decides: won (Stripe returns the amount; the fee stays taken) or lost; or a warning closes. */
  closeDispute(disputeId: string, status: "won" | "lost" | "warning_closed"): FakeDispute;
  /** Staff refund part or all of a charge in the Stripe dashboard (no FixiT metadata): answers the charge as `charge.refunded` carries it. */
  refundInDashboard(chargeId: string, amount: number): { charge: FakeCharge & { amount_refunded: number; refunded: boolean }; refund: FakeRefund };
  /** Staff reverse part or all of a transfer in the dashboard: answers the transfer as `transfer.reversed` carries it. */
  reverseTransfer(transferId: string, amount: number): FakeTransfer;
  /** A payout from a connected account to its bank, paid or failed (the bank returned it). */
  payout(fields: { amount: number; status: "paid" | "failed"; failureMessage?: string; id?: string }): FakePayout;
  /** Stripe's processing fee on a card charge, in pence (default 0; a test sets the UK standard 1.5% + 20p). */
  chargeFee: (amount: number) => number;
  /** Every list request (GET /v1/transfers, /v1/refunds): its path and query, one per page. */
  listRequests: { path: string; query: URLSearchParams }[];
  /** A transfer made at Stripe without FixiT (the Dashboard, another integration); `created` in seconds. */
  addTransfer(fields: Partial<FakeTransfer> & { amount: number }): FakeTransfer;
  /** A refund made at Stripe without FixiT. */
  addRefund(fields: Partial<FakeRefund> & { amount: number }): FakeRefund;
  /** Makes the next `times` create requests fail with a 500 (Stripe unavailable; the SDK retries). */
  failCreates(times: number): void;
  /** Makes the next `times` Account Link requests fail with a 500 after Stripe made the link (the SDK retries with the same key). */
  failAccountLinks(times: number): void;
  /** Account Links made: a request under a key Stripe has seen is answered with that key's link, as Stripe does for 24 hours. */
  accountLinksMade(): number;
  /** Charges made by `pay`, and their balance transactions (pending until `makeFundsAvailable`). */
  charges: Map<string, FakeCharge>;
  balanceTransactions: Map<string, FakeBalanceTransaction>;
  /** The platform's balance in pence: `available` pays transfers without a source_transaction; charges add to `pending`. */
  balance: { available: number; pending: number };
  /** Every request: its method, path and Idempotency-Key (to count what the site asked). */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** The charges' funds (all, or those of `chargeIds`) become available, as Stripe's payout schedule would make them days later. */
  makeFundsAvailable(chargeIds?: string[]): void;
  /** Whether a transfer's money is available in its destination account (one made from a charge waits for that charge's funds). */
  transferFundsAvailable(transferId: string): boolean;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const created: FakeStripe["created"] = [];
  const accounts = new Map<string, FakeAccount>();
  const connectRequests: FakeStripe["connectRequests"] = [];
  /** Like Stripe: a repeated Idempotency-Key answers the first request's account. */
  const accountByKey = new Map<string, FakeAccount>();
  const linkByKey = new Map<string, Record<string, unknown>>();
  let linksMade = 0;
  let failingLinks = 0;
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const transfers = new Map<string, FakeTransfer>();
  const refunds = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const listRequests: FakeStripe["listRequests"] = [];
  /** Each session's payment_intent_data[transfer_group], for its PaymentIntent. */
  const groupOf = new Map<string, string | null>();
  /** Like Stripe: a repeated Idempotency-Key answers the first request's transfer or refund. */
  const moneyByKey = new Map<string, FakeTransfer | FakeRefund>();
  const charges = new Map<string, FakeCharge>();
  const balanceTransactions = new Map<string, FakeBalanceTransaction>();
  const balance = { available: 0, pending: 0 };
  const requests: FakeStripe["requests"] = [];
  /** Each transfer or refund key's request body: Stripe refuses a key reused with other parameters. */
  const bodyByKey = new Map<string, string>();
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
    const transfer: FakeTransfer = { id: `tr_fake${++counter}`, object: "transfer", amount_reversed: 0, currency: "gbp", created: now(), destination: "acct_fake", transfer_group: null, metadata: {}, reversed: false, source_transaction: null, ...fields };
    transfers.set(transfer.id, transfer);
    return transfer;
  };
  const addRefund = (fields: Partial<FakeRefund> & { amount: number }): FakeRefund => {
    const refund: FakeRefund = { id: `re_fake${++counter}`, object: "refund", currency: "gbp", created: now(), payment_intent: null, charge: null, metadata: {}, status: "succeeded", ...fields };
    refunds.set(refund.id, refund);
    return refund;
  };
  /** Days a card charge's funds stay pending (Stripe's payout schedule; the test makes them available with `makeFundsAvailable`). */
  const PENDING_DAYS = 7;
  /** The charge of a PaymentIntent that succeeded, its funds pending in the platform's balance. */
  const chargeFor = (intent: FakePaymentIntent): FakeCharge => {
    const fee = fake.chargeFee(intent.amount_received);
    const txn: FakeBalanceTransaction = {
      id: `txn_fake${++counter}`,
      object: "balance_transaction",
      amount: intent.amount_received,
      fee,
      net: intent.amount_received - fee,
      currency: intent.currency,
      created: now(),
      available_on: now() + PENDING_DAYS * 86_400,
      status: "pending",
      type: "charge",
      source: "",
    };
    const charge: FakeCharge = { id: `ch_fake${++counter}`, object: "charge", amount: intent.amount_received, currency: intent.currency, created: now(), payment_intent: intent.id, balance_transaction: txn.id, status: "succeeded" };
    txn.source = charge.id;
    balanceTransactions.set(txn.id, txn);
    charges.set(charge.id, charge);
    balance.pending += txn.net;
    intent.latest_charge = charge.id;
    return charge;
  };
  /** What of a charge is already promised to transfers made from it. */
  const transferredFrom = (chargeId: string) => [...transfers.values()].filter((t) => t.source_transaction === chargeId).reduce((sum, t) => sum + t.amount, 0);
  const fundsOf = (chargeId: string) => balanceTransactions.get(charges.get(chargeId)?.balance_transaction ?? "");
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
  const fake: FakeStripe = {
    url: "",

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
    charges,
    balanceTransactions,
    balance,
    requests,
    makeFundsAvailable(chargeIds) {
      for (const charge of charges.values()) {
        if (chargeIds && !chargeIds.includes(charge.id)) continue;
        const txn = balanceTransactions.get(charge.balance_transaction)!;
        if (txn.status === "available") continue;
        txn.status = "available";
        txn.available_on = Math.min(txn.available_on, now());
        // What transfers took from the charge went to their destinations; the rest is the platform's.
        balance.pending -= txn.net;
        balance.available += txn.net - transferredFrom(charge.id);
      }
    },
    transferFundsAvailable(transferId) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      return !transfer.source_transaction || fundsOf(transfer.source_transaction)?.status === "available";
    },
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
      chargeFor(intent);
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
    failAccountLinks(times) {
      failingLinks = times;
    },
    accountLinksMade: () => linksMade,
    disputes,
    openDispute(chargeId, amount) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      const disputed = amount ?? charge.amount;
      const fee = 2_000;
      const dispute: FakeDispute = {
        id: `dp_fake${++counter}`,
        object: "dispute",
        amount: disputed,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        created: now(),
        status: "needs_response",
        reason: "fraudulent",
        balance_transactions: [{ id: `txn_fake${++counter}`, object: "balance_transaction", amount: -disputed, fee, net: -disputed - fee, currency: charge.currency, type: "adjustment", reporting_category: "dispute" }],
      };
      balance.available -= disputed + fee;
      disputes.set(dispute.id, dispute);
      const [withdrawal] = dispute.balance_transactions;
      balanceTransactions.set(withdrawal!.id, { ...withdrawal!, type: "adjustment", created: now(), available_on: now(), status: "available", source: dispute.id });
      return dispute;
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = status;
      if (status === "won") {
        // The amount comes back; the dispute fee is not returned.
        dispute.balance_transactions.push({ id: `txn_fake${++counter}`, object: "balance_transaction", amount: dispute.amount, fee: 0, net: dispute.amount, currency: dispute.currency, type: "adjustment", reporting_category: "dispute_reversal" });
        balance.available += dispute.amount;
      }
      return dispute;
    },
    refundInDashboard(chargeId, amount) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      const refund = addRefund({ amount, payment_intent: charge.payment_intent, charge: charge.id });
      const refunded = [...refunds.values()].filter((r) => r.charge === charge.id && r.status === "succeeded").reduce((sum, r) => sum + r.amount, 0);
      balance.available -= amount;
      // As the event carries it since API 2022-11-15: no `refunds` list on the charge.
      return { charge: { ...charge, amount_refunded: refunded, refunded: refunded >= charge.amount }, refund };
    },
    reverseTransfer(transferId, amount) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      if (amount <= 0 || transfer.amount_reversed + amount > transfer.amount) throw new Error("the reversal is more than is left of the transfer");
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      balance.available += amount;
      return { ...transfer };
    },
    payout({ amount, status, failureMessage, id }) {
      return {
        id: id ?? `po_fake${++counter}`,
        object: "payout",
        amount,
        currency: "gbp",
        created: now(),
        arrival_date: now() + 86_400,
        status,
        failure_code: status === "failed" ? "account_closed" : null,
        failure_message: status === "failed" ? (failureMessage ?? "The bank account has been closed.") : null,
      };
    },
    chargeFee: () => 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
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
          const replayed = idempotencyKey ? linkByKey.get(idempotencyKey) : undefined;
          const link = replayed ?? { object: "account_link", url: `https://connect.stripe.test/setup/${account}`, created: 0, expires_at: 0 };
          if (!replayed) {
            linksMade += 1;
            if (idempotencyKey) linkByKey.set(idempotencyKey, link);
          }
          // The link was made, but the answer is lost (a 500 on the way back): the SDK asks again under the same key.
          if (failingLinks > 0) {
            failingLinks -= 1;
            return send(500, { error: { type: "api_error", message: "An unknown error occurred" } });
          }
          return send(200, link);
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
        if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        const expand = [...url.searchParams].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
        const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        // Like Stripe: latest_charge, and its balance transaction with the fee, expanded when asked.
        if (charge && expand.includes("latest_charge.balance_transaction")) return send(200, { ...intent, latest_charge: { ...charge, balance_transaction: balanceTransactions.get(charge.balance_transaction) } });
        if (charge && expand.includes("latest_charge")) return send(200, { ...intent, latest_charge: charge });
        return send(200, intent);
      }
      if (req.method === "POST" && (url.pathname === "/v1/transfers" || url.pathname === "/v1/refunds")) {
        const params = new URLSearchParams(body);
        const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
        const again = idempotencyKey ? moneyByKey.get(idempotencyKey) : undefined;
        if (again) {
          // Like Stripe: the same key with other parameters is an error, never the other request's object.
          if (bodyByKey.get(idempotencyKey!) !== body) {
            return send(400, { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
          }
          return send(200, again);
        }
        let made: FakeTransfer | FakeRefund;
        if (url.pathname === "/v1/transfers") {
          const amount = Number(params.get("amount"));
          const source = params.get("source_transaction");
          if (source) {
            // From a charge: accepted whatever the available balance; at most what is left of the charge.
            const charge = charges.get(source);
            if (!charge) return send(400, { error: { type: "invalid_request_error", param: "source_transaction", message: `No such charge: '${source}'` } });
            if (amount > charge.amount - transferredFrom(source)) {
              return send(400, { error: { type: "invalid_request_error", param: "amount", message: "The transfer amount exceeds the amount left on the source transaction." } });
            }
          } else {
            if (amount > balance.available) {
              return send(400, {
                error: {
                  type: "invalid_request_error",
                  code: "balance_insufficient",
                  message: "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.",
                },
              });
            }
            balance.available -= amount;
          }
          made = addTransfer({ amount, currency: params.get("currency") ?? "gbp", destination: params.get("destination") ?? "", transfer_group: params.get("transfer_group"), metadata: metadataOf(params), source_transaction: source });
        } else {
          const intentId = params.get("payment_intent") ?? charges.get(params.get("charge") ?? "")?.payment_intent ?? null;
          const intent = intentId ? paymentIntents.get(intentId) : undefined;
          if (!intent) return send(404, { error: { type: "invalid_request_error", message: `No such payment_intent: '${intentId}'` } });
          made = addRefund({ amount: Number(params.get("amount") ?? intent.amount_received), payment_intent: intent.id, charge: intent.latest_charge ?? null, metadata: metadataOf(params) });
        }
        if (idempotencyKey) {
          moneyByKey.set(idempotencyKey, made);
          bodyByKey.set(idempotencyKey, body);
        }
        return send(200, made);
      }
      const chargeMatch = /^\/v1\/charges\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && chargeMatch) {
        const charge = charges.get(chargeMatch[1]!);
        if (!charge) return send(404, { error: { type: "invalid_request_error", message: `No such charge: '${chargeMatch[1]}'` } });
        const expand = [...url.searchParams].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
        return send(200, expand.includes("balance_transaction") ? { ...charge, balance_transaction: balanceTransactions.get(charge.balance_transaction) } : charge);
      }
      if (req.method === "GET" && url.pathname === "/v1/balance_transactions") {
        listRequests.push({ path: url.pathname, query: url.searchParams });
        const page = listPage(balanceTransactions.values(), url.pathname, url.searchParams);
        return page ? send(200, page) : send(400, { error: { type: "invalid_request_error", message: "starting_after names no object of this list" } });
      }
      const txnMatch = /^\/v1\/balance_transactions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && txnMatch) {
        const txn = balanceTransactions.get(txnMatch[1]!);
        return txn ? send(200, txn) : send(404, { error: { type: "invalid_request_error", message: `No such balance transaction: '${txnMatch[1]}'` } });
      }
      if (req.method === "GET" && url.pathname === "/v1/balance") {
        return send(200, { object: "balance", livemode: false, available: [{ amount: balance.available, currency: "gbp" }], pending: [{ amount: balance.pending, currency: "gbp" }] });
      }
      const moneyMatch = /^\/v1\/(transfers|refunds)(?:\/([\w-]+))?$/.exec(url.pathname);
      if (req.method === "GET" && moneyMatch) {
        const store: Map<string, FakeTransfer | FakeRefund> = moneyMatch[1] === "transfers" ? transfers : refunds;
        if (moneyMatch[2]) {
          const object = store.get(moneyMatch[2]);
          return object ? send(200, object) : send(404, { error: { type: "invalid_request_error", message: `No such ${moneyMatch[1]!.slice(0, -1)}: '${moneyMatch[2]}'` } });
        }
        listRequests.push({ path: url.pathname, query: url.searchParams });
        // Like Stripe: refunds listed for one charge or PaymentIntent.
        const forCharge = url.searchParams.get("charge");
        const forIntent = url.searchParams.get("payment_intent");
        const listed = [...store.values()].filter((o) => o.object !== "refund" || ((!forCharge || o.charge === forCharge) && (!forIntent || o.payment_intent === forIntent)));
        const page = listPage(listed, url.pathname, url.searchParams);
        return page ? send(200, page) : send(400, { error: { type: "invalid_request_error", message: "starting_after names no object of this list" } });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}

/**
 * A webhook delivery as Stripe sends it: the event JSON and its Stripe-Signature header. `options.account`:
 * an event on a connected account (a Connect endpoint's delivery names it); `options.created`: the event's time (seconds).
 */
export function signedEvent(type: string, object: object, secret: string, id = `evt_${Math.random().toString(36).slice(2)}`, options: { account?: string; created?: number } = {}) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    ...(options.account ? { account: options.account } : {}),
    data: { object },
    livemode: false,
    api_version: "2025-01-01",
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
