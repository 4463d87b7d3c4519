import { describe, expect, it } from "vitest";
import { describeListQuery, likePattern, listQueryToSearch, MAX_PAGE, pageCount, parseListQuery, type FilterDef } from "./list-query";

const filters: FilterDef[] = [
  { name: "status", label: "Status", options: [{ value: "pending", label: "Pending" }, { value: "approved", label: "Approved" }] },
  { name: "cv", label: "CV", options: [{ value: "with", label: "With a CV" }] },
];
const parse = (search: string) => parseListQuery(new URLSearchParams(search), filters);

describe("parseListQuery", () => {
  it("reads search, page and known filter values", () => {
    expect(parse("q=ada&page=3&status=pending&cv=with")).toEqual({ q: "ada", page: 3, filters: { status: "pending", cv: "with" } });
  });

  it("defaults to page 1, no search and no filters", () => {
    expect(parse("")).toEqual({ q: "", page: 1, filters: {} });
  });

  it("trims the search, collapses inner whitespace and caps its length", () => {
    expect(parse("q=%20%20Ada%20%20%20Lovelace%09").q).toBe("Ada Lovelace");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });

  it("reads control characters in the search (a NUL byte above all) as spaces", () => {
    expect(parse("q=Ada%00Love%0D%0Alace%1B").q).toBe("Ada Love lace");
  });

  it.each(["0", "-1", "abc", "1.5", "1e3", "99999999", ""])("ignores a page of %j", (page) => {
    const parsed = parse(`page=${page}`);
    expect(parsed.page).toBe(1);
  });

  it("caps the page", () => {
    expect(parse("page=999999").page).toBe(MAX_PAGE);
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
    const query = parse("q=a%26b&status=approved&page=2");
    const search = listQueryToSearch(query);
    expect(search).toBe("?q=a%26b&status=approved&page=2");
    expect(parseListQuery(new URLSearchParams(search), filters)).toEqual(query);
  });

  it("leaves out page 1 and empty parts; can override the page", () => {
    expect(listQueryToSearch({ q: "", page: 1, filters: {} })).toBe("");
    expect(listQueryToSearch({ q: "x", page: 4, filters: {} }, { page: 1 })).toBe("?q=x");
    expect(listQueryToSearch({ q: "", page: 1, filters: { cv: "with" } }, { page: 2 })).toBe("?cv=with&page=2");
  });
});

describe("helpers", () => {
  it("counts pages, never fewer than one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(10, 3)).toBe(4);
  });

  it("escapes LIKE wildcards and backslashes", () => {
    expect(likePattern("ada")).toBe("%ada%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("describes the query for the audit trail", () => {
    expect(describeListQuery({ q: "ada", page: 3, filters: { status: "pending" } })).toEqual({ q: "ada", status: "pending" });
    expect(describeListQuery({ q: "", page: 1, filters: {} })).toEqual({});
  });
});
