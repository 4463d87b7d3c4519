import { CalendarCheck, Crown, Users } from "lucide-react";
import type { Route } from "./+types/_site.early-access";
import { AppStoreBadges, useAppStoreLinks } from "~/components/content/app-store-badges";
import { DeferredInstallAppNote } from "~/components/content/deferred-install-app";
import { hasAnyStore } from "~/content/app-stores";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { formatGBP, products } from "~/content/prices";
import { badRequest, donationAction, handleContactForm } from "~/features/forms/actions.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { DeferredFeedbackForm } from "~/features/forms/deferred-forms";
import { formClientAction } from "~/features/forms/client-action";
import { WaitlistForm } from "~/features/forms/waitlist-form";
import { shownWaitlistCount } from "~/features/forms/waitlist-count.server";
import { vipCodeAction } from "~/features/vip/access.server";
import { DeferredVipCodeForm } from "~/features/vip/deferred-vip-code-form";
import { vipCodeClientAction } from "~/features/vip/vip-code-client-action";
import { pageMeta } from "~/lib/seo";
import { formatCount } from "~/content/format";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Early Access",
    description: "Join the waitlist for the FixiT app and share your feedback.",
    path: "/early-access",
  });

export async function loader({ context }: Route.LoaderArgs) {
  // Counted from the waitlist's rows (decision 065); null below the threshold, and then no number is shown.
  return { signupCount: await shownWaitlistCount(context.services.db), today: new Date().toISOString() };
}

/** The page's four forms, told apart by `intent`: feedback, the donation checkout, the VIP code, else the waitlist. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readTextForm(request);
  if (!formData) return badRequest("waitlist");
  switch (formData.get("intent")) {
    case "feedback":
      return handleContactForm("feedback", formData, context);
    case "donation":
      return donationAction(formData, request, context);
    case "vip-code":
      return vipCodeAction(request, context, formData);
    default:
      return handleContactForm("waitlist", formData, context);
  }
}

/** Retry-After on a rate-limited answer (429) reaches the browser on a document POST too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function clientAction(args: Route.ClientActionArgs) {
  const intent = (await args.request.clone().formData().catch(() => null))?.get("intent");
  if (intent === "vip-code") return vipCodeClientAction(args.serverAction);
  return formClientAction(args);
}

export default function EarlyAccessPage({ loaderData }: Route.ComponentProps) {
  const today = new Date(loaderData.today);
  const launched = isPast(milestones.appLaunch, today);
  const vipStarted = isPast(milestones.vipEarlyAccess, today);
  const launchDate = formatLongDate(milestones.appLaunch);
  const vipDate = formatLongDate(milestones.vipEarlyAccess);
  const vipPrice = formatGBP(products.vipAccess.pricePence);
  const appStores = useAppStoreLinks();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col gap-4">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Early access</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Be first to get the most out of FixiT</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Join the waitlist for news, offers and new services, and tell us what you need from a home-services app.
        </p>
      </header>

      <div className="grid gap-4 md:grid-cols-3">
        <div role="note" aria-label="App launch" className="flex items-start gap-3 rounded-xl border border-primary/30 bg-secondary p-4">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          {!hasAnyStore(appStores) ? (
            // No store address set: the installable web app, truthfully (decision 073).
            <DeferredInstallAppNote />
          ) : launched ? (
            <div className="text-sm">
              <p>
                <strong className="block text-base">The FixiT app is available now</strong>
                Launched on {launchDate}. Book your fixers in the app.
              </p>
              <AppStoreBadges links={appStores} joinHref="#waitlist-heading" joinLabel="Join the waitlist below" className="mt-3" />
            </div>
          ) : (
            <p className="text-sm">
              <strong className="block text-base">The FixiT app launches on {launchDate}</strong>
              Join the waitlist to hear first.
            </p>
          )}
        </div>
        <div role="note" aria-label="VIP early access" className="flex items-start gap-3 rounded-xl border border-accent/30 bg-accent/5 p-4">
          <Crown aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
          <p className="text-sm">
            <strong className="block text-base">VIP early access</strong>
            {vipStarted ? `VIP members have had early access since ${vipDate}.` : `VIP members get early access from ${vipDate}.`}
          </p>
        </div>
        <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4">
          <Users aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          {loaderData.signupCount === null ? (
            <p className="text-sm">
              <strong className="block text-base">Be one of the first</strong>
              Fewer than 100 people have joined so far.
            </p>
          ) : (
            <p className="text-sm">
              <strong className="block text-2xl font-bold">{formatCount(loaderData.signupCount)}</strong>
              people are on the waitlist
            </p>
          )}
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <Card aria-labelledby="waitlist-heading">
          <CardHeader>
            <CardTitle as="h2" id="waitlist-heading">
              Join the Waitlist
            </CardTitle>
            <CardDescription>Name and email are required; phone and location help us plan where to grow.</CardDescription>
          </CardHeader>
          <CardContent>
            <WaitlistForm />
          </CardContent>
        </Card>

        <Card aria-labelledby="feedback-heading">
          <CardHeader>
            <CardTitle as="h2" id="feedback-heading">
              Share Your Feedback
            </CardTitle>
            <CardDescription>Tell us which services you would book and how often. It takes a minute.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeferredFeedbackForm />
          </CardContent>
        </Card>
      </div>

      {/* Slot for the VIP issue: the VIP code entry ('Enter VIP Blog') and its checkout link. */}
      <section id="vip-access" aria-labelledby="vip-access-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
        <h2 id="vip-access-heading" className="text-2xl font-semibold">
          VIP Access
        </h2>
        <p className="text-muted-foreground">VIP members get the members-only blog with tips, offers and progress updates.</p>
        <p>
          <a id="vip-checkout-link" href="/checkout/vip" target="_blank" rel="noopener nofollow" className="font-medium text-primary underline underline-offset-4">
            Get VIP access for {vipPrice}
            <span className="sr-only"> (opens the checkout in a new tab)</span>
          </a>
        </p>
        {/* The code entry: checked on the server; the blog link carries the code. */}
        <div className="mt-2 flex flex-col gap-2 border-t border-border pt-5">
          <h3 className="text-lg font-semibold">Already a VIP member?</h3>
          <p className="text-sm text-muted-foreground">Enter the code from your VIP confirmation email, or one FixiT gave you, to open the VIP blog.</p>
          <DeferredVipCodeForm />
        </div>
      </section>
    </div>
  );
}
