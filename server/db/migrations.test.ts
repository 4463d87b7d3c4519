import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteExtensions } from "./client.ts";

// A migration that rewrites data, run against a database that holds the rows it must rewrite.
const folder = path.resolve("drizzle");
const work = mkdtempSync(path.join(tmpdir(), "fixit-migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`: the same files, with the journal cut there. */
function migrationsBefore(tag: string): string {
  const dir = path.join(work, tag);
  cpSync(folder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Migrates a new PGlite database up to just before `tag`, lets `before` write rows there, runs the rest, then `after` looks. */
async function acrossMigration(tag: string, before: (client: PGlite) => Promise<unknown>, after: (client: PGlite) => Promise<void>): Promise<void> {
  const client = new PGlite({ extensions: await pgliteExtensions() });
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsBefore(tag) });
    await before(client);
    await migrate(db, { migrationsFolder: folder });
    await after(client);
  } finally {
    await client.close();
  }
}

describe("migration 0007_waitlist_key", () => {
  it("keys each waitlisted address's earliest row and keeps every row, duplicates included", async () => {
    await acrossMigration(
      "0007_waitlist_key",
      async (client) => {
        // Rows as an older version could leave them: one address twice (two cases), a help request from it too.
        await client.exec(`
          insert into contact_submissions (name, email, subject, message, data) values
            ('Ann', 'Ann@Example.com', 'Early Access Waitlist', 'first', '{}'),
            ('Ann again', 'ann@example.com', 'Early Access Waitlist', 'second', '{}'),
            ('Ann', 'ann@example.com', 'Help Center Inquiry', 'help', '{}'),
            ('Bo', 'bo@example.com', 'Early Access Waitlist', 'only', '{}');`);
      },
      async (client) => {
        const { rows } = await client.query<{ message: string; waitlist_key: string | null }>(
          "select message, waitlist_key from contact_submissions order by id",
        );
        expect(rows).toEqual([
          { message: "first", waitlist_key: "ann@example.com" },
          { message: "second", waitlist_key: null },
          { message: "help", waitlist_key: null },
          { message: "only", waitlist_key: "bo@example.com" },
        ]);
        // The key is unique from now on.
        await expect(
          client.exec("insert into contact_submissions (name, email, subject, message, data, waitlist_key) values ('X', 'bo@example.com', 'Early Access Waitlist', 'm', '{}', 'bo@example.com')"),
        ).rejects.toThrow(/duplicate key/);
      },
    );
  }, 60_000);
});

describe("migration 0026_vip_post_vetting_words", () => {
  it("rewrites the seeded vetting post to claim only the recorded checks, and leaves a post staff edited alone", async () => {
    const title = "Behind the scenes: how we check every fixer before they join";
    await acrossMigration(
      "0026_vip_post_vetting_words",
      async (client) => {
        // A copy of the seeded post that staff edited: not the seeded text, so not rewritten.
        await client.query("insert into vip_posts (title, excerpt, content, category, author) values ($1, 'edited', 'Our own words about vetting.', 'Behind the Scenes', 'Staff')", [title]);
      },
      async (client) => {
        const { rows } = await client.query<{ content: string }>("select content from vip_posts where title = $1 order by id", [title]);
        expect(rows).toHaveLength(2);
        expect(rows[0]!.content).toContain("NICEIC or NAPIT registration number");
        expect(rows[0]!.content).not.toMatch(/background check/i);
        expect(rows[1]!.content).toBe("Our own words about vetting.");
        const { rows: diy } = await client.query<{ content: string }>("select content from vip_posts where content like '%lists the checks our staff recorded%'");
        expect(diy).toHaveLength(1);
      },
    );
  }, 60_000);
});

describe("migration 0044_referral_codes_for_every_account", () => {
  it("gives every account without a referral code one of the app's shape, and keeps the codes there were", async () => {
    await acrossMigration(
      "0044_referral_codes_for_every_account",
      async (client) => {
        await client.exec(`
          insert into users (id, name, email) select 'u' || n, 'Person ' || n, 'person' || n || '@example.com' from generate_series(1, 40) n;
          insert into referral_codes (user_id, code) values ('u1', 'keepthis');`);
      },
      async (client) => {
        const { rows } = await client.query<{ user_id: string; code: string }>("select user_id, code from referral_codes order by user_id");
        expect(rows).toHaveLength(40);
        expect(rows.find((r) => r.user_id === "u1")?.code).toBe("keepthis");
        // The shape the app draws and /r/<code> accepts (REFERRAL_CODE), all different.
        for (const { code } of rows.filter((r) => r.user_id !== "u1")) expect(code).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
        expect(new Set(rows.map((r) => r.code)).size).toBe(40);
      },
    );
  }, 60_000);
});
