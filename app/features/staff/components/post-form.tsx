import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { parseSubmission } from "~/lib/forms/parse";
import { POST_LIMITS, vipPostParsing, vipPostSchema } from "~/features/staff/post-schema";

export type PostFormValues = { title: string; excerpt: string; content: string; category: string; author: string; tags: string };

type FieldProps = { name: keyof PostFormValues; label: string; defaultValue: string; error?: string; hint?: string; max: number; rows?: number };

function PostField({ name, label, defaultValue, error, hint, max, rows }: FieldProps) {
  return (
    <Field id={`post-${name}`} label={label} marks={false} hint={hint} error={error} spacing="tight">
      {(control) => {
        const common = { ...control, name, defaultValue, maxLength: max };
        return rows ? <Textarea {...common} rows={rows} /> : <Input {...common} />;
      }}
    </Field>
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
    const checked = parseSubmission(vipPostSchema, new FormData(event.currentTarget), vipPostParsing);
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      event.currentTarget.querySelector<HTMLElement>(`#post-${Object.keys(checked.fieldErrors)[0]}`)?.focus();
    } else setErrors({});
  }

  return (
    <Form method="post" onSubmit={check} noValidate className="flex flex-col gap-4">
      <PostField name="title" label="Title" defaultValue={values.title} error={shown.title} max={POST_LIMITS.title} />
      <PostField
        name="excerpt"
        label="Excerpt"
        defaultValue={values.excerpt}
        error={shown.excerpt}
        max={POST_LIMITS.excerpt}
        rows={3}
        hint="Shown in the post list; previews show the first 150 characters."
      />
      <PostField
        name="content"
        label="Content"
        defaultValue={values.content}
        error={shown.content}
        max={POST_LIMITS.content}
        rows={14}
        hint="Plain text; leave an empty line between paragraphs."
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PostField name="category" label="Category" defaultValue={values.category} error={shown.category} max={POST_LIMITS.category} />
        <PostField name="author" label="Author" defaultValue={values.author} error={shown.author} max={POST_LIMITS.author} />
      </div>
      <PostField
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
