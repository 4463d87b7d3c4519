import interLatinWoff2 from "~/assets/fonts/inter-latin-wght-subset.woff2?url";

/**
 * The built URL of Inter's latin variable font (subset: scripts/subset-font.sh), the same file app.css declares in @font-face,
 * so root.tsx can preload it and the first paint uses it without a second request.
 */
export const fontPreloadHref: string = interLatinWoff2;
