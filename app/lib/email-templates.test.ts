import { describe, expect, it } from "vitest";
import { company } from "~/content/company.ts";
import { BRAND_BLUE, escapeHtml, renderEmail, safeHttpUrl } from "./email-templates.server.ts";

const hostile = `<script>alert(1)</script>" onmouseover="alert(2)`;

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
  it("leaves ordinary text alone", () => {
    expect(escapeHtml("Plumbing from £45 — book today")).toBe("Plumbing from £45 — book today");
  });
});

describe("renderEmail", () => {
  const email = renderEmail({
    preheader: "Your request is in",
    heading: "Thanks for getting in touch",
    paragraphs: ["We have your message.", "A member of the team will reply within one working day."],
    action: { label: "Visit FixiT", url: "https://fixit.example/help?x=1&y=2" },
    note: "If you did not contact us, you can ignore this email.",
  });

  it("brands the HTML: blue header with the wordmark, company name and address in the footer", () => {
    expect(email.html).toContain(`background:${BRAND_BLUE}`);
    expect(email.html).toMatch(/>FixiT<\/span>/);
    expect(email.html).toContain(company.legalName);
    expect(email.html).toContain(company.registeredOffice);
    expect(email.html).toContain("You are receiving this email because");
    expect(email.html).toContain('role="presentation"');
    expect(email.html).toContain("Your request is in");
  });

  it("puts the action link in both the HTML and the text version", () => {
    expect(email.html).toContain('href="https://fixit.example/help?x=1&amp;y=2"');
    expect(email.html).toContain(">Visit FixiT</a>");
    expect(email.text).toContain("Visit FixiT: https://fixit.example/help?x=1&y=2");
  });

  it("has a plain-text version with every paragraph, the note and the footer", () => {
    expect(email.text).toContain("Thanks for getting in touch");
    expect(email.text).toContain("We have your message.");
    expect(email.text).toContain("A member of the team will reply within one working day.");
    expect(email.text).toContain("If you did not contact us, you can ignore this email.");
    expect(email.text).toContain(company.registeredOffice);
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it("escapes hostile text everywhere it is interpolated", () => {
    const evil = renderEmail({
      preheader: hostile,
      heading: hostile,
      paragraphs: [hostile],
      action: { label: hostile, url: `https://fixit.example/"onmouseover="alert(3)` },
      note: hostile,
      reason: hostile,
    });
    expect(evil.html).not.toContain("<script>");
    expect(evil.html).not.toMatch(/"\s*onmouseover=/);
    expect(evil.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;alert(2)");
    // The URL parser percent-encodes the quotes, so the attribute cannot be closed.
    expect(evil.html).toContain('href="https://fixit.example/%22onmouseover=%22alert(3)"');
    // The text version is plain text: it keeps the words as they are (no HTML is ever made from it).
    expect(evil.text).toContain(hostile);
  });

  it("refuses links that are not absolute http(s) URLs", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,<b>x</b>", "/relative/path", "ftp://fixit.example/x", "not a url"]) {
      expect(() => renderEmail({ heading: "x", paragraphs: [], action: { label: "Go", url } })).toThrow(/http/);
    }
    expect(safeHttpUrl(" http://localhost:3000/reset?token=a b ")).toBe("http://localhost:3000/reset?token=a%20b");
  });

  it("leaves out the button and note when not given", () => {
    const plain = renderEmail({ heading: "Hello", paragraphs: ["Only text."] });
    expect(plain.html).not.toContain("<a ");
    expect(plain.text.split("\n").slice(0, 6)).toEqual(["FixiT", "", "Hello", "", "Only text.", ""]);
    expect(plain.text).not.toContain(": http");
  });
});
