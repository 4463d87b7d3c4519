import { describe, expect, it } from "vitest";
import { CURSOR_MAX_LENGTH, describeListQuery, likePattern, listQueryToSearch, parseListQuery, totalText, type FilterDef } from "./list-query";

const filters: FilterDef[] = [
  { name: "status", label: "Status", options: [{ value: "pending", label: "Pending" }, { value: "approved", label: "Approved" }] },
  { name: "cv", label: "CV", options: [{ value: "with", label: "With a CV" }] },
];
const parse = (search: string) => parseListQuery(new URLSearchParams(search), filters);

describe("parseListQuery", () => {
  it("reads search, cursor and known filter values; an old ?page=N is ignored (the first page)", () => {
    expect(parse("q=ada&after=abc_-9&page=3&status=pending&cv=with")).toEqual({ q: "ada", after: "abc_-9", before: "", filters: { status: "pending", cv: "with" } });
    expect(parse("before=xyz")).toEqual({ q: "", after: "", before: "xyz", filters: {} });
  });

  it("defaults to the first page, no search and no filters", () => {
    expect(parse("")).toEqual({ q: "", after: "", before: "", filters: {} });
  });

  it("trims the search, collapses inner whitespace and caps its length", () => {
    expect(parse("q=%20%20Ada%20%20%20Lovelace%09").q).toBe("Ada Lovelace");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });

  it("reads control characters in the search (a NUL byte above all) as spaces", () => {
    expect(parse("q=Ada%00Love%0D%0Alace%1B").q).toBe("Ada Love lace");
  });

  it.each(["a b", "a=b", "a/b+c", "%00", "", "x".repeat(CURSOR_MAX_LENGTH + 1)])("ignores a cursor that is not base64url (%j)", (cursor) => {
    const parsed = parse(`after=${encodeURIComponent(cursor)}`);
    expect(parsed.after).toBe("");
  });

  it("ignores unknown filter values and unknown filters", () => {
    expect(parse("status=hacked&role=admin&cv=").filters).toEqual({});
    expect(parse("status=PENDING").filters).toEqual({});
  });

  it("takes the first value when a filter is repeated", () => {
    expect(parse("status=approved&status=pending").filters).toEqual({ status: "approved" });
  });

  it("refuses a filter named like a reserved parameter (a programming error)", () => {
    expect(() => parseListQuery(new URLSearchParams(""), [{ name: "page", label: "Page", options: [] }])).toThrow();
  });
});

describe("listQueryToSearch", () => {
  it("round-trips through parseListQuery", () => {
    const query = parse("q=a%26b&status=approved&after=Zm9v");
    const search = listQueryToSearch(query, { after: query.after });
    expect(search).toBe("?q=a%26b&status=approved&after=Zm9v");
    expect(parseListQuery(new URLSearchParams(search), filters)).toEqual(query);
  });

  it("leaves out the cursor and empty parts unless a position is given", () => {
    expect(listQueryToSearch({ q: "", filters: {} })).toBe("");
    expect(listQueryToSearch({ q: "x", filters: {} })).toBe("?q=x");
    expect(listQueryToSearch({ q: "", filters: { cv: "with" } }, { before: "abc" })).toBe("?cv=with&before=abc");
  });
});

describe("helpers", () => {
  it("says a total honestly: exact, bounded or estimated", () => {
    expect(totalText({ kind: "exact", n: 1 })).toBe("1 result");
    expect(totalText({ kind: "exact", n: 1234 })).toBe("1,234 results");
    expect(totalText({ kind: "atLeast", n: 10000 })).toBe("10,000+ results (counted up to 10,000)");
    expect(totalText({ kind: "estimate", n: 970857 })).toBe("about 970,857 results (the database's estimate)");
  });

  it("escapes LIKE wildcards and backslashes", () => {
    expect(likePattern("ada")).toBe("%ada%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("describes the query for the audit trail", () => {
    expect(describeListQuery({ q: "ada", after: "x", before: "", filters: { status: "pending" } })).toEqual({ q: "ada", status: "pending" });
    expect(describeListQuery({ q: "", after: "", before: "", filters: {} })).toEqual({});
  });
});
