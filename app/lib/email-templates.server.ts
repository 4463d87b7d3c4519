import { company } from "~/content/company.ts";

/**
 * The branded FixiT email: a table layout with inline styles (what mail clients render reliably),
 * and a plain-text twin. Every piece of text is escaped; links must be http(s).
 */
export type EmailContent = {
  /** The grey line inbox lists show after the subject; hidden in the body. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. "If you did not ask for this, ignore this email." */
  note?: string;
  /** Why the recipient got this email, shown in the footer. */
  reason?: string;
};

export const BRAND_BLUE = "#0b5fff";
const DEFAULT_REASON = `You are receiving this email because of something you did on the ${company.brand} website.`;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Accepts only absolute http(s) URLs (no javascript:, data: or relative links in an email). */
export function safeHttpUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new Error(`Email links must be absolute http(s) URLs, got "${url}"`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`Email links must be http(s), got "${parsed.protocol}"`);
  }
  return parsed.href;
}

const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const action = content.action ? { label: content.action.label, url: safeHttpUrl(content.action.url) } : undefined;
  const reason = content.reason ?? DEFAULT_REASON;
  const footerLines = [
    `${company.legalName}, ${company.registeredOffice}`,
    `Registered in England No. ${company.registeredInEnglandNo}`,
  ];

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#0f172a;">${escapeHtml(p)}</p>`)
    .join("\n");
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:8px;background:${BRAND_BLUE};">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;${font};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:${BRAND_BLUE};word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : "";
  const note = content.note
    ? `<p style="margin:0;font-size:14px;line-height:1.5;color:#475569;">${escapeHtml(content.note)}</p>`
    : "";
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader)}</div>`
    : "";

  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;${font};">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND_BLUE};padding:20px 32px;">
<span style="${font};font-size:24px;font-weight:800;letter-spacing:-0.5px;color:#ffffff;">${escapeHtml(company.brand)}</span>
</td></tr>
<tr><td style="padding:32px;${font};">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0f172a;">${escapeHtml(content.heading)}</h1>
${paragraphs}
${button}
${note}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8fafc;border-top:1px solid #e2e8f0;${font};font-size:12px;line-height:1.5;color:#475569;">
<p style="margin:0 0 8px;">${escapeHtml(reason)}</p>
${footerLines.map((l) => `<p style="margin:0;">${escapeHtml(l)}</p>`).join("\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    company.brand,
    "",
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    "--",
    reason,
    ...footerLines,
    "",
  ].join("\n");

  return { html, text };
}
