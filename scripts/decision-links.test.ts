import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * A decision that a later one amends or supersedes says so in its status line, and in the index
 * (docs/decisions/README.md), so a reader who lands on the old record is sent to the new one; and a
 * record whose status names a later one is named back by it. The later record says what it changes in
 * its header: an `Amends:` or `Supersedes:` line (or "amends NNN" / "supersedes NNN" in its status).
 */

const folder = "docs/decisions";
const files = readdirSync(folder).filter((file) => /^\d{3}-.*\.md$/.test(file));

/**
 * A record's header fields (the lines before its first `## `): `Status`, `Amends`, `Supersedes`, …;
 * a line that does not start a field continues the one before it.
 */
export function headerFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let current: string | null = null;
  for (const line of text.split("\n").slice(1)) {
    if (line.startsWith("## ")) break;
    const field = /^([A-Z][A-Za-z ]{1,20}):\s*(.*)$/.exec(line);
    if (field) {
      current = field[1]!;
      fields.set(current, field[2]!);
    } else if (current && line.trim()) {
      fields.set(current, `${fields.get(current)} ${line.trim()}`);
    } else if (!line.trim()) {
      current = null;
    }
  }
  return fields;
}

/** Record numbers in a text, asides in parentheses left out (they name records for context, not as targets). */
const numbersIn = (text: string) => [...text.replace(/\([^()]*\)/g, "").matchAll(/\b(\d{3})\b/g)].map((m) => m[1]!);

/** The records a record says it amends or supersedes. */
export function changesOf(text: string): string[] {
  const fields = headerFields(text);
  const found = new Set<string>();
  for (const name of ["Amends", "Supersedes"]) {
    const value = fields.get(name);
    if (value && !/^none\b/i.test(value)) numbersIn(value).forEach((n) => found.add(n));
  }
  for (const clause of (fields.get("Status") ?? "").matchAll(/\b(?:amends|supersedes)\b([^.;]*)/gi)) numbersIn(clause[1]!).forEach((n) => found.add(n));
  return [...found].sort();
}

/** The records a status names as amending or superseding it: the numbers after its first "amended by" / "superseded (in part) by". */
export function namedBy(status: string): string[] {
  const at = /\b(?:amended|superseded)\b(?: in part)? by\b/i.exec(status);
  return at ? [...new Set(numbersIn(status.slice(at.index)))].sort() : [];
}

const records = new Map(
  files.map((file) => {
    const text = readFileSync(`${folder}/${file}`, "utf8");
    return [file.slice(0, 3), { file, text, status: headerFields(text).get("Status") ?? "" }] as const;
  }),
);
const index = readFileSync(`${folder}/README.md`, "utf8");
const indexStatus = (n: string) => new RegExp(`^\\| ${n} \\|.*\\| ([^|]*) \\|$`, "m").exec(index)?.[1] ?? "";

describe("decision records name what changed them", () => {
  it("every record has a status line", () => {
    expect([...records.values()].filter((record) => !record.status).map((record) => record.file)).toEqual([]);
  });

  it("a record that a later one amends or supersedes names it in its status line and in the index", () => {
    const missing: string[] = [];
    for (const [n, record] of records) {
      for (const target of changesOf(record.text)) {
        if (!records.has(target)) missing.push(`${n} changes ${target}, which does not exist`);
        else if (!namedBy(records.get(target)!.status).includes(n)) missing.push(`${target}'s status does not name ${n}`);
        else if (!namedBy(indexStatus(target)).includes(n)) missing.push(`the index's status of ${target} does not name ${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("a record whose status names a later one is named back by it", () => {
    const missing: string[] = [];
    for (const [n, record] of records) {
      for (const later of namedBy(record.status)) {
        if (!records.has(later)) missing.push(`${n}'s status names ${later}, which does not exist`);
        else if (!changesOf(records.get(later)!.text).includes(n)) missing.push(`${later} does not say it amends or supersedes ${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads headers as they are written", () => {
    const text = [
      "# 090 A later record",
      "",
      "Date: 2026-12-01",
      "Status: accepted (issue 9, items 1 and 2). Amends 044 (new states) and",
      "055 (when a review opens); supersedes 023.",
      "Amends: 014 (per-key counters, as in 026) and 024",
      "Supersedes: none (extends 012's cache)",
      "",
      "## Context",
      "Amends 001 in the body is not a header.",
    ].join("\n");
    expect(changesOf(text)).toEqual(["014", "023", "024", "044", "055"]);
    expect(namedBy("accepted; amended by 045 (the entry, see 002) and superseded in part by 050")).toEqual(["045", "050"]);
    expect(namedBy("accepted (foundation from 001)")).toEqual([]);
  });
});
