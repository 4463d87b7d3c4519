import { describe, expect, it } from "vitest";
import { makeDoc, makeDocx, makeExe, makePdf, makeXlsxLikeZip, makeZip } from "#tests/helpers/documents.ts";
import {
  ALLOWED_DOCUMENT_MIME_TYPES,
  checkDocument,
  detectDocumentType,
  DocumentSniffer,
  documentTypeForFileName,
} from "./filetype.ts";

describe("detectDocumentType", () => {
  it("recognises real PDF, DOC and DOCX bytes", () => {
    expect(detectDocumentType(makePdf("Hello"))).toBe("pdf");
    expect(detectDocumentType(makeDoc())).toBe("doc");
    expect(detectDocumentType(makeDocx("Hello"))).toBe("docx");
  });

  it("refuses executables, plain zips, spreadsheets, text and empty files", () => {
    expect(detectDocumentType(makeExe())).toBeNull();
    expect(detectDocumentType(makeZip({ "notes.txt": "hello", "wordy/x.xml": "<x/>" }))).toBeNull();
    expect(detectDocumentType(makeXlsxLikeZip())).toBeNull();
    expect(detectDocumentType(Buffer.from("just some text"))).toBeNull();
    expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
    expect(detectDocumentType(Buffer.from("%PD"))).toBeNull();
  });

  it("finds the word/ entry through the central directory even when it is not first", () => {
    const docx = makeZip({ "[Content_Types].xml": "<Types/>", "docProps/app.xml": "x".repeat(5000), "word/document.xml": "<w/>" });
    expect(detectDocumentType(docx)).toBe("docx");
  });
});

describe("DocumentSniffer (streaming)", () => {
  it("gives the same answer when the file arrives one byte at a time", () => {
    for (const [bytes, type] of [
      [makeDocx("split"), "docx"],
      [makePdf("split"), "pdf"],
      [makeDoc(), "doc"],
      [makeXlsxLikeZip(), null],
    ] as const) {
      const sniffer = new DocumentSniffer();
      for (let i = 0; i < bytes.length; i++) sniffer.push(bytes.subarray(i, i + 1));
      expect(sniffer.result()).toBe(type);
    }
  });

  it("refuses an executable as soon as its first bytes arrive", () => {
    const sniffer = new DocumentSniffer();
    sniffer.push(makeExe().subarray(0, 1));
    expect(sniffer.couldBe("pdf")).toBe(false);
    const pdf = new DocumentSniffer();
    pdf.push(Buffer.from("%P"));
    expect(pdf.couldBe("pdf")).toBe(true); // not enough bytes to refuse yet
    expect(pdf.couldBe("docx")).toBe(false);
  });
});

describe("checkDocument (extension and content must agree)", () => {
  it("accepts each type under its own extension, any letter case", () => {
    expect(checkDocument("cv.pdf", makePdf())).toEqual({ ok: true, type: "pdf", contentType: "application/pdf" });
    expect(checkDocument("CV.DOC", makeDoc())).toEqual({ ok: true, type: "doc", contentType: "application/msword" });
    expect(checkDocument("cv.Docx", makeDocx())).toEqual({
      ok: true,
      type: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
  });

  it("refuses an .exe renamed .pdf, mismatched pairs and other extensions", () => {
    expect(checkDocument("invoice.pdf", makeExe())).toEqual({ ok: false, reason: "content" });
    expect(checkDocument("cv.pdf", makeDocx())).toEqual({ ok: false, reason: "content" });
    expect(checkDocument("cv.docx", makeDoc())).toEqual({ ok: false, reason: "content" });
    expect(checkDocument("cv.doc", makePdf())).toEqual({ ok: false, reason: "content" });
    expect(checkDocument("archive.docx", makeZip({ "a.txt": "a" }))).toEqual({ ok: false, reason: "content" });
    expect(checkDocument("cv.exe", makePdf())).toEqual({ ok: false, reason: "extension" });
    expect(checkDocument("cv", makePdf())).toEqual({ ok: false, reason: "extension" });
    expect(checkDocument("cv.pdf.exe", makeExe())).toEqual({ ok: false, reason: "extension" });
  });

  it("maps extensions and lists the allowed MIME types from the spec", () => {
    expect(documentTypeForFileName("a.b.PDF")).toBe("pdf");
    expect(documentTypeForFileName("constructor")).toBeNull();
    expect(documentTypeForFileName("x.toString")).toBeNull();
    expect([...ALLOWED_DOCUMENT_MIME_TYPES].sort()).toEqual([
      "application/msword",
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]);
  });
});

describe("test documents", () => {
  it("makePdf writes a cross-reference table whose offsets point at their objects", () => {
    const pdf = makePdf("Offsets (checked)").toString("latin1");
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });
});
