/**
 * Document type checks by content (magic bytes) as well as by extension, for the uploads the site
 * takes: CVs (PDF, DOC and DOCX only) and the fixer onboarding's certifications, insurance papers and
 * portfolios (those, or a phone photo of the paper: JPEG, PNG, WebP or HEIC).
 *
 * - PDF starts with `%PDF-`.
 * - JPEG starts `FF D8 FF`; PNG with its 8-byte signature; WebP is `RIFF····WEBP`; HEIC/HEIF is an
 *   ISO box `····ftyp` whose brand is one of the HEIF brands (heic, heix, hevc, heim, heis, mif1, msf1).
 * - DOC is an OLE2 compound file: `D0 CF 11 E0 A1 B1 1A E1`.
 * - DOCX is a ZIP (`PK\x03\x04`) holding an entry whose name starts with `word/`; a plain zip or an
 *   .xlsx (`xl/…`) is not a DOCX. The entry is found in the zip's local file headers or its central
 *   directory, so the whole file must be seen (use {@link DocumentSniffer} while streaming).
 */

export type DocumentType = "pdf" | "doc" | "docx" | "jpeg" | "png" | "webp" | "heic";

/** The paper formats every upload takes (a CV is one of these only). */
export const PAPER_TYPES = ["pdf", "doc", "docx"] as const satisfies readonly DocumentType[];
/** A phone photo of a paper: what onboarding takes as well. */
export const PHOTO_TYPES = ["jpeg", "png", "webp", "heic"] as const satisfies readonly DocumentType[];

export const DOCUMENT_MIME_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
} as const satisfies Record<DocumentType, string>;

export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[DocumentType];

/** The MIME types a CV may have (spec 001: application/pdf, application/msword, the Word openxml type). */
export const ALLOWED_DOCUMENT_MIME_TYPES: readonly DocumentMimeType[] = PAPER_TYPES.map((type) => DOCUMENT_MIME_TYPES[type]);

export const DOCUMENT_EXTENSIONS = {
  ".pdf": "pdf",
  ".doc": "doc",
  ".docx": "docx",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
  ".heic": "heic",
  ".heif": "heic",
} as const satisfies Record<string, DocumentType>;

/** For `<input type="file" accept=…>`: the document picker accepts .pdf, .doc, .docx. */
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx";
/** The onboarding portal's picker: papers, or a phone photo of one. */
export const DOCUMENT_OR_PHOTO_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.webp,.heic,.heif";

/** Bytes needed to tell the formats apart by their magic numbers (WebP and HEIC need 12). */
export const SNIFF_BYTES = 12;

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RIFF = Buffer.from("RIFF", "latin1");
const WEBP = Buffer.from("WEBP", "latin1");
const FTYP = Buffer.from("ftyp", "latin1");
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

const ZIP_LOCAL_HEADER = { signature: ZIP_MAGIC, nameLengthAt: 26, nameAt: 30 };
const ZIP_CENTRAL_HEADER = { signature: Buffer.from([0x50, 0x4b, 0x01, 0x02]), nameLengthAt: 28, nameAt: 46 };
const WORD_FOLDER = Buffer.from("word/", "latin1");
/** Enough of the previous chunk to finish reading a header that straddles two chunks. */
const CARRY_BYTES = ZIP_CENTRAL_HEADER.nameAt + WORD_FOLDER.length;

/** The type a file name claims by its extension (case-insensitive), or null for anything else. */
export function documentTypeForFileName(fileName: string): DocumentType | null {
  const match = /\.[A-Za-z0-9]+$/.exec(fileName.trim());
  if (!match) return null;
  const extension = match[0].toLowerCase();
  return Object.hasOwn(DOCUMENT_EXTENSIONS, extension)
    ? DOCUMENT_EXTENSIONS[extension as keyof typeof DOCUMENT_EXTENSIONS]
    : null;
}

/**
 * Watches a file go by, chunk by chunk, without keeping it: remembers its first bytes and whether
 * a zip entry named `word/…` has passed.
 */
export class DocumentSniffer {
  private head = Buffer.alloc(0);
  private carry = Buffer.alloc(0);
  private sawWordEntry = false;

  push(chunk: Buffer): void {
    if (this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    }
    if (this.sawWordEntry) return;
    const window = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    this.sawWordEntry = hasWordEntry(window);
    this.carry = Buffer.from(window.subarray(Math.max(0, window.length - CARRY_BYTES)));
  }

  /** True once enough bytes arrived to judge the magic number. */
  get headComplete(): boolean {
    return this.head.length >= SNIFF_BYTES;
  }

  /** What the first bytes say: a zip is only a candidate DOCX until the whole file is seen. */
  magic(): Exclude<DocumentType, "docx"> | "zip" | null {
    const head = this.head;
    if (startsWith(head, PDF_MAGIC)) return "pdf";
    if (startsWith(head, OLE2_MAGIC)) return "doc";
    if (startsWith(head, ZIP_MAGIC)) return "zip";
    if (startsWith(head, JPEG_MAGIC)) return "jpeg";
    if (startsWith(head, PNG_MAGIC)) return "png";
    if (head.length >= 12 && startsWith(head, RIFF) && head.subarray(8, 12).equals(WEBP)) return "webp";
    if (head.length >= 12 && head.subarray(4, 8).equals(FTYP) && HEIF_BRANDS.has(head.subarray(8, 12).toString("latin1"))) return "heic";
    return null;
  }

  /** Could the bytes seen so far still become a file of type `expected`? (False = refuse now.) */
  couldBe(expected: DocumentType): boolean {
    const magic = this.magic();
    if (!this.headComplete) {
      // Too few bytes yet: refuse only when what we have already contradicts the expected magic.
      const want = { pdf: PDF_MAGIC, doc: OLE2_MAGIC, docx: ZIP_MAGIC, jpeg: JPEG_MAGIC, png: PNG_MAGIC, webp: RIFF, heic: null }[expected];
      if (!want) return true; // a HEIF box starts with its size: nothing to compare yet
      const n = Math.min(this.head.length, want.length);
      return this.head.subarray(0, n).equals(want.subarray(0, n));
    }
    return expected === "docx" ? magic === "zip" : magic === expected;
  }

  /** The type of everything pushed so far, taken as the whole file. */
  result(): DocumentType | null {
    const magic = this.magic();
    if (magic === "zip") return this.sawWordEntry ? "docx" : null;
    return magic;
  }
}

/** The document type of a whole file's bytes, or null if it is none of the types above. */
export function detectDocumentType(content: Buffer): DocumentType | null {
  const sniffer = new DocumentSniffer();
  sniffer.push(content);
  return sniffer.result();
}

export type DocumentCheck =
  | { ok: true; type: DocumentType; contentType: DocumentMimeType }
  | { ok: false; reason: "extension" | "content" };

/** The extension must be one of `allowed` (PDF, DOC, DOCX by default) AND the content must be that format. */
export function checkDocument(fileName: string, content: Buffer, allowed: readonly DocumentType[] = PAPER_TYPES): DocumentCheck {
  const claimed = documentTypeForFileName(fileName);
  if (!claimed || !allowed.includes(claimed)) return { ok: false, reason: "extension" };
  if (detectDocumentType(content) !== claimed) return { ok: false, reason: "content" };
  return { ok: true, type: claimed, contentType: DOCUMENT_MIME_TYPES[claimed] };
}

function startsWith(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}

function hasWordEntry(buffer: Buffer): boolean {
  for (const header of [ZIP_LOCAL_HEADER, ZIP_CENTRAL_HEADER]) {
    for (let at = buffer.indexOf(header.signature); at !== -1; at = buffer.indexOf(header.signature, at + 1)) {
      const nameStart = at + header.nameAt;
      if (nameStart + WORD_FOLDER.length > buffer.length) break;
      if (
        buffer.readUInt16LE(at + header.nameLengthAt) > WORD_FOLDER.length &&
        buffer.subarray(nameStart, nameStart + WORD_FOLDER.length).equals(WORD_FOLDER)
      ) {
        return true;
      }
    }
  }
  return false;
}
