import { BadgeCheck, CircleCheck, FileText, KeyRound, MessageSquareWarning } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { applicationStatusCopy, gateCopy, onboardingCopy, onboardingMessages } from "./portal-content";
import { OnboardingForm } from "./onboarding-form";
import type { PortalView, SubmitResult, UnlockResult } from "./onboarding.server";
import { FixerStepIndicator } from "./step-indicator";
import { formatLongDate } from "~/content/dates";

export type PortalPageProps = {
  view: PortalView;
  userId: string;
  submitted: boolean;
  /** The page action's answer after a plain (no JavaScript) POST. */
  actionData?: UnlockResult | SubmitResult;
};

/** /fixer-onboarding: the locked gate, the profile form, or the application's status. */
/** Shared by the gate and the page: the page outlives the gate, which unmounts once the portal unlocks. */
const UNLOCK_FETCHER_KEY = "fixer-unlock";

export function FixerPortalPage({ view, userId, submitted, actionData }: PortalPageProps) {
  const unlocked = view.state !== "locked";
  const unlock = useFetcher<UnlockResult>({ key: UNLOCK_FETCHER_KEY });
  useEffect(() => {
    const answer = unlock.data;
    if (!answer) return;
    if (answer.ok) toast.success(answer.title);
    else toast.error(answer.title, answer.description);
  }, [unlock.data]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <FixerStepIndicator
        current="onboarding"
        done={view.state === "status" ? ["details", "payment", "onboarding"] : unlocked || view.paid ? ["details", "payment"] : ["details"]}
      />
      {view.state === "locked" ? (
        <AccessGate documentResult={actionData && "title" in actionData ? (actionData as UnlockResult) : undefined} />
      ) : view.state === "form" ? (
        <>
          <header className="flex flex-col gap-3">
            <Badge variant="success" className="gap-1.5">
              <BadgeCheck aria-hidden="true" />
              {onboardingCopy.badge}
            </Badge>
            <h1 className="text-h2 font-bold">{onboardingCopy.title}</h1>
            <p className="text-muted-foreground">{onboardingCopy.intro}</p>
          </header>
          {view.changesRequested ? (
            <div role="note" aria-label="Changes requested" className="flex gap-3 rounded-xl border border-accent/40 bg-accent/5 p-4">
              <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              <div className="flex flex-col gap-1 text-sm">
                <p className="font-semibold">{applicationStatusCopy.changes_requested.label}</p>
                <p>{applicationStatusCopy.changes_requested.text}</p>
                {view.changesRequested.note ? <blockquote className="mt-1 border-l-2 border-accent/50 pl-3 whitespace-pre-line">{view.changesRequested.note}</blockquote> : null}
                <p className="mt-1 text-muted-foreground">{onboardingCopy.keptNote}</p>
              </div>
            </div>
          ) : null}
          <OnboardingForm
            userId={userId}
            previous={view.changesRequested?.previous}
            serverError={actionData && "message" in actionData && !actionData.ok ? actionData.message : undefined}
          />
        </>
      ) : (
        <ApplicationStatusView view={view} submitted={submitted} />
      )}
    </div>
  );
}

function AccessGate({ documentResult }: { documentResult?: UnlockResult }) {
  const fetcher = useFetcher<UnlockResult>({ key: UNLOCK_FETCHER_KEY });
  const busy = fetcher.state !== "idle";
  const inputRef = useRef<HTMLInputElement>(null);
  const result = fetcher.data ?? documentResult;

  // A refused code: select it so the next attempt replaces it (the page shows the toast).
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) inputRef.current?.select();
  }, [fetcher.data]);

  return (
    <Card className="mx-auto w-full max-w-lg" aria-labelledby="gate-title">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-secondary">
          <KeyRound aria-hidden="true" className="size-7 text-primary" />
        </span>
        <h1 id="gate-title" className="text-h3 font-bold">
          {gateCopy.title}
        </h1>
        <CardDescription>{gateCopy.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <fetcher.Form method="post" className="flex flex-col gap-4" aria-label="Unlock the portal">
          <input type="hidden" name="intent" value="unlock" />
          {result && !result.ok ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              <strong className="font-semibold">{result.title}:</strong> {result.description}
            </p>
          ) : null}
          <Field id="access-code" label={gateCopy.label} required>
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                name="code"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                placeholder={gateCopy.placeholder}
                className="font-mono tracking-wider"
              />
            )}
          </Field>
          <Button type="submit" size="lg" loading={busy}>
            {busy ? gateCopy.busy : gateCopy.button}
          </Button>
        </fetcher.Form>
        <p className="text-center text-sm text-muted-foreground">
          {gateCopy.hint}{" "}
          <Link to="/fixer-register" className="font-medium text-primary underline underline-offset-4">
            {gateCopy.registerLink}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function formatDate(iso: string) {
  return formatLongDate(new Date(iso));
}

function ApplicationStatusView({ view, submitted }: { view: Extract<PortalView, { state: "status" }>; submitted: boolean }) {
  const { application } = view;
  const status = applicationStatusCopy[application.status];
  return (
    <>
      {submitted ? (
        <div role="status" className="flex gap-3 rounded-xl border border-success/30 bg-success/5 p-4">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
          <p>
            <strong className="block text-lg">{onboardingMessages.success.title}</strong>
            {onboardingMessages.success.description}
          </p>
        </div>
      ) : null}
      <Card aria-labelledby="application-title">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <h1 id="application-title" className="text-h3 font-bold">
              Your fixer application
            </h1>
            <Badge variant={status.tone}>{status.label}</Badge>
          </div>
          <CardDescription>
            Submitted on {formatDate(application.submittedAt)} from {view.email}.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p>{status.text}</p>
          {application.note ? <blockquote className="border-l-2 border-border pl-3 text-sm whitespace-pre-line">{application.note}</blockquote> : null}
          {application.documents.length > 0 ? (
            <div className="flex flex-col gap-2">
              <CardTitle as="h2">Your documents</CardTitle>
              <ul className="flex flex-col gap-1.5 text-sm">
                {application.documents.map((doc) => (
                  <li key={doc.id} className="flex min-w-0 items-center gap-2">
                    <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    <a href={`/fixer-onboarding/documents/${doc.id}`} className="min-w-0 truncate text-primary underline underline-offset-4">
                      {doc.name}
                    </a>
                    <span className="shrink-0 text-muted-foreground">({doc.folder})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Button asChild variant="outline" className="self-start">
            <Link to="/account#fixer-status">Go to My Account</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
