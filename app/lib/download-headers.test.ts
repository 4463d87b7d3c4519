import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition, documentHeaders } from "./download-headers";

describe("document download headers", () => {
  it("keeps a plain name and adds the UTF-8 form", () => {
    expect(contentDisposition("attachment", "gas-safe.pdf")).toBe(`attachment; filename="gas-safe.pdf"; filename*=UTF-8''gas-safe.pdf`);
  });

  it("cannot be broken by quotes, backslashes, line breaks or non-ASCII names", () => {
    expect(asciiFileName('a"b\\c\r\nd.pdf')).toBe("a_b_c__d.pdf");
    expect(asciiFileName("Zoë’s CV.pdf")).toBe("Zo__s CV.pdf");
    const header = contentDisposition("inline", 'x";\r\nSet-Cookie: a=b.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('filename="')[1]!.split('"')[0]).toBe("x_;__Set-Cookie: a=b.pdf");
    expect(asciiFileName("")).toBe("document");
  });

  it("shows only PDFs inline; other types always download", () => {
    const pdf = documentHeaders({ contentType: "application/pdf", size: 10, name: "a.pdf", inline: true });
    expect(pdf.get("content-disposition")).toMatch(/^inline;/);
    expect(pdf.get("content-security-policy")).toContain("default-src 'none'");
    const docx = documentHeaders({
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      size: 10,
      name: "a.docx",
      inline: true,
    });
    expect(docx.get("content-disposition")).toMatch(/^attachment;/);
    for (const headers of [pdf, docx]) {
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("cache-control")).toBe("private, no-store");
      expect(headers.get("content-length")).toBe("10");
    }
  });

  it("names an export's attachment the same way, with the UTF-8 form", () => {
    expect(contentDisposition("attachment", "fixit-earnings-2026-11-29.csv")).toBe(`attachment; filename="fixit-earnings-2026-11-29.csv"; filename*=UTF-8''fixit-earnings-2026-11-29.csv`);
  });

  it("is the only module in app/ and server/ that writes a file name into a header (issue 48)", () => {
    const sources = ["app", "server"].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)));
    const writers = sources.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && /filename[=*]/.test(readFileSync(file, "utf8")));
    expect(writers).toEqual([path.join("app", "lib", "download-headers.ts")]);
  });
});
