import { updateNotice } from "~/content/app-update";

/**
 * The installable app's start (decision 073), built as /app-start.js (scripts/service-worker-plugin.ts)
 * and imported by the page's inline script (./register-script.ts) once the page's own app runs and the
 * browser is idle (on a public page, after the visitor's first interaction), so that no page pays for
 * it before then. The install prompt is the inline script's; this
 * - registers /sw.js;
 * - when a new version's worker is waiting, shows "A new version of FixiT is ready. Reload"; the
 *   worker takes over only when the visitor presses Reload (SKIP_WAITING), then the page reloads.
 */
const sw = navigator.serviceWorker;
let reloading = false;

/** The notice: a polite status with one button, above everything at the foot of the screen (the header stays usable), small. */
function offerReload(worker: ServiceWorker) {
  // The first install has no page to replace; one notice at a time.
  if (!sw.controller || document.getElementById("app-update")) return;
  const note = document.createElement("div");
  const button = document.createElement("button");
  note.id = "app-update";
  note.setAttribute("role", "status");
  note.className =
    "fixed inset-x-4 bottom-4 z-[60] mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-2 text-sm text-white shadow-lg";
  button.type = "button";
  button.textContent = updateNotice.action;
  button.className =
    "min-h-10 cursor-pointer rounded-lg bg-white px-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  button.addEventListener("click", () => {
    reloading = true;
    button.disabled = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  });
  note.append(updateNotice.text, " ", button);
  document.body.append(note);
}

if (sw) {
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  sw.register("/sw.js").then(
    (registration?: ServiceWorkerRegistration) => {
      // A browser that blocks workers (an automated one, a locked-down profile) may answer with nothing.
      if (!registration) return;
      if (registration.waiting) offerReload(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") offerReload(worker);
        });
      });
      // A page left open (the installed app, a tab) looks for a new version when it is looked at again.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    },
    () => {},
  );
}
