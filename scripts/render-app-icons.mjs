#!/usr/bin/env node
/**
 * Renders the installable app's icons (public/icons/*.png) from their SVG sources beside them, in
 * Debian's Chromium: the manifest's 192 and 512 px icons ("any" and "maskable"), the iPhone's
 * home-screen icon (180 px, square: iOS rounds it) and the notifications' monochrome badge.
 * Run after changing an SVG: `node scripts/render-app-icons.mjs`. The PNGs are committed: home
 * screens want raster icons and the server should not draw them (decision 073).
 */
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const icons = new URL("../public/icons/", import.meta.url);
const renders = [
  { svg: "icon.svg", size: 192, png: "icon-192.png" },
  { svg: "icon.svg", size: 512, png: "icon-512.png" },
  { svg: "icon-maskable.svg", size: 192, png: "icon-maskable-192.png" },
  { svg: "icon-maskable.svg", size: 512, png: "icon-maskable-512.png" },
  { svg: "icon-maskable.svg", size: 180, png: "apple-touch-icon.png" },
  { svg: "badge.svg", size: 96, png: "badge-96.png" },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (const { svg, size, png } of renders) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const source = readFileSync(new URL(svg, icons), "utf8");
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${source.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: fileURLToPath(new URL(png, icons)), omitBackground: true });
  await page.close();
  console.log(`wrote public/icons/${png}`);
}
await browser.close();
