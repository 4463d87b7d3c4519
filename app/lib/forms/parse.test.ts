import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { textInputMessages } from "~/lib/text-input";
import { defineSchema, ECHO_MAX_LENGTH, HONEYPOT_FIELD, parseSubmission, readValues, refusedHiddenField } from "./parse";

const schema = z.object({
  name: z.string().trim().min(1, "Please enter your name.").max(10, "Please keep this under 10 characters."),
  message: z.string().trim().max(50).default(""),
  services: z.array(z.string()).default([]),
});
const options = { multiLine: ["message"], lists: ["services"] } as const;

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("parseSubmission", () => {
  it("trims and returns the schema's data", () => {
    const parsed = parseSubmission(schema, form([["name", "  Ada  "], ["message", " hello "], ["services", "plumbing"], ["services", "heating"]]), options);
    expect(parsed).toEqual({ ok: true, data: { name: "Ada", message: "hello", services: ["plumbing", "heating"] } });
  });

  it("refuses a NUL byte in any field, one-line or multi-line, keeping the values as sent", () => {
    const parsed = parseSubmission(schema, form([["name", "A\u0000da"], ["message", "hi\u0000"]]), options);
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: { name: textInputMessages.nul, message: textInputMessages.nul },
      values: { name: "A\u0000da", message: "hi\u0000", services: [] },
    });
  });

  it("refuses CR or LF in a one-line field and keeps line breaks in a multi-line one", () => {
    for (const name of ["Ada\r\nBcc: x@example.com", "Ada\nL", "Ada\rL"]) {
      const parsed = parseSubmission(schema, { name }, options);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.fieldErrors).toEqual({ name: textInputMessages.lineBreak });
    }
    expect(parseSubmission(schema, { name: "Ada", message: "one\r\ntwo\nthree" }, options)).toEqual({
      ok: true,
      data: { name: "Ada", message: "one\ntwo\nthree", services: [] },
    });
  });

  it("bounds lengths with the schema's message, first message per field", () => {
    const parsed = parseSubmission(schema, { name: "x".repeat(11) }, options);
    expect(parsed).toMatchObject({ ok: false, fieldErrors: { name: "Please keep this under 10 characters." } });
    expect(parseSubmission(schema, { name: "   " }, options)).toMatchObject({ ok: false, fieldErrors: { name: "Please enter your name." } });
  });

  it("reads only the schema's fields unless told to read them all", () => {
    expect(parseSubmission(schema, { name: "Ada", intent: "line\nbreak" }, options).ok).toBe(true);
    const all = parseSubmission(z.record(z.string(), z.string()), { name: "Ada", intent: "line\nbreak" }, { fields: "all" });
    expect(all).toMatchObject({ ok: false, fieldErrors: { intent: textInputMessages.lineBreak } });
  });

  it("refuses a filled honeypot before checking anything else", () => {
    const parsed = parseSubmission(schema, form([["name", ""], [HONEYPOT_FIELD, "http://spam.example"]]), options);
    expect(parsed).toEqual({ ok: false, honeypot: true, fieldErrors: {}, values: { name: "", services: [] } });
    expect(parseSubmission(schema, form([["name", "Ada"], [HONEYPOT_FIELD, "  "]]), options).ok).toBe(true);
  });

  it("takes a hand-written schema (for a page that must not load zod)", () => {
    const code = defineSchema((values) =>
      typeof values.code === "string" && values.code.trim() ? { ok: true, data: values.code.trim() } : { ok: false, field: "code", message: "Enter the code." },
    );
    expect(parseSubmission(code, { code: " A1 " }, { fields: ["code"] })).toEqual({ ok: true, data: "A1" });
    expect(parseSubmission(code, { code: "" }, { fields: ["code"] })).toMatchObject({ ok: false, fieldErrors: { code: "Enter the code." } });
  });
});

describe("readValues", () => {
  it("keeps the first value of a field and every value of a list, ignoring files", () => {
    const data = form([["name", "first"], ["name", "second"], ["services", "a"], ["services", "b"]]);
    data.append("cv", new Blob(["x"]), "cv.pdf");
    expect(readValues(data, { lists: ["services"] })).toEqual({ name: "first", services: ["a", "b"] });
  });
});

describe("what a refusal echoes", () => {
  it("cuts each refused value to its field's maximum, or to the longest text any form takes", () => {
    const schema = z.object({ name: z.string().trim().max(10), note: z.string().max(20).optional(), code: z.string() });
    const parsed = parseSubmission(schema, { name: "x".repeat(50), note: "y".repeat(50), code: "z".repeat(20_000) });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.values).toEqual({ name: "x".repeat(10), note: "y".repeat(20), code: "z".repeat(ECHO_MAX_LENGTH) });
  });
});

describe("refusedHiddenField", () => {
  it("applies the text-input rule to the named one-line fields only", () => {
    const form = new URLSearchParams({ intent: "message", fixer: "a\u0000b", body: "two\nlines" });
    expect(refusedHiddenField(form, ["intent", "fixer"])).toEqual({ field: "fixer", message: textInputMessages.nul });
    expect(refusedHiddenField(form, ["intent"])).toBeNull();
    expect(refusedHiddenField(new URLSearchParams({ quoteId: "1\n2" }), ["quoteId"])).toEqual({ field: "quoteId", message: textInputMessages.lineBreak });
  });
});
