import { data, redirect, type AppLoadContext } from "react-router";
import { siteUrl } from "#server/http/site-url.ts";
import { requireUser } from "~/features/auth/guard.server";
import { contentDisposition } from "~/lib/download-headers";
import type { Flash } from "~/lib/flash";
import { badRequestAnswer, formAnswer, invalidAnswer, redirectWithFlash, refusalAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { isRefusalError } from "~/lib/forms/refusal-error";
import { parseSubmission } from "~/lib/forms/parse";
import type { SessionUser } from "~/lib/session-user";
import { earningsCsvStream, fixerEarnings } from "./earnings.server";
import { cursorParam } from "~/lib/page-cursor.server";
import { payoutPaths, TEST_BANK, testPayoutFormSchema } from "./payouts";
import { payoutPromptPence } from "./payout-prompt.server";
import type { BookingQuoteReads } from "./quote-reads.server";
import { finishTestOnboarding, payoutAccountView, startPayoutOnboarding, syncStripePayoutAccount, testOnboardingAccount, type PayoutDeps, type StripeConnectClient } from "./payouts.server";

/**
 * The fixer's money pages (decision 052): /fixer/payouts (connect a payout account), its TEST MODE
 * stand-in /fixer/payouts/test/:accountId, Stripe's return /fixer/payouts/return, and
 * /fixer/earnings with its CSV. Approved fixers only: anyone else gets 404, like a page that is not there.
 */

const noStore = { "cache-control": "private, no-store" };
const notFound = (message = "There is no such page on your account.") => data(message, { status: 404, headers: noStore });

export async function requireApprovedFixer(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.approvedFixer) throw notFound("Only approved fixers have payouts and earnings.");
  return user;
}

function payoutDeps(context: AppLoadContext): PayoutDeps {
  const { config, db, payments } = context.services;
  return {
    db,
    publicUrl: siteUrl(config),
    provider: config.STRIPE_SECRET_KEY ? "stripe" : "test",
    // The payments service's Stripe SDK client: the Connect calls are on the same client.
    stripe: async () => (await payments.stripe()) as unknown as StripeConnectClient,
  };
}

const connectedFlash = (queued: number): Flash => ({
  kind: "success",
  title: "Payout account connected",
  text: queued > 0 ? `${queued === 1 ? "1 payment that was waiting is" : `${queued} payments that were waiting are`} on the way to your account.` : "Payments released to you are transferred to this account.",
});

// ---- /fixer/payouts ---------------------------------------------------------------------------

export async function payoutsPageLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const user = await requireApprovedFixer(request, context);
  const view = await payoutAccountView(context.services.db, user.id);
  return data({ ...view, testMode: !context.services.config.STRIPE_SECRET_KEY }, { headers: noStore });
}

/** "Connect a payout account" (or "Continue setting it up"): a 303 to the provider's onboarding or the stand-in. */
/** `reads`: whether the fixer has a profile (the quotes feature's row), handed in by the route. */
export async function payoutsPageAction({ request, context }: { request: Request; context: AppLoadContext }, reads: Pick<BookingQuoteReads, "hasFixerProfile">) {
  const user = await requireApprovedFixer(request, context);
  const form = await readTextForm(request);
  if (!form || form.get("intent") !== "connect") return badRequestAnswer("connect", { title: "That didn't work", message: "The form could not be read. Please reload the page and try again." });
  try {
    const { url } = await startPayoutOnboarding(payoutDeps(context), reads, { id: user.id, email: user.email });
    return redirect(url, { status: 303, headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!isRefusalError(error)) {
      context.services.logger.error({ err: error }, "payout onboarding could not start");
      return formAnswer(503, { form: "connect", status: "error", title: "Payouts are unavailable", message: "We could not reach our payment provider. Please try again in a few minutes." });
    }
    return refusalAnswer("connect", error, { title: "That didn't work" });
  }
}

// ---- /fixer/payouts/return (Stripe) -----------------------------------------------------------

export async function stripeReturnLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const user = await requireApprovedFixer(request, context);
  let synced: Awaited<ReturnType<typeof syncStripePayoutAccount>>;
  try {
    synced = await syncStripePayoutAccount(payoutDeps(context), user.id);
  } catch (error) {
    // Stripe unreachable: the account.updated webhook (or the next return) activates it later.
    context.services.logger.error({ err: error }, "payout account could not be checked with Stripe");
    return redirectWithFlash(context, payoutPaths.page, { kind: "error", title: "Could not check your account", text: "We could not reach Stripe just now. Your account becomes active here as soon as Stripe enables payouts." });
  }
  const { state, queuedTransfers } = synced;
  const flash: Flash =
    state === "active"
      ? connectedFlash(queuedTransfers)
      : { kind: "error", title: "Not finished yet", text: "Stripe has not enabled payouts on your account yet. Continue setting it up, or check back later." };
  return redirectWithFlash(context, payoutPaths.page, flash);
}

// ---- /fixer/payouts/test/:accountId (TEST MODE) -----------------------------------------------

type TestOnboardingArgs = { request: Request; context: AppLoadContext; params: { accountId?: string } };

/** The fixer's own pending test account only; with Stripe configured the stand-in does not exist. */
async function testAccountFor({ request, context, params }: TestOnboardingArgs) {
  const user = await requireApprovedFixer(request, context);
  if (context.services.config.STRIPE_SECRET_KEY) throw notFound();
  const accountId = String(params.accountId ?? "");
  const account = await testOnboardingAccount(context.services.db, user.id, accountId);
  if (!account) throw notFound("There is no such payout account set-up on your account.");
  return { user, account };
}

export async function testOnboardingLoader(args: TestOnboardingArgs) {
  const { account } = await testAccountFor(args);
  if (account.status === "active") throw redirect(payoutPaths.page, { headers: { "cache-control": "no-store" } });
  return data({ accountId: account.providerAccountId, testBank: TEST_BANK }, { headers: noStore });
}

export async function testOnboardingAction(args: TestOnboardingArgs) {
  const { user, account } = await testAccountFor(args);
  const form = await readTextForm(args.request);
  if (!form) return badRequestAnswer("payout", { title: "That didn't work", message: "The form could not be read. Please try again." });
  const checked = parseSubmission(testPayoutFormSchema, form);
  if (!checked.ok) return invalidAnswer("payout", checked, { title: "Check the form", message: Object.values(checked.fieldErrors)[0] });
  try {
    const { queuedTransfers } = await finishTestOnboarding(args.context.services.db, user.id, account.providerAccountId);
    return redirectWithFlash(args.context, payoutPaths.page, connectedFlash(queuedTransfers));
  } catch (error) {
    return refusalAnswer("payout", error, { title: "That didn't work" });
  }
}

// ---- /fixer/earnings and /fixer/earnings.csv --------------------------------------------------

export async function earningsPageLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const user = await requireApprovedFixer(request, context);
  const after = cursorParam(new URL(request.url), "after");
  const [earnings, account, payoutPrompt] = await Promise.all([fixerEarnings(context.services.db, user.id, { after }), payoutAccountView(context.services.db, user.id), payoutPromptPence(context.services.db, user.id)]);
  return data({ ...earnings, payoutState: account.state, payoutPrompt, payoutFailure: account.payoutFailure }, { headers: noStore });
}

export async function earningsCsvLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const user = await requireApprovedFixer(request, context);
  const { fileName, body } = earningsCsvStream(context.services.db, user.id);
  return new Response(body, {
    // nosniff comes with every response (the security headers): set here too, it was sent twice.
    headers: { ...noStore, "content-type": "text/csv; charset=utf-8", "content-disposition": contentDisposition("attachment", fileName) },
  });
}
