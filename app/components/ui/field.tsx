import type * as React from "react";
import { describedBy, FieldDescription, FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";

export type FieldControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * Every form's labelled field: the label, the control, its hint and its error, linked by id.
 * `children` gets the attributes to put on the control (id, aria-invalid, aria-describedby), so any
 * control fits: input, textarea, select, file picker. `required` marks the label with * and an
 * optional field says "(optional)"; `marks={false}` leaves the label as written. `spacing` sets the
 * gap between label, control and messages (classes are joined, never merged: decision 007).
 */
const gaps = { tight: "gap-1.5", normal: "gap-2", loose: "gap-3" } as const;

export function Field({
  id,
  label,
  required,
  marks = true,
  hint,
  error,
  spacing = "normal",
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  marks?: boolean;
  hint?: React.ReactNode;
  error?: string;
  spacing?: keyof typeof gaps;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col ${gaps[spacing]}`}>
      <Label htmlFor={id}>
        {label}
        {!marks ? null : required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground">(optional)</span>
        )}
      </Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, { hasDescription: Boolean(hint), hasError: Boolean(error) }) })}
      {hint ? <FieldDescription fieldId={id}>{hint}</FieldDescription> : null}
      <FieldError fieldId={id} errors={error} />
    </div>
  );
}
