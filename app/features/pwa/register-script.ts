import { updateNotice } from "~/content/installable-app";

/**
 * The one script every page runs for the installable app (decision 073), inline in the root layout:
 * - registers /sw.js once the page has loaded and the browser is idle, so that it costs the page
 *   nothing (no module, no request before then);
 * - keeps the browser's install prompt (`beforeinstallprompt`) and marks the document
 *   `data-installable`, so that "Install FixiT" (~/components/content/install-app) shows its button;
 *   a click on `[data-install-prompt]` opens the prompt, with or without React;
 * - when a new version's worker is waiting, shows "A new version of FixiT is ready. Reload"; the
 *   worker takes over only when the visitor presses Reload (SKIP_WAITING), and then the page reloads.
 * A constant string: a cached page allows it by its hash (decision 012), a rendered one by its nonce.
 */
export const registerScript = `(() => {
const d = document, h = d.documentElement, sw = navigator.serviceWorker;
let prompt = null, reloading = false;
addEventListener("beforeinstallprompt", (e) => { e.preventDefault(); prompt = e; h.dataset.installable = ""; });
addEventListener("appinstalled", () => { prompt = null; delete h.dataset.installable; });
d.addEventListener("click", (e) => {
  if (!prompt || !(e.target instanceof Element) || !e.target.closest("[data-install-prompt]")) return;
  prompt.prompt(); prompt.userChoice.finally(() => { prompt = null; delete h.dataset.installable; });
});
if (!sw) return;
sw.addEventListener("controllerchange", () => { if (reloading) location.reload(); });
const offer = (worker) => {
  if (!sw.controller || d.getElementById("app-update")) return;
  const note = d.createElement("div"), button = d.createElement("button");
  note.id = "app-update"; note.setAttribute("role", "status");
  note.className = "fixed inset-x-4 top-4 z-[60] mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-2 text-sm text-white shadow-lg";
  button.type = "button"; button.textContent = ${JSON.stringify(updateNotice.action)};
  button.className = "min-h-10 cursor-pointer rounded-lg bg-white px-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  button.onclick = () => { reloading = true; button.disabled = true; worker.postMessage({ type: "SKIP_WAITING" }); };
  note.append(${JSON.stringify(updateNotice.text)}, button); d.body.append(note);
};
const register = () => sw.register("/sw.js").then((r) => {
  if (r.waiting) offer(r.waiting);
  r.addEventListener("updatefound", () => { const w = r.installing; w?.addEventListener("statechange", () => { if (w.state === "installed") offer(w); }); });
  d.addEventListener("visibilitychange", () => { if (d.visibilityState === "visible") r.update().catch(() => {}); });
}, () => {});
const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
if (d.readyState === "complete") idle(); else addEventListener("load", idle, { once: true });
})();`
  // One line: the bytes every page carries (indentation and line breaks are not needed).
  .replace(/\n\s*/g, "");
