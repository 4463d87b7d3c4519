import { describe, expect, it } from "vitest";
import {
  FORMS,
  HOSTILE_ENCODED,
  HOSTILE_TEXT,
  MUST_REFUSE_ANYWHERE,
  MUST_REFUSE_ONE_LINE,
  counts,
  inputFields,
  lastFailures,
  runAll,
  submit,
  startHostileServerForFile,
} from "./helpers/hostile-input";

/**
 * Hostile values (decision 014) in every field of every form: a value that must be refused (a NUL
 * byte anywhere, a line break in a one-line field) is answered 4xx and adds no row to any submission table.
 * Nothing may answer 5xx. Runs once, on PGlite (vitest.config.ts says why).
 */
startHostileServerForFile();

describe("hostile input", () => {
  it("refuses a NUL byte in any field and a line break in a one-line field with a 4xx, storing nothing", async () => {
    const before = await counts();
    const tasks = FORMS.flatMap((form) =>
      inputFields(form).flatMap((field) =>
        [...MUST_REFUSE_ANYWHERE, ...(form.multiLine?.includes(field) ? [] : MUST_REFUSE_ONE_LINE)].map((value) => ({
          label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${JSON.stringify(value)}`,
          run: () => submit(form, { ...form.fields, [field]: value }),
        })),
      ),
    );
    const outcomes = await runAll(tasks);
    const accepted = outcomes.filter((o) => o.status < 400 || o.status >= 500).map((o) => `${o.label} → ${o.status}`);
    expect(accepted).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 300_000);

  it("answers every other hostile value in every form field without a 5xx", async () => {
    const tasks = FORMS.flatMap((form) =>
      inputFields(form).flatMap((field) => [
        ...HOSTILE_TEXT.map((value) => ({ label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${JSON.stringify(value.slice(0, 40))}`, run: () => submit(form, { ...form.fields, [field]: value }) })),
        ...(form.multipart
          ? []
          : HOSTILE_ENCODED.map((raw) => ({ label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${raw} (raw)`, run: () => submit(form, form.fields, { name: field, raw }) }))),
      ]),
    );
    await runAll(tasks);
    expect(lastFailures()).toEqual([]);
  }, 600_000);
});
