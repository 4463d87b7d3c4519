#!/usr/bin/env node
/**
 * Renders the social sharing image (public/og-image.png, 1200×630) from HTML with the self-hosted
 * Inter font, in Debian's Chromium. Run after changing the brand line: `node scripts/render-og-image.mjs`.
 * The PNG is committed: social networks want a raster image and the server should not render it.
 */
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const font = readFileSync(fileURLToPath(import.meta.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"))).toString("base64");
const html = `<!doctype html><html><head><style>
@font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format("woff2"); font-weight: 100 900; }
html, body { margin: 0; width: 1200px; height: 630px; }
body { font-family: Inter, sans-serif; background: linear-gradient(160deg, #e8effd 0%, #ffffff 60%); color: #0f172a; position: relative; overflow: hidden; }
.glow { position: absolute; top: -220px; right: -160px; width: 640px; height: 640px; border-radius: 50%; background: rgba(26, 86, 219, .12); filter: blur(40px); }
.wrap { position: absolute; inset: 72px 88px; display: flex; flex-direction: column; }
.logo { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 800; letter-spacing: -.02em; }
.logo b { color: #1a56db; }
.mark { width: 72px; height: 72px; }
h1 { font-size: 68px; line-height: 1.06; letter-spacing: -.03em; font-weight: 800; margin: 64px 0 0; max-width: 900px; }
p { font-size: 30px; color: #475569; margin: 28px 0 0; max-width: 860px; line-height: 1.35; }
.foot { margin-top: auto; display: flex; gap: 14px; font-size: 24px; font-weight: 600; color: #1a56db; }
.pill { background: #fff; border-radius: 999px; padding: 10px 22px; box-shadow: 0 4px 12px -2px rgba(15,23,42,.1); }
</style></head><body><div class="glow"></div><div class="wrap">
<div class="logo"><svg class="mark" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1a56db"/><path d="M9 8h14v4h-9v3h8v4h-8v5H9z" fill="#fff"/></svg><span>Fixi<b>T</b></span></div>
<h1>Trusted, vetted fixers for every job around your home</h1>
<p>Plumbing, electrical, cleaning, moving, childcare, dog walking and more — across the UK.</p>
<div class="foot"><span class="pill">Background-checked</span><span class="pill">Upfront quotes</span><span class="pill">Pay when it's done</span></div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: fileURLToPath(new URL("../public/og-image.png", import.meta.url)) });
await browser.close();
console.log("wrote public/og-image.png");
