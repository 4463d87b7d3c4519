import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, FieldDescription, FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { checkWith } from "~/features/staff/form-values";
import { POST_LIMITS, vipPostSchema } from "~/features/staff/post-schema";

export type PostFormValues = { title: string; excerpt: string; content: string; category: string; author: string; tags: string };

type FieldProps = { name: keyof PostFormValues; label: string; defaultValue: string; error?: string; hint?: string; max: number; rows?: number };

function Field({ name, label, defaultValue, error, hint, max, rows }: FieldProps) {
  const id = `post-${name}`;
  const common = {
    id,
    name,
    defaultValue,
    maxLength: max,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, { hasDescription: Boolean(hint), hasError: Boolean(error) }),
  } as const;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {rows ? <Textarea {...common} rows={rows} /> : <Input {...common} />}
      {hint ? <FieldDescription fieldId={id}>{hint}</FieldDescription> : null}
      <FieldError fieldId={id} errors={error} />
    </div>
  );
}

/**
 * Create or edit a VIP post. `submits` lists the buttons (intent values): a new post can be saved
 * as a draft or published at once; an existing one is saved.
 */
export function PostForm({
  values,
  serverErrors,
  submits,
}: {
  values: PostFormValues;
  serverErrors?: Record<string, string>;
  submits: { intent: string; label: string; variant?: "default" | "outline" }[];
}) {
  const navigation = useNavigation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  function check(event: FormEvent<HTMLFormElement>) {
    const checked = checkWith(vipPostSchema, Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      event.currentTarget.querySelector<HTMLElement>(`#post-${Object.keys(checked.fieldErrors)[0]}`)?.focus();
    } else setErrors({});
  }

  return (
    <Form method="post" onSubmit={check} noValidate className="flex flex-col gap-4">
      <Field name="title" label="Title" defaultValue={values.title} error={shown.title} max={POST_LIMITS.title} />
      <Field
        name="excerpt"
        label="Excerpt"
        defaultValue={values.excerpt}
        error={shown.excerpt}
        max={POST_LIMITS.excerpt}
        rows={3}
        hint="Shown in the post list; previews show the first 150 characters."
      />
      <Field
        name="content"
        label="Content"
        defaultValue={values.content}
        error={shown.content}
        max={POST_LIMITS.content}
        rows={14}
        hint="Plain text; leave an empty line between paragraphs."
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field name="category" label="Category" defaultValue={values.category} error={shown.category} max={POST_LIMITS.category} />
        <Field name="author" label="Author" defaultValue={values.author} error={shown.author} max={POST_LIMITS.author} />
      </div>
      <Field
        name="tags"
        label="Tags (optional)"
        defaultValue={values.tags}
        error={shown.tags}
        max={1000}
        hint={`Separate tags with commas, e.g. "winter, boilers". At most ${POST_LIMITS.tags}.`}
      />
      <div className="flex flex-wrap gap-2">
        {submits.map((submit) => (
          <Button key={submit.intent} type="submit" name="intent" value={submit.intent} variant={submit.variant ?? "default"} loading={busyIntent === submit.intent}>
            {submit.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}
