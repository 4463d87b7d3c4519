import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { accountLinks } from "~/content/navigation";
import { bookingPaths } from "~/features/bookings/paths";
import { quotePaths } from "~/features/quotes/paths";
import { Section } from "~/features/account/account-sections";
import { loadAccountPage } from "~/features/account/account.server";
import { accountAction, accountHeaders } from "~/features/account/actions.server";
import { accountPaths, accountSettingsLinks } from "~/features/account/paths";
import { requireUser } from "~/features/auth/guard.server";
import { VipStatus } from "~/features/vip/vip-status";
import { StaffConsoleLink } from "~/features/staff/components/staff-console-link";
import { loadFixerStatus, noFixerRegistration } from "~/features/fixers/account-status.server";
import { FixerAccountStatusView } from "~/features/fixers/account-status";
import { ACCOUNTS } from "~/features/bookings/ledger.server";
import { ReferralDetails } from "~/features/bookings/components/referral-details";
import { referralCopy } from "~/features/bookings/referrals";
import { referralLink } from "~/features/bookings/referrals.server";
import { formatPhone } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "My Account", description: "Your FixiT account: your jobs, your details and your settings.", path: "/account", noindex: true });

/** Guarded: a signed-out visitor is redirected to /auth?from=/account before anything is rendered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // One query for what the page shows; the fixer application's status is read only when that query
  // found a registration for the account (most accounts have none).
  const page = await loadAccountPage(context.services.db, user.id, ACCOUNTS.customerCredit(user.id), user.email.toLowerCase());
  if (!page) throw data(null, { status: 404 });
  const { account, vipMembership } = page;
  const fixerStatus = page.hasFixerRegistration ? await loadFixerStatus(context.services.db, user) : noFixerRegistration();
  // The code is made at sign-in (a GET never writes); an account signed in before it existed got one from migration 0044.
  const referral = { link: page.referralCode ? referralLink(context.services.config, page.referralCode) : null, creditAvailablePence: page.creditAvailablePence, friendsJoined: page.friendsJoined, friendsRewarded: page.friendsRewarded };
  return data({ account, vipMembership, fixerStatus, approvedFixer: user.approvedFixer, referral }, { headers: { "cache-control": "private, no-store" } });
}

/** The overview shows no form (each has its settings page, decisions 077 and 091): any intent posted here is a 400 and changes nothing. */
export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, []);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return accountHeaders(actionHeaders);
}

const accountTypeLabel = { customer: "Customer", fixer: "Fixer" } as Record<string, string>;

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { account, vipMembership } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold">My Account</h1>

      <StaffConsoleLink />

      {loaderData.approvedFixer ? (
        <Section id="fixer-dashboard" title="Fixer dashboard" description="Jobs near you, your quotes, and the services and areas you cover.">
          <Button asChild className="self-start">
            <Link to={accountLinks.fixerDashboard.href}>Open the fixer dashboard</Link>
          </Button>
        </Section>
      ) : null}

      <Section id="my-jobs" title="My jobs" description="Jobs you've posted, the quotes fixers sent, your messages with them and your bookings.">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={quotePaths.customerJobs}>See my jobs</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={bookingPaths.customerList}>My bookings</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={quotePaths.request}>Post a job</Link>
          </Button>
        </div>
      </Section>

      <Section id="profile" title="Your details">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">Name</dt>
          <dd className="break-words">{account.fullName}</dd>
          <dt className="font-medium text-muted-foreground">Email</dt>
          <dd className="break-all">{account.email}</dd>
          <dt className="font-medium text-muted-foreground">Phone</dt>
          <dd className="break-words">{account.phone ? formatPhone(account.phone) : "Not given"}</dd>
          <dt className="font-medium text-muted-foreground">Account type</dt>
          <dd>{accountTypeLabel[account.userType] ?? "Customer"}</dd>
        </dl>
        <Link to={accountPaths.details} className="self-start font-medium text-primary hover:underline">
          Change your name or phone
        </Link>
      </Section>

      <Section id="referral" title={referralCopy.title} description={referralCopy.description}>
        <ReferralDetails referral={loaderData.referral} />
      </Section>

      <Section id="vip-status" title="VIP early access" description="Members-only content for early supporters.">
        <VipStatus membership={vipMembership} />
      </Section>

      <Section id="fixer-status" title="Fixer application">
        <FixerAccountStatusView status={loaderData.fixerStatus} userType={account.userType} />
      </Section>

      <Section id="settings" title="Settings">
        <ul className="flex flex-col divide-y divide-border">
          {accountSettingsLinks.map((link) => (
            <li key={link.href} id={link.id} className="py-3 first:pt-0 last:pb-0">
              <Link to={link.href} className="font-medium text-primary hover:underline">
                {link.label}
              </Link>
              <p className="text-sm text-muted-foreground">{link.description}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
