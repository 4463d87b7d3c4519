import { formatGBP } from "~/content/prices";
import { referralCopy } from "~/features/bookings/referrals";

/** The account page's referral section (decision 052): the link to share, the credit on the ledger, the rules. */
export function ReferralDetails({ referral }: { referral: { link: string | null; creditAvailablePence: number; friendsJoined: number; friendsRewarded: number } }) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <h3 className="text-sm font-medium">
          {referralCopy.linkLabel}
        </h3>
        {referral.link ? (
          <>
            {/* Text, not an input: the whole link stays visible on a phone, and selects in one tap. */}
            <p className="rounded-md border border-input bg-muted/40 px-3 py-2.5 font-mono text-sm break-all select-all">
              {referral.link}
            </p>
            <p className="text-xs text-muted-foreground">Copy it and send it to a friend.</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{referralCopy.linkPending}</p>
        )}
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
