import type * as React from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { fees, formatGBP } from "~/content/prices";
import { answeredError, answeredValue, useActionAnswer } from "~/lib/forms/use-action-answer";
import { EXTRA_DESCRIPTION_LIMIT, MAX_EXTRA_HOURS, extrasCopy, type ExtrasPanel, type ExtraView } from "~/features/bookings/extras";

/** The booking page's extra charges (decision 084): the fixer asks, the customer accepts and pays, or declines with a reason. */

function ExtraForm({ intent, label, variant, extraId, children }: { intent: string; label: string; variant?: "outline"; extraId?: number; children?: React.ReactNode }) {
  const answer = useActionAnswer(intent);
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {extraId !== undefined ? <input type="hidden" name="extra" value={extraId} /> : null}
      <FormAlert answer={answer} />
      {children}
      <Button type="submit" variant={variant} className="self-start">
        {label}
      </Button>
    </Form>
  );
}

function TextField({ form, name, label, hint, inputMode, maxLength }: { form: string; name: string; label: string; hint?: string; inputMode?: "numeric" | "decimal"; maxLength?: number }) {
  const answer = useActionAnswer(form);
  return (
    <Field id={`${form}-${name}`} label={label} required error={answeredError(answer, name)} hint={hint}>
      {(control) => <Input {...control} name={name} inputMode={inputMode} maxLength={maxLength} defaultValue={answeredValue(answer, name) ?? ""} />}
    </Field>
  );
}

function ExtraFigures({ extra, role }: { extra: ExtraView; role: "customer" | "fixer" }) {
  return (
    <dl className="text-sm">
      <div className="flex justify-between gap-4 py-1">
        <dt>Price</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatGBP(extra.pricePence)}</dd>
      </div>
      {role === "customer" ? (
        <div className="flex justify-between gap-4 py-1">
          <dt>Customer service fee ({fees.customerServiceFeePercent}%)</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatGBP(extra.customerFeePence)}</dd>
        </div>
      ) : (
        <div className="flex justify-between gap-4 py-1">
          <dt>FixiT service charge ({fees.fixerServiceChargePercent}%)</dt>
          <dd className="whitespace-nowrap tabular-nums">−{formatGBP(extra.fixerChargePence)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-border py-1 pt-2 font-semibold">
        <dt>{role === "customer" ? "Total" : "You receive"}</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatGBP(role === "customer" ? extra.totalPence : extra.fixerNetPence)}</dd>
      </div>
    </dl>
  );
}

function ExtraItem({ extra, role }: { extra: ExtraView; role: "customer" | "fixer" }) {
  const declineAnswer = useActionAnswer("decline_extra");
  const customer = role === "customer";
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="booking-extra">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{extra.label}</span>
        <Badge variant="secondary">{extra.stateLabel}</Badge>
      </p>
      <ExtraFigures extra={extra} role={role} />
      {extra.declineReason ? <p className="text-sm break-words">Reason: {extra.declineReason}</p> : null}
      {customer && (extra.state === "offered" || extra.state === "pending_payment") ? (
        <ExtraForm intent="pay_extra" extraId={extra.id} label={extrasCopy.accept(extra.totalPence)} />
      ) : null}
      {customer && extra.state === "offered" ? (
        <details className="rounded-lg border border-border p-3" open={declineAnswer !== undefined}>
          <summary className="min-h-11 cursor-pointer content-center font-medium">{extrasCopy.decline}</summary>
          <div className="mt-3">
            <ExtraForm intent="decline_extra" extraId={extra.id} label={extrasCopy.decline} variant="outline">
              <TextField form="decline_extra" name="reason" label="Why are you declining? (the fixer sees this)" />
            </ExtraForm>
          </div>
        </details>
      ) : null}
    </li>
  );
}

export function ExtrasSection({ panel, role }: { panel: ExtrasPanel; role: "customer" | "fixer" }) {
  const customer = role === "customer";
  return (
    <section id="extras" aria-labelledby="extras-title" className="rounded-xl border border-border bg-card p-4 shadow-card sm:p-6">
      <h2 id="extras-title" className="text-xl font-semibold">
        {extrasCopy.heading}
      </h2>
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{customer ? extrasCopy.customerIntro : extrasCopy.fixerIntro}</p>
        {customer && panel.blocksConfirm ? (
          <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
            {extrasCopy.confirmBlocked}
          </p>
        ) : null}
        {panel.extras.length ? (
          <ul className="flex flex-col gap-3">
            {panel.extras.map((extra) => (
              <ExtraItem key={extra.id} extra={extra} role={role} />
            ))}
          </ul>
        ) : null}
        {panel.addRefusal ? <p className="text-sm text-muted-foreground">{panel.addRefusal}</p> : null}
        {panel.canAdd?.kind === "hours" ? (
          <ExtraForm intent="add_extra_hours" label={extrasCopy.addHours}>
            <TextField form="add_extra_hours" name="hours" inputMode="numeric" maxLength={2} label="Extra hours" hint={`Whole hours, 1 to ${MAX_EXTRA_HOURS}, at ${formatGBP(panel.canAdd.hourlyRatePence)} an hour.`} />
          </ExtraForm>
        ) : panel.canAdd?.kind === "amount" ? (
          <ExtraForm intent="add_extra_amount" label={extrasCopy.addAmount}>
            <TextField form="add_extra_amount" name="description" maxLength={EXTRA_DESCRIPTION_LIMIT} label="What is it for?" hint="The customer sees this, e.g. “Replacement valve”." />
            <TextField form="add_extra_amount" name="amount" inputMode="decimal" maxLength={12} label="Amount (£)" hint="Your price; the customer pays it plus the service fee." />
          </ExtraForm>
        ) : null}
      </div>
    </section>
  );
}
