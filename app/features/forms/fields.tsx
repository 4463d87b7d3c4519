import type * as React from "react";
import { describedBy, FieldDescription, FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FormActionResult } from "./form-result";
import { failureToasts, successToasts } from "./messages";
import { HONEYPOT_FIELD, type FieldErrors, type FormName, type FormValues } from "./schemas";

/** Shared pieces of the public forms: labelled fields with linked messages, honeypot, outcome line. */

type FieldBase = {
  form: FormName;
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  errors: FieldErrors;
  values: FormValues;
};

export const fieldId = (form: string, name: string) => `${form}-${name}`;

function Field({ id, label, required, hint, error, children }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
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
      {children}
      {hint ? <FieldDescription fieldId={id}>{hint}</FieldDescription> : null}
      <FieldError fieldId={id} errors={error} />
    </div>
  );
}

const stringValue = (values: FormValues, name: string) => {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
};

export function TextField({
  form,
  name,
  label,
  required,
  hint,
  errors,
  values,
  type = "text",
  multiline,
  ...props
}: FieldBase & { type?: string; multiline?: boolean } & Omit<React.ComponentProps<"input">, "form" | "name" | "type">) {
  const id = fieldId(form, name);
  const error = errors[name];
  const shared = {
    id,
    name,
    required,
    defaultValue: stringValue(values, name),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, { hasDescription: Boolean(hint), hasError: Boolean(error) }),
  } as const;
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error}>
      {multiline ? (
        <Textarea {...shared} maxLength={props.maxLength} placeholder={props.placeholder} rows={5} />
      ) : (
        <Input {...shared} type={type} {...props} />
      )}
    </Field>
  );
}

export function SelectField({
  form,
  name,
  label,
  required,
  hint,
  errors,
  values,
  options,
  placeholder = "Select an option",
  defaultValue,
}: FieldBase & { options: readonly { value: string; label: string }[]; placeholder?: string; defaultValue?: string }) {
  const id = fieldId(form, name);
  const error = errors[name];
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error}>
      <NativeSelect
        id={id}
        name={name}
        required={required}
        defaultValue={stringValue(values, name) ?? defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hasDescription: Boolean(hint), hasError: Boolean(error) })}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** Off-screen and hidden from assistive technology: only a bot fills it in. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The outcome under the button: what a toast says, also in the page, so a browser without
 * JavaScript (which gets the page back from a plain POST) and a screen reader both hear it.
 */
export function FormOutcome({ form, result }: { form: FormName; result?: FormActionResult }) {
  if (!result) return null;
  if (result.status === "success") {
    const copy = successToasts[form];
    return (
      <p role="status" className="rounded-md border border-success/40 bg-success/10 p-3 text-sm text-foreground">
        <strong className="font-semibold">{copy.title}</strong> {copy.description}
      </p>
    );
  }
  if (result.status === "invalid") {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        Please correct the highlighted fields and try again.
      </p>
    );
  }
  const copy = failureToasts[form];
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground">
      <strong className="font-semibold">{copy.title}</strong> {result.message ?? copy.description}
    </p>
  );
}
