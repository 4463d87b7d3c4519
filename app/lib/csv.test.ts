import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvFileName, csvLine, neutraliseFormula, toCsv } from "./csv";

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("£3.99 — café")).toBe("£3.99 — café");
  });

  it("quotes commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each(["=1+1", "+44 7700 900123", "-2", "@SUM(A1)", "\tTabbed", "\rReturn", '=HYPERLINK("http://evil","x")'])(
    "neutralises a text cell starting with a formula character: %j",
    (value) => {
      const field = csvField(value);
      const unquoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
      expect(unquoted.startsWith("'")).toBe(true);
      expect(unquoted.slice(1)).toBe(value);
    },
  );

  it("quotes a neutralised value that also needs quoting", () => {
    expect(csvField('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
  });

  it("does not touch formula characters later in the text", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("x@example.com")).toBe("x@example.com");
  });

  it("writes numbers, booleans, dates and empties plainly", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(3.99)).toBe("3.99");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(true)).toBe("true");
    expect(csvField(false)).toBe("false");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-22T10:00:00.000Z");
    expect(csvField(new Date("nonsense"))).toBe("");
  });
});

describe("toCsv", () => {
  it("starts with a BOM, ends every line with CRLF", () => {
    const csv = toCsv(["Name", "Email"], [
      ["Ada", "ada@example.com"],
      ["=Evil", "e@example.com"],
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}Name,Email\r\nAda,ada@example.com\r\n'=Evil,e@example.com\r\n`);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["A"], [])).toBe(`${CSV_BOM}A\r\n`);
  });

  it("keeps a quoted field with line breaks as one record", () => {
    expect(csvLine(["a", "b\nc"])).toBe('a,"b\nc"\r\n');
  });
});

describe("helpers", () => {
  it("does not prefix a value that already starts with an apostrophe", () => {
    expect(neutraliseFormula("=1")).toBe("'=1");
    expect(neutraliseFormula("'=1")).toBe("'=1");
  });

  it("names the file after the list and the day", () => {
    expect(csvFileName("contacts", new Date("2026-11-22T23:00:00Z"))).toBe("fixit-contacts-2026-11-22.csv");
    expect(csvFileName("vip codes/../x", new Date("2026-01-02T00:00:00Z"))).toBe("fixit-vip-codes----x-2026-01-02.csv");
  });
});
