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
});
