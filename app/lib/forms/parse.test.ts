import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { textInputMessages } from "~/lib/text-input";
import { defineSchema, HONEYPOT_FIELD, parseSubmission, readValues } from "./parse";

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
