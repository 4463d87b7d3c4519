import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepStatementsPrepared } from "./pglite-statements.ts";

// Two databases side by side: one answering through PGlite's own unnamed statements, one through
// named ones. Every answer must be the same.
let plain: PGlite;
let named: PGlite;
let cache: { statements(): number };

beforeAll(async () => {
  plain = new PGlite();
  named = new PGlite();
  const schema = `create table things (id serial primary key, name text unique not null, born timestamptz, data jsonb, tags text[], amount bigint, price numeric(10,2));
    insert into things (name, born, data, tags, amount, price) values ('kettle', '2026-01-16T09:30:00Z', '{"a":1}', '{x,y}', 9007199254740993, 12.50), ('pan', null, null, null, 0, 0);`;
  await plain.exec(schema);
  await named.exec(schema);
  cache = keepStatementsPrepared(named, 5);
}, 120_000);
afterAll(async () => {
  await plain.close();
  await named.close();
}, 60_000);

const cases: [string, unknown[]][] = [
  ["select * from things order by id", []],
  ["select * from things where name = $1", ["kettle"]],
  ["select * from things where name = $1", ["pan"]],
  ["select id, born from things where born > $1", [new Date("2025-01-01")]],
  ["select $1::jsonb as doc, $2::int[] as ids, $3::text as nothing", [{ b: [1, 2] }, [3, 4], null]],
  ["select count(*) from things where id = any($1)", [[1, 2, 3]]],
];

describe("named statements for PGlite", () => {
  it("answer every query as PGlite's unnamed statements do, in both row modes", async () => {
    for (const [text, params] of cases) {
      for (const rowMode of ["object", "array"] as const) {
        const expected = await plain.query(text, params, { rowMode });
        const got = await named.query(text, params, { rowMode });
        expect(got.rows, text).toEqual(expected.rows);
        expect(got.fields, text).toEqual(expected.fields);
      }
    }
  });

  it("parse a repeated text once and keep at most the limit, closing the least recently used", async () => {
    for (let i = 0; i < 8; i++) await named.query(`select ${i} as n where $1::int > 0`, [1]);
    expect(cache.statements()).toBe(5);
    const { rows } = await plain.query("select 1");
    expect(rows).toHaveLength(1);
    const kept = await named.query<{ count: number }>("select count(*)::int as count from pg_prepared_statements");
    expect(kept.rows[0]!.count).toBe(5);
  });

  it("keep PostgreSQL's error with its code, and the connection usable after it", async () => {
    const error = await named.query("insert into things (name) values ($1)", ["kettle"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", query: "insert into things (name) values ($1)", params: ["kettle"] });
    await expect(named.query("select name from things where id = $1", [2])).resolves.toMatchObject({ rows: [{ name: "pan" }] });
  });

  it("prepare anew after a schema change alters a statement's result", async () => {
    const text = "select * from things where id = $1";
    await named.query(text, [1]);
    await named.exec("alter table things add column colour text default 'red'");
    const first = await named.query(text, [1]).catch((e: unknown) => e);
    const answered = first instanceof Error ? await named.query(text, [1]) : first;
    expect((answered as { rows: { colour: string }[] }).rows[0]!.colour).toBe("red");
  });

  it("wait for an open transaction to end, as PGlite's own queries do", async () => {
    // Issued while a transaction holds the connection: it must neither see the transaction's
    // uncommitted write nor run inside it (the transaction then rolls back).
    let outside: Promise<{ rows: { name: string }[] }> | undefined;
    const rolledBack = named.transaction(async (tx) => {
      await tx.query("update things set name = 'wok' where id = 2");
      outside = named.query<{ name: string }>("select name from things where id = $1", [2]);
      await new Promise((r) => setTimeout(r, 50));
      throw new Error("changed my mind");
    });
    await expect(rolledBack).rejects.toThrow("changed my mind");
    expect((await outside!).rows[0]!.name).toBe("pan");
  });
});
