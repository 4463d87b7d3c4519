import { useActionData, useFetcher } from "react-router";
import { Container, PageHero } from "~/components/content/layout";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { deferredHydration } from "~/lib/deferred-hydration";
import { registrationCopy } from "./content";
import { FixerRegistrationForm, REGISTRATION_FETCHER_KEY } from "./registration-form";
import type { RegistrationResult } from "./registration.server";
import { FixerStepIndicator } from "./step-indicator";

// Beside the form on a desktop, below it on a phone, and static: it hydrates from its own chunk after the page.
const serverRegisterAside = import.meta.env.SSR ? (await import("./register-aside")).RegisterAside : null;
const DeferredRegisterAside = deferredHydration(serverRegisterAside, () => import("./register-aside").then((m) => m.RegisterAside));

/** /fixer-register ('Become a Fixer'): the 3-step indicator, the details form and the way to the portal. */
export function FixerRegisterPage({ resume = null }: { resume?: RegistrationResult | null }) {
  const fetcher = useFetcher<RegistrationResult>({ key: REGISTRATION_FETCHER_KEY });
  const documentResult = useActionData() as RegistrationResult | undefined;
  const result = fetcher.data ?? documentResult ?? resume ?? undefined;
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
              <FixerRegistrationForm resume={resume} />
            </CardContent>
          </Card>
          <DeferredRegisterAside />
        </div>
      </Container>
    </>
  );
}
