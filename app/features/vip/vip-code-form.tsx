import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { useForm } from "~/lib/forms/use-form";
import { vipMessages } from "./messages";
import { VIP_CODE_FORM, vipCodeSchema, VIP_CODE_MAX_LENGTH, type VipCodeResult } from "./schemas";
import { VipNavigationPending } from "./vip-navigation-pending";

const FIELD_ID = "vip-code";

/**
 * 'Enter VIP Blog': one code field. With JavaScript a fetcher asks the server, shows the toast and
 * moves on to the blog; without it the form posts and the server redirects (or re-renders with the message).
 */
export function VipCodeForm() {
  const navigate = useNavigate();
  const { fetcher, result, documentResult, busy, fieldErrors, checkedInBrowser, onSubmit } = useForm<VipCodeResult>({
    form: VIP_CODE_FORM,
    schema: vipCodeSchema,
    // The server answers a fetcher with the blog link instead of redirecting, so the toast shows first.
    extraFields: { via: "fetcher" },
    onResult: (answer) => {
      if (answer.status === "success") toast.success(vipMessages.verified.title, vipMessages.verified.text);
      else toast.error(answer.title ?? vipMessages.error.title, answer.message);
    },
  });

  // On to the blog once the fetcher has settled: navigating while the router still revalidates
  // after the action left the URL on the blog with this page still showing (measured, React Router 7.18).
  const next = fetcher.state === "idle" && fetcher.data?.status === "success" ? fetcher.data.next : null;
  useEffect(() => {
    if (next) void navigate(next);
  }, [next, navigate]);

  const refusal = result && result.status !== "success" ? result : undefined;
  // What a plain POST (no JavaScript) sent, shown again.
  const typedBefore = documentResult && documentResult.status !== "success" && typeof documentResult.values?.code === "string" ? documentResult.values.code : undefined;
  // The field's own message: what the browser found, or the server's answer about the code.
  const fieldMessage = fieldErrors.code;
  // In the page as well as in a toast: always after a plain POST (no toast there), and for refusals the field cannot explain.
  const pageMessage = refusal && !checkedInBrowser && (refusal === documentResult || refusal.status === "error") ? refusal : null;

  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} aria-label="Enter your VIP access code" className="relative flex flex-col gap-3">
      <input type="hidden" name="intent" value="vip-code" />
      <Honeypot />
      <Field
        id={FIELD_ID}
        label="VIP access code"
        marks={false}
        spacing="loose"
        hint="Codes are case-sensitive: type it exactly as in your email. Signed in? The code is added to your account too."
        error={fieldMessage}
      >
        {(control) => (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              {...control}
              name="code"
              required
              maxLength={VIP_CODE_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              placeholder="VIP-XXXX-XXXX-XXXX-XXXX"
              defaultValue={typedBefore}
              className="font-mono tracking-wide"
            />
            <Button type="submit" loading={busy} disabled={busy}>
              {busy ? vipMessages.busy : vipMessages.submit}
            </Button>
          </div>
        )}
      </Field>
      {pageMessage ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground">
          <strong className="font-semibold">{pageMessage.title}</strong> {pageMessage.message}
        </p>
      ) : null}
      <VipNavigationPending />
    </fetcher.Form>
  );
}
