/**
 * The one way a response names a file (issue 48): every Content-Disposition is built here, so a
 * file name cannot break the header. `documentHeaders` serves a private document (to staff, or a
 * fixer's own): the stored (content-checked) type, never sniffed, never cached; PDFs may be viewed
 * in the browser ("inline") when asked, every other type is always a download. Exports (CSV, the
 * account's data) name their attachment with `contentDisposition`.
 */

/** An ASCII stand-in for the header's plain filename= (quotes, backslashes, controls and non-ASCII become _). */
export function asciiFileName(name: string): string {
  const cleaned = name.replace(/[^\x20-\x7e]|["\\]/g, "_").trim();
  return cleaned.slice(0, 150) || "document";
}

export function contentDisposition(mode: "inline" | "attachment", name: string): string {
  return `${mode}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 150))}`;
}

export function canViewInline(contentType: string): boolean {
  return contentType === "application/pdf";
}

export function documentHeaders(input: { contentType: string; size: number; name: string; inline: boolean }): Headers {
  const mode = input.inline && canViewInline(input.contentType) ? "inline" : "attachment";
  const headers = new Headers({
    "content-type": input.contentType,
    "content-length": String(input.size),
    "content-disposition": contentDisposition(mode, input.name),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  // A PDF shown in the browser needs its viewer; nothing else may load or run, and no site may frame it.
  if (mode === "inline") headers.set("content-security-policy", "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  return headers;
}
