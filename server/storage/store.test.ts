import { describe, expect, it } from "vitest";
import { InvalidStorageKeyError, isValidStorageKey, newStorageKey, sanitiseFileName } from "./store.ts";

describe("sanitiseFileName", () => {
  it("turns every character but letters, digits, dot and hyphen into an underscore", () => {
    expect(sanitiseFileName("My CV (final) £2026.pdf")).toBe("My_CV__final___2026.pdf");
    expect(sanitiseFileName("insurance-cert_v2.docx")).toBe("insurance-cert_v2.docx");
    expect(sanitiseFileName("résumé.pdf")).toBe("r_sum_.pdf");
  });

  it("never leaves '..', a leading dot or a slash", () => {
    for (const name of ["../../etc/passwd .pdf", "..", ".", "/abs/path.doc", "..\\..\\win.ini", ".hidden.pdf", "a..b...pdf"]) {
      const clean = sanitiseFileName(name);
      expect(clean).not.toContain("..");
      expect(clean).not.toContain("/");
      expect(clean).not.toContain("\\");
      expect(clean.startsWith(".")).toBe(false);
      expect(clean.length).toBeGreaterThan(0);
    }
    expect(sanitiseFileName("../../etc/passwd .pdf")).toBe("_._etc_passwd_.pdf");
    expect(sanitiseFileName("")).toBe("file");
  });

  it("caps the length and keeps the extension", () => {
    const clean = sanitiseFileName(`${"a".repeat(500)}.docx`);
    expect(clean).toHaveLength(100);
    expect(clean.endsWith(".docx")).toBe(true);
  });
});

describe("newStorageKey", () => {
  it("is folder/timestamp-random-sanitisedName and unique", () => {
    const before = Date.now();
    const key = newStorageKey("fixer-documents/insurance", "Policy 2026.pdf");
    const match = /^fixer-documents\/insurance\/(\d+)-([0-9a-f]{16})-Policy_2026\.pdf$/.exec(key);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    expect(newStorageKey("cv", "a.pdf")).not.toBe(newStorageKey("cv", "a.pdf"));
    expect(isValidStorageKey(key)).toBe(true);
  });

  it("keeps a hostile name inside its folder", () => {
    const key = newStorageKey("cv", "../../../etc/passwd");
    expect(key.startsWith("cv/")).toBe(true);
    expect(key.split("/")).toHaveLength(2);
    expect(isValidStorageKey(key)).toBe(true);
  });

  it("refuses a bad folder", () => {
    for (const folder of ["", "../x", "a/../b", ".hidden", "a//b", "a b"]) {
      expect(() => newStorageKey(folder, "x.pdf"), folder).toThrow(InvalidStorageKeyError);
    }
  });
});

describe("isValidStorageKey", () => {
  it("accepts server-made keys and rejects traversal, absolute and hidden paths", () => {
    expect(isValidStorageKey("cv/1700000000000-abcdef-file.pdf")).toBe(true);
    for (const key of ["", "/cv/a.pdf", "cv/../a.pdf", "..", "cv/./a", "cv/.a", "cv//a", "cv/a b", "cv\\a", "a".repeat(1025)]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });
});
