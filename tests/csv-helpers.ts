import { expect } from "vitest";
import type { Browser } from "./auth-helpers";

/** Parses our CSV (RFC 4180) into rows of fields; the BOM must be there. */
export function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else if (ch === "\n") throw new Error("a bare LF ends a line: lines must end with CRLF");
    else field += ch;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

/**
 * A staff CSV export: 200, a CSV attachment named fixit-<list>-<date>-<n>-rows.csv whose last line
 * is "# <n> rows" (decision 069), n being the rows above it; parsed, the header first, without that line.
 */
export async function csv(browser: Browser, pathname: string) {
  const res = await browser.get(pathname);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const name = /^attachment; filename="(fixit-[a-z-]+-\d{4}-\d{2}-\d{2}-(\d+)-rows\.csv)"; filename\*=UTF-8''\1$/.exec(res.headers.get("content-disposition") ?? "");
  expect(name, res.headers.get("content-disposition") ?? "").toBeTruthy();
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  const rows = parseCsv(text);
  const last = rows.pop();
  const count = rows.length - 1;
  expect(last).toEqual([`# ${count} ${count === 1 ? "row" : "rows"}`]);
  expect(Number(name![2])).toBe(count);
  return rows;
}
