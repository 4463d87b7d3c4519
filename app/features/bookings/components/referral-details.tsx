import { formatGBP } from "~/content/prices";
import { referralCopy } from "~/features/bookings/referrals";

/** The account page's referral section (decision 052): the link to share, the credit on the ledger, the rules. */
export function ReferralDetails({ referral }: { referral: { link: string; creditAvailablePence: number; friendsJoined: number; friendsRewarded: number } }) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="referral-link" className="text-sm font-medium">
          {referralCopy.linkLabel}
        </label>
        <input
          id="referral-link"
          readOnly
          value={referral.link}
          className="h-11 w-full rounded-md border border-input bg-muted/40 px-3 font-mono text-sm"
          aria-describedby="referral-link-hint"
        />
        <p id="referral-link-hint" className="text-xs text-muted-foreground">
          Copy it and send it to a friend.
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">{referralCopy.creditLabel}</dt>
        <dd className="font-semibold tabular-nums">{formatGBP(referral.creditAvailablePence)}</dd>
        <dt className="font-medium text-muted-foreground">Friends who joined</dt>
        <dd>
          {referral.friendsJoined}
          {referral.friendsRewarded > 0 ? ` (${referral.friendsRewarded} earned you credit)` : ""}
        </dd>
      </dl>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {referralCopy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
