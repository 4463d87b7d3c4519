/**
 * The notice a page shows when a new version of FixiT is ready (decision 073): the worker waits for
 * the visitor's word. A file of its own, so that /app-start.js carries these words and no others.
 */
export const updateNotice = { text: "A new version of FixiT is ready.", action: "Reload" };
