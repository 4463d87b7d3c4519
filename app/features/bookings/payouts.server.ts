import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { payoutAccounts, providerOperations } from "#server/db/schema/bookings.ts";
import { BookingError } from "./errors";
import { savePayoutAccount } from "./money.server";
import { payoutAccountMove, payoutAccountStart } from "./payout-account-machine";
import { payoutPaths, TEST_ACCOUNT_ID, type PayoutAccountState } from "./payouts";
import type { BookingQuoteReads } from "./quote-reads.server";

/**
 * Connecting a fixer's payout account (decision 052). With Stripe: a Connect Express account made
 * under an idempotency key, then an Account Link to Stripe's hosted onboarding; the account is active
 * once Stripe says payouts are enabled (on the fixer's return and on the `account.updated` webhook).
 * In TEST MODE the same steps run against a local stand-in page. Activating an account queues every
 * transfer that waited for it (savePayoutAccount, in one transaction).
 */

/** The slice of the Stripe client onboarding uses; a test passes a fake with the same shape. */
export type StripeConnectClient = {
  accounts: {
    create(params: Stripe.AccountCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
    retrieve(id: string): Promise<{ id: string; payouts_enabled?: boolean | null }>;
  };
  accountLinks: { create(params: Stripe.AccountLinkCreateParams, options?: Stripe.RequestOptions): Promise<{ url: string }> };
};

export type PayoutDeps = {
  db: Db;
  /** Absolute links Stripe sends the fixer back to. */
  publicUrl: string;
  provider: "test" | "stripe";
  stripe: () => Promise<StripeConnectClient>;
};

export type PayoutAccountView = {
  state: PayoutAccountState;
  provider: string | null;
  providerAccountId: string | null;
  waitingPence: number;
  waitingCount: number;
  /** Why the last payout to the fixer's bank failed, until one reaches it (decision 078); null when none failed. */
  payoutFailure: string | null;
};

/** The fixer's payout account and what waits for it (transfers released while no account was active). */
export async function payoutAccountView(db: Db, fixerUserId: string): Promise<PayoutAccountView> {
  const [[account], [waiting]] = await Promise.all([
    db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixerUserId)),
    db
      .select({ total: sql<string>`coalesce(sum(${providerOperations.amountPence}), 0)`, count: sql<string>`count(*)` })
      .from(providerOperations)
      .where(and(eq(providerOperations.fixerUserId, fixerUserId), eq(providerOperations.kind, "transfer"), eq(providerOperations.status, "waiting_for_account"))),
  ]);
  return {
    state: !account ? "not_connected" : account.status === "active" ? "active" : "pending",
    provider: account?.provider ?? null,
    providerAccountId: account?.providerAccountId ?? null,
    waitingPence: Number(waiting?.total ?? 0),
    waitingCount: Number(waiting?.count ?? 0),
    payoutFailure: account?.payoutFailedAt ? (account.payoutFailure ?? "") : null,
  };
}

/** A pending account row, unless the fixer already has one (a second click never replaces, or deactivates, the first). */
async function pendingAccount(db: Db, fixerUserId: string, provider: "test" | "stripe", makeId: () => Promise<string>): Promise<{ providerAccountId: string; status: string }> {
  const [existing] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixerUserId));
  if (existing && existing.provider === provider) return existing;
  const providerAccountId = await makeId();
  if (existing) {
    // The site moved between TEST MODE and Stripe: the other mode's account cannot be paid into.
    // Guarded on the other provider too, so of two clicks at once only one replaces it.
    const move = payoutAccountMove("switch_provider", "system");
    await db
      .update(payoutAccounts)
      .set({ provider, providerAccountId, status: move.to, activatedAt: null })
      .where(and(eq(payoutAccounts.fixerUserId, fixerUserId), ne(payoutAccounts.provider, provider), inArray(payoutAccounts.status, move.from)));
  } else {
    await db
      .insert(payoutAccounts)
      .values({ fixerUserId, provider, providerAccountId, status: payoutAccountStart("connect", "fixer", "pending") })
      .onConflictDoNothing({ target: payoutAccounts.fixerUserId });
  }
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixerUserId));
  return row!;
}

/**
 * "Connect a payout account": where to send the fixer next — Stripe's onboarding (a fresh Account
 * Link: they expire within minutes), the TEST MODE stand-in, or back to the payouts page when the
 * account is already active. Only approved fixers (those with a profile: the quotes feature's row,
 * which `reads` says) have one.
 */
export async function startPayoutOnboarding(deps: PayoutDeps, reads: Pick<BookingQuoteReads, "hasFixerProfile">, fixer: { id: string; email: string }): Promise<{ url: string }> {
  if (!(await reads.hasFixerProfile(deps.db, fixer.id))) throw new BookingError("not_found", "Only approved fixers can connect a payout account.");
  if (deps.provider === "test") {
    const account = await pendingAccount(deps.db, fixer.id, "test", async () => `acct_test_${randomBytes(8).toString("hex")}`);
    return { url: account.status === "active" ? payoutPaths.page : payoutPaths.testOnboarding(account.providerAccountId) };
  }
  const stripe = await deps.stripe();
  const account = await pendingAccount(deps.db, fixer.id, "stripe", async () => {
    const created = await stripe.accounts.create(
      {
        type: "express",
        country: "GB",
        email: fixer.email,
        capabilities: { transfers: { requested: true } },
        metadata: { fixer_user_id: fixer.id },
      },
      // One account per fixer even if the button is pressed twice or the request is retried.
      { idempotencyKey: `payout-account-${fixer.id}` },
    );
    return created.id;
  });
  if (account.status === "active") return { url: payoutPaths.page };
  const link = await stripe.accountLinks.create(
    {
      account: account.providerAccountId,
      type: "account_onboarding",
      refresh_url: `${deps.publicUrl}${payoutPaths.page}`,
      return_url: `${deps.publicUrl}${payoutPaths.stripeReturn}`,
    },
    // A key per request, not per account: a link is single-use and expires within minutes, so a key
    // Stripe remembers for 24 hours must not hand a later click the old link. The SDK's network
    // retries of this one request send the same key, so one click never makes two links.
    { idempotencyKey: `payout-link-${account.providerAccountId}-${randomUUID()}` },
  );
  return { url: link.url };
}

/** The fixer's pending TEST MODE account with this id; anyone else's (or an active one's) id is "not found". */
export async function testOnboardingAccount(db: Db, fixerUserId: string, accountId: string): Promise<{ providerAccountId: string; status: string } | null> {
  if (!TEST_ACCOUNT_ID.test(accountId)) return null;
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.fixerUserId, fixerUserId), eq(payoutAccounts.provider, "test"), eq(payoutAccounts.providerAccountId, accountId)));
  return account ?? null;
}

/** The stand-in's last step: the test account is active, and the transfers that waited are queued. */
export async function finishTestOnboarding(db: Db, fixerUserId: string, accountId: string): Promise<{ queuedTransfers: number }> {
  const account = await testOnboardingAccount(db, fixerUserId, accountId);
  if (!account) throw new BookingError("not_found", "There is no such payout account set-up on your account.");
  if (account.status === "active") return { queuedTransfers: 0 };
  return savePayoutAccount(db, fixerUserId, { provider: "test", providerAccountId: accountId, active: true });
}

/** Back from Stripe's onboarding: asks Stripe whether payouts are enabled yet, and activates the account if so. */
export async function syncStripePayoutAccount(deps: PayoutDeps, fixerUserId: string): Promise<{ state: PayoutAccountState; queuedTransfers: number }> {
  const [account] = await deps.db.select().from(payoutAccounts).where(and(eq(payoutAccounts.fixerUserId, fixerUserId), eq(payoutAccounts.provider, "stripe")));
  if (!account) return { state: "not_connected", queuedTransfers: 0 };
  if (account.status === "active") return { state: "active", queuedTransfers: 0 };
  const remote = await (await deps.stripe()).accounts.retrieve(account.providerAccountId);
  if (!remote.payouts_enabled) return { state: "pending", queuedTransfers: 0 };
  const { queuedTransfers } = await savePayoutAccount(deps.db, fixerUserId, { provider: "stripe", providerAccountId: account.providerAccountId, active: true });
  return { state: "active", queuedTransfers };
}

/**
 * Stripe's `account.updated`: the account is active while payouts are enabled, pending otherwise
 * (a transfer then waits for it again). An account that is not one of ours is ignored.
 */
export async function applyStripeAccountUpdate(db: Db, remote: { id: string; payouts_enabled?: boolean | null }): Promise<"activated" | "deactivated" | "unchanged" | "unknown"> {
  const [account] = await db.select().from(payoutAccounts).where(and(eq(payoutAccounts.provider, "stripe"), eq(payoutAccounts.providerAccountId, remote.id)));
  if (!account) return "unknown";
  const enabled = Boolean(remote.payouts_enabled);
  if (enabled === (account.status === "active")) return "unchanged";
  await savePayoutAccount(db, account.fixerUserId, { provider: "stripe", providerAccountId: remote.id, active: enabled });
  return enabled ? "activated" : "deactivated";
}
