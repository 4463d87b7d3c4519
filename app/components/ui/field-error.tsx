import { CircleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** The id a field's error message carries; put it in the field's aria-describedby. */
export function fieldErrorId(fieldId: string) {
  return `${fieldId}-error`;
}

/** The id a field's hint carries; put it in the field's aria-describedby. */
export function fieldDescriptionId(fieldId: string) {
  return `${fieldId}-description`;
}

type FieldErrorProps = Omit<React.ComponentProps<"p">, "children" | "id"> & {
  /** The id of the field this message belongs to; the message gets `${fieldId}-error`. */
  fieldId: string;
  /** One message, a list (the first is shown), or nothing: then nothing renders. */
  errors?: string | readonly string[] | null;
};

/** A field's validation message, linked to the field by id and drawn in the destructive colour. */
export function FieldError({ fieldId, errors, className, ...props }: FieldErrorProps) {
  const message = typeof errors === "string" ? errors : errors?.[0];
  if (!message) return null;
  return (
    <p
      data-slot="field-error"
      id={fieldErrorId(fieldId)}
      className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive", className)}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** A hint under a field, linked by id for aria-describedby. */
export function FieldDescription({
  fieldId,
  className,
  ...props
}: Omit<React.ComponentProps<"p">, "id"> & { fieldId: string }) {
  return (
    <p
      data-slot="field-description"
      id={fieldDescriptionId(fieldId)}
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

/** The aria-describedby value for a field: its hint (if it has one) and its error (if there is one). */
export function describedBy(fieldId: string, options: { hasDescription?: boolean; hasError?: boolean }) {
  const ids = [
    options.hasDescription ? fieldDescriptionId(fieldId) : null,
    options.hasError ? fieldErrorId(fieldId) : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}
