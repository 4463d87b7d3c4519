/**
 * The one inline script every page carries for the installable app (decision 073), in the root layout:
 * it keeps the browser's install prompt (`beforeinstallprompt` can fire before anything else loads)
 * and marks the document `data-installable`, so that "Install FixiT" (~/components/content/install-app)
 * shows its button; then, once the page has loaded and the browser is idle, it imports /app-start.js
 * (./app-start.ts), which registers the worker and does the rest. Nothing else runs before then.
 * A constant string: a cached page allows it by its hash (decision 012), a rendered one by its nonce.
 */
export const registerScript =
  'addEventListener("beforeinstallprompt",e=>{e.preventDefault();window.__installPrompt=e;document.documentElement.dataset.installable=""});' +
  // An inline script in the document always runs before its load event.
  'addEventListener("load",()=>(window.requestIdleCallback||setTimeout)(()=>import("/app-start.js").catch(()=>0)))';
