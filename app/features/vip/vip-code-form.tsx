import { useEffect, useState, type FormEvent } from "react";
import { useActionData, useFetcher, useNavigate } from "react-router";
import { FieldError } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { clientErrorMessage, withTimeout } from "~/features/forms/client-errors";
import { Honeypot } from "~/features/forms/fields";
import { vipMessages } from "./messages";
import { isVipCodeResult, vipCodeSchema, VIP_CODE_MAX_LENGTH, type VipCodeResult } from "./schemas";
import { VipNavigationPending } from "./vip-navigation-pending";

const FIELD_ID = "vip-code";
/** The spec's limit for a call to a server function (001 §9). */
const SUBMIT_TIMEOUT_MS = 20_000;

/** What each refusal says, as a toast and in the page. */
function refusalCopy(result: Extract<VipCodeResult, { status: "refused" }>) {
  switch (result.reason) {
    case "invalid":
      return vipMessages.invalid;
    case "rate-limited":
      return vipMessages.rateLimited;
    case "required":
      return { title: vipMessages.invalid.title, text: vipMessages.required };
    default:
      return vipMessages.error;
  }
}

/**
 * The route's clientAction for the code form: runs the server action and turns a failure that never
 * reached it (offline, timeout, 5xx) into the spec's 'Error' answer instead of the page's error screen.
 */
export async function vipCodeClientAction(serverAction: () => Promise<unknown>): Promise<unknown> {
  try {
    return await withTimeout(serverAction(), SUBMIT_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof Response) throw error;
    return {
      form: "vip-code",
      status: "refused",
      reason: "error",
      message: error instanceof Error && error.name === "TimeoutError" ? clientErrorMessage(error) : vipMessages.error.text,
    } satisfies VipCodeResult;
  }
}

/**
 * 'Enter VIP Blog': one code field. With JavaScript a fetcher asks the server, shows the toast and
 * moves on to the blog; without it the form posts and the server redirects (or re-renders with the message).
 */
export function VipCodeForm() {
  const fetcher = useFetcher<VipCodeResult>({ key: "vip-code" });
  const actionData: unknown = useActionData();
  const documentResult = isVipCodeResult(actionData) ? actionData : undefined;
  const result = fetcher.data ?? documentResult;
  const navigate = useNavigate();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  // Toasts are the outside world: shown once per answer.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.status === "success") {
      toast.success(vipMessages.verified.title, vipMessages.verified.text);
    } else {
      const copy = refusalCopy(answer);
      toast.error(copy.title, answer.reason === "error" ? answer.message : copy.text);
    }
  }, [fetcher.data]);

  // On to the blog once the fetcher has settled: navigating while the router still revalidates
  // after the action left the URL on the blog with this page still showing (measured, React Router 7.18).
  const next = fetcher.state === "idle" && fetcher.data?.status === "success" ? fetcher.data.next : null;
  useEffect(() => {
    if (next) void navigate(next);
  }, [next, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const parsed = vipCodeSchema.safeParse({ code: formData.get("code") ?? "" });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? vipMessages.required;
      setClientError(message);
      event.currentTarget.querySelector<HTMLInputElement>(`#${FIELD_ID}`)?.focus();
      return;
    }
    setClientError(null);
    formData.set("via", "fetcher");
    void fetcher.submit(formData, { method: "post" });
  }

  const refusal = result?.status === "refused" ? result : undefined;
  // The field's own message: what the browser found, or the server's answer about the code.
  const fieldMessage = clientError ?? (refusal && refusal.reason !== "error" && refusal.reason !== "rate-limited" ? refusal.message : null);
  // In the page as well as in a toast: always after a plain POST (no toast there), and for refusals the field cannot explain.
  const pageMessage =
    refusal && !clientError && (refusal === documentResult || refusal.reason === "rate-limited" || refusal.reason === "error") ? refusalCopy(refusal) : null;

  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} aria-label="Enter your VIP access code" className="relative flex flex-col gap-3">
      <input type="hidden" name="intent" value="vip-code" />
      <Honeypot />
      <Label htmlFor={FIELD_ID}>VIP access code</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={FIELD_ID}
          name="code"
          required
          maxLength={VIP_CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="VIP-XXXX-XXXX-XXXX-XXXX"
          defaultValue={documentResult?.status === "refused" ? documentResult.code : undefined}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={fieldMessage ? `${FIELD_ID}-error ${FIELD_ID}-hint` : `${FIELD_ID}-hint`}
          className="font-mono tracking-wide"
        />
        <Button type="submit" loading={busy} disabled={busy}>
          {busy ? vipMessages.busy : vipMessages.submit}
        </Button>
      </div>
      <p id={`${FIELD_ID}-hint`} className="text-sm text-muted-foreground">
        Codes are case-sensitive: type it exactly as in your email. Signed in? The code is added to your account too.
      </p>
      <FieldError fieldId={FIELD_ID} errors={fieldMessage} />
      {pageMessage ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground">
          <strong className="font-semibold">{pageMessage.title}</strong> {refusal?.reason === "error" ? refusal.message : pageMessage.text}
        </p>
      ) : null}
      <VipNavigationPending />
    </fetcher.Form>
  );
}
