import { BadgeCheck, KeyRound } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { earningsClaimPerHour, fees, formatGBP } from "~/content/prices";
import { Link } from "~/lib/routing";
import { feeLabel, fixerBenefits, registrationCopy } from "./content";

/** /fixer-register's side column: why fix with FixiT, and the way to the portal for those who have paid. */
export function RegisterAside() {
  return (
    <div className="flex flex-col gap-6">
      <Card tone="primary" aria-labelledby="fixer-benefits-heading">
        <CardHeader>
          <CardTitle as="h2" id="fixer-benefits-heading">
            Why fix with FixiT
          </CardTitle>
          <CardDescription>Professionals can earn up to {formatGBP(earningsClaimPerHour.maxPence)}/hour on FixiT.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2 text-sm">
            {fixerBenefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {benefit}
              </li>
            ))}
            <li className="flex items-start gap-2">
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              One-time {feeLabel} onboarding fee; a {fees.fixerServiceChargePercent}% service charge on payouts
            </li>
          </ul>
        </CardContent>
      </Card>
      <Card aria-labelledby="fixer-portal-heading">
        <CardHeader>
          <CardTitle as="h2" id="fixer-portal-heading" className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            {registrationCopy.portalHeading}
          </CardTitle>
          <CardDescription>{registrationCopy.portalText}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/fixer-onboarding">{registrationCopy.portalButton}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
