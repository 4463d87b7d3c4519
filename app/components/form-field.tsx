import type * as React from "react";
import { describedBy, FieldDescription, FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";

/**
 * A labelled field with its hint and error linked by id. `children` gets the ids to put on the
 * control (id, aria-invalid, aria-describedby), so any control fits: input, textarea, file picker.
 */
export function FormField({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  children: (control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {required ? (
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
