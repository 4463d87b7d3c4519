import type * as React from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors, FormValues } from "~/lib/forms/parse";
import { failureToasts, successCopy } from "./messages";
import type { FormName, PublicFormResult } from "./form-fields";

/** Shared pieces of the public forms: fields (~/components/ui/field) filled from the answer, and the outcome line. */

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
  const shared = { name, required, defaultValue: stringValue(values, name) } as const;
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error}>
      {(control) =>
        multiline ? (
          <Textarea {...control} {...shared} maxLength={props.maxLength} placeholder={props.placeholder} rows={5} />
        ) : (
          <Input {...control} {...shared} type={type} {...props} />
        )
      }
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
      {(control) => (
        <NativeSelect {...control} name={name} required={required} defaultValue={stringValue(values, name) ?? defaultValue ?? ""}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * The outcome under the button: what a toast says, also in the page, so a browser without
 * JavaScript (which gets the page back from a plain POST) and a screen reader both hear it.
 */
export function FormOutcome({ form, result }: { form: FormName; result?: PublicFormResult }) {
  if (!result) return null;
  if (result.status === "success") {
    const copy = successCopy(form, result.repeat);
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
