import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { applicationStatusCopy } from "./portal-content";
import type { FixerAccountStatus, FixerNextStep } from "./account-status.server";
import { formatLongDate } from "~/content/dates";

const paymentLabels = {
  paid: { label: "Paid", tone: "success" },
  pending: { label: "Not completed", tone: "warning" },
  failed: { label: "Declined", tone: "destructive" },
  none: { label: "Not paid", tone: "outline" },
} as const;

const nextSteps: Record<Exclude<FixerNextStep, "none">, { text: string; label: string; to: string }> = {
  register: { text: "Register your details and pay the onboarding fee to get your access code.", label: "Become a Fixer", to: "/fixer-register" },
  pay: { text: "Your payment did not go through. Complete it to get your access code.", label: "Complete payment", to: "" },
  unlock: { text: "Your fee is paid. Enter the access code from your email to unlock the onboarding portal.", label: "Enter your access code", to: "/fixer-onboarding" },
  complete: { text: "Your portal is unlocked. Tell us about your qualifications, skills and insurance.", label: "Complete your profile", to: "/fixer-onboarding" },
  resubmit: { text: "Update your application as the note asks, then submit it again.", label: "Update your application", to: "/fixer-onboarding" },
};

function formatDate(iso: string) {
  return formatLongDate(new Date(iso));
}

/** My Account's #fixer-status: registration, payment, application and the next step. */
export function FixerAccountStatusView({ status, userType }: { status: FixerAccountStatus; userType: string }) {
  if (!status.registration) {
    return userType === "fixer" ? (
      <>
        <p className="text-sm">You have not registered as a fixer yet. {nextSteps.register.text}</p>
        <Button asChild className="self-start">
          <Link to="/fixer-register">Become a Fixer</Link>
        </Button>
      </>
    ) : (
      <>
        <p className="text-sm">You signed up as a customer. Want to offer your services? Register as a fixer and complete onboarding.</p>
        <Button asChild variant="outline" className="self-start">
          <Link to="/fixer-register">Become a Fixer</Link>
        </Button>
      </>
    );
  }
  const payment = paymentLabels[status.payment.status];
  const application = status.application ? applicationStatusCopy[status.application.status] : null;
  const step = status.next === "none" ? null : nextSteps[status.next];
  const stepTo = status.next === "pay" ? (status.payment.retryPath ?? "/fixer-register") : step?.to;
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">Registration</dt>
        <dd className="break-words">
          {status.registration.name}, <span className="break-all">{status.registration.email}</span> (registered {formatDate(status.registration.registeredAt)})
        </dd>
        <dt className="font-medium text-muted-foreground">Onboarding fee</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Badge variant={payment.tone}>{payment.label}</Badge>
          {status.payment.paidAt ? <span>on {formatDate(status.payment.paidAt)}</span> : null}
        </dd>
        <dt className="font-medium text-muted-foreground">Application</dt>
        <dd className="flex flex-wrap items-center gap-2" data-testid="fixer-application-status">
          {application && status.application ? (
            <>
              <Badge variant={application.tone}>{application.label}</Badge>
              <span>submitted {formatDate(status.application.submittedAt)}</span>
            </>
          ) : (
            <span>Not submitted yet</span>
          )}
        </dd>
      </dl>
      {application ? <p className="text-sm">{application.text}</p> : null}
      {status.application?.note ? (
        <blockquote className="border-l-2 border-accent/50 pl-3 text-sm whitespace-pre-line">
          <span className="block font-semibold">Note from our team</span>
          {status.application.note}
        </blockquote>
      ) : null}
      {step && stepTo ? (
        <>
          <p className="text-sm">{step.text}</p>
          <Button asChild className="self-start">
            <Link to={stepTo}>{step.label}</Link>
          </Button>
        </>
      ) : status.application ? (
        <Button asChild variant="outline" className="self-start">
          <Link to="/fixer-onboarding">View your application</Link>
        </Button>
      ) : null}
    </>
  );
}
