import { BadgeCheck, KeyRound } from "lucide-react";
import { Link, useActionData, useFetcher } from "react-router";
import { Container, PageHero } from "~/components/content/layout";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { earningsClaimPerHour, fees, formatGBP } from "~/content/prices";
import { feeLabel, fixerBenefits, registrationCopy } from "./content";
import { FixerRegistrationForm, REGISTRATION_FETCHER_KEY } from "./registration-form";
import type { RegistrationResult } from "./registration.server";
import { FixerStepIndicator } from "./step-indicator";

/** /fixer-register ('Become a Fixer'): the 3-step indicator, the details form and the way to the portal. */
export function FixerRegisterPage() {
  const fetcher = useFetcher<RegistrationResult>({ key: REGISTRATION_FETCHER_KEY });
  const documentResult = useActionData() as RegistrationResult | undefined;
  const result = fetcher.data ?? documentResult;
  const saved = result?.status === "success";
  const paid = Boolean(result?.status === "success" && result.alreadyPaid);
  return (
    <>
      <PageHero eyebrow="For professionals" title={registrationCopy.title} intro={registrationCopy.intro} compact />
      <Container className="flex flex-col gap-8 py-10 sm:py-14">
        <FixerStepIndicator current={paid ? "onboarding" : saved ? "payment" : "details"} done={paid ? ["details", "payment"] : saved ? ["details"] : []} />
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <Card aria-labelledby="fixer-details-heading">
            <CardHeader>
              <CardTitle as="h2" id="fixer-details-heading">
                {registrationCopy.detailsHeading}
              </CardTitle>
              <CardDescription>{registrationCopy.detailsDescription}</CardDescription>
            </CardHeader>
            <CardContent>
              <FixerRegistrationForm />
            </CardContent>
          </Card>
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
        </div>
      </Container>
    </>
  );
}
