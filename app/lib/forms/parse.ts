import { checkTextInputs } from "~/lib/text-input";

/**
 * The one way a submitted form becomes checked values, in the browser (instant messages) and on the
 * server (the authority): read the form's fields, apply the control-character rule
 * (~/lib/text-input: a NUL byte is refused everywhere, a line break in a one-line field), then the
 * form's schema, which trims and bounds every field. A schema is anything with the Standard Schema
 * `~standard.validate` (every zod schema has it), so no zod runtime is imported here and a page whose
 * JavaScript budget has no room for zod can hand-write its schema with `defineSchema`.
 */

/** The field only a bot fills in (every form renders it: ~/components/ui/honeypot). */
export const HONEYPOT_FIELD = "company_website";

export type FormValues = Record<string, string | string[]>;
/** The first message for each refused field, by field name ("form" for a message about the whole form). */
export type FieldErrors = Record<string, string>;
export type FormSource = FormData | URLSearchParams | Readonly<Record<string, unknown>>;

type Issue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] };
type Validation<T> = { value: T; issues?: undefined } | { issues: readonly Issue[] };

/** What the pipeline needs of a schema: the Standard Schema interface, which zod implements. */
export type FormSchema<Output = unknown> = {
  readonly "~standard": {
    readonly validate: (value: unknown) => Validation<Output> | Promise<Validation<Output>>;
    readonly types?: { readonly output: Output } | undefined;
  };
};
export type SchemaOutput<S> = S extends { readonly "~standard": { readonly types?: { readonly output: infer O } | undefined } } ? O : unknown;

/**
 * A schema written by hand (for a page that must not load zod): `check` returns the cleaned data,
 * or the field and message to refuse with.
 */
export function defineSchema<T>(check: (values: FormValues) => { ok: true; data: T } | { ok: false; field: string; message: string }): FormSchema<T> {
  return {
    "~standard": {
      validate(value) {
        const result = check(value as FormValues);
        return result.ok ? { value: result.data } : { issues: [{ message: result.message, path: [result.field] }] };
      },
    },
  } as FormSchema<T>;
}

export type ParseOptions = {
  /** Fields where a line break is part of the text; every other field is one line. */
  multiLine?: readonly string[];
  /** Fields that hold several values (checkbox groups). */
  lists?: readonly string[];
  /** Which fields to read: the schema's own (the default, for an object schema), these, or every text field sent. */
  fields?: "schema" | "all" | readonly string[];
};

export type Parsed<T> =
  | { ok: true; data: T }
  /** `honeypot`: the hidden field was filled; nothing else was checked. */
  | { ok: false; fieldErrors: FieldErrors; values: FormValues; honeypot?: true };

function entriesOf(source: FormSource): [string, unknown][] {
  return source instanceof FormData || source instanceof URLSearchParams ? [...source.entries()] : Object.entries(source);
}

function schemaShape(schema: FormSchema): Record<string, unknown> | null {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === "object" ? (shape as Record<string, unknown>) : null;
}

function schemaFields(schema: FormSchema): string[] | null {
  const shape = schemaShape(schema);
  return shape ? Object.keys(shape) : null;
}

/** A refused value is sent back at most this long when its schema names no maximum: the longest text any form takes. */
export const ECHO_MAX_LENGTH = 10_000;

type SchemaNode = { maxLength?: number | null; _zod?: { def?: { innerType?: SchemaNode; in?: SchemaNode } } };

/** The field's maximum length in its schema (a zod string's `.max`, through optional/default/pipe), if it names one. */
function fieldMaxLength(schema: FormSchema, field: string): number | undefined {
  let node = schemaShape(schema)?.[field] as SchemaNode | undefined;
  for (let depth = 0; node && depth < 5; depth++) {
    if (typeof node.maxLength === "number") return node.maxLength;
    node = node._zod?.def?.innerType ?? node._zod?.def?.in;
  }
  return undefined;
}

/**
 * The values a refusal sends back (so a page without JavaScript keeps what was typed), each cut to
 * the length its field allows: a refusal never echoes more than a field can hold.
 */
function echoedValues(schema: FormSchema, values: FormValues): FormValues {
  const echoed: FormValues = {};
  for (const [field, value] of Object.entries(values)) {
    const max = Math.min(fieldMaxLength(schema, field) ?? ECHO_MAX_LENGTH, ECHO_MAX_LENGTH);
    echoed[field] = Array.isArray(value) ? value.slice(0, 100).map((item) => item.slice(0, max)) : value.slice(0, max);
  }
  return echoed;
}

/** A form's text values (files are handled apart): the first value of each field, every value of a list field. */
export function readValues(source: FormSource, options: { fields?: readonly string[] | null; lists?: readonly string[] } = {}): FormValues {
  const wanted = options.fields ? new Set(options.fields) : null;
  const lists = new Set(options.lists ?? []);
  const values: FormValues = {};
  for (const [key, raw] of entriesOf(source)) {
    if (wanted && !wanted.has(key)) continue;
    const items = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string");
    if (lists.has(key)) values[key] = [...((values[key] as string[] | undefined) ?? []), ...items];
    else if (!(key in values) && items[0] !== undefined) values[key] = items[0];
  }
  for (const key of lists) if (!wanted || wanted.has(key)) values[key] ??= [];
  return values;
}

/** True when the hidden field came back filled: a bot. */
export function honeypotFilled(source: FormSource): boolean {
  const trap = readValues(source, { fields: [HONEYPOT_FIELD] })[HONEYPOT_FIELD];
  return typeof trap === "string" && trap.trim() !== "";
}

/**
 * Checks a submission with its form's schema: `{ ok: true, data }`, or the first message per field
 * with the values as sent (so a page without JavaScript can show them again). A filled honeypot
 * is refused before anything else is looked at.
 */
export function parseSubmission<S extends FormSchema>(schema: S, source: FormSource, options: ParseOptions = {}): Parsed<SchemaOutput<S>> {
  const fields = options.fields === "all" ? null : Array.isArray(options.fields) ? options.fields : schemaFields(schema);
  const values = readValues(source, { fields, lists: options.lists });
  if (honeypotFilled(source)) return { ok: false, fieldErrors: {}, values: echoedValues(schema, values), honeypot: true };
  const multiLine = new Set(options.multiLine ?? []);
  const checked = checkTextInputs(values, (field) => multiLine.has(field));
  const result = schema["~standard"].validate(checked.values);
  if (result instanceof Promise) throw new TypeError("parseSubmission needs a schema without async checks");
  const fieldErrors: FieldErrors = { ...checked.fieldErrors };
  for (const issue of result.issues ?? []) {
    const first = issue.path?.[0];
    const key = String((typeof first === "object" && first !== null ? first.key : first) ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  if (!result.issues && Object.keys(fieldErrors).length === 0) return { ok: true, data: result.value as SchemaOutput<S> };
  return { ok: false, fieldErrors, values: echoedValues(schema, values) };
}

/**
 * The text-input rule for the one-line fields an action reads outside its schemas (an intent, an
 * id, the thread a message goes to): the first refused one and its message, or null. Check them
 * before any is used; the fields a schema reads get the rule (and their own messages) from it.
 */
export function refusedHiddenField(source: FormSource, fields: readonly string[]): { field: string; message: string } | null {
  return firstError(checkTextInputs(readValues(source, { fields })).fieldErrors);
}

/** The first refused field and its message, in the order the schema checks them. */
export function firstError(fieldErrors: FieldErrors): { field: string; message: string } | null {
  const [field, message] = Object.entries(fieldErrors)[0] ?? [];
  return field && message !== undefined ? { field, message } : null;
}
