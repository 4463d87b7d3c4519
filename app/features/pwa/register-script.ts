/**
 * The one inline script every page carries for the installable app (decision 073), in the root layout:
 * - it keeps the browser's install prompt (`beforeinstallprompt` can fire before anything else loads)
 *   and marks the document `data-installable`, so that "Install FixiT" (~/components/content/install-app)
 *   shows its button, and answers that button's click with the prompt (once: a prompt is used up),
 *   before or without any other script;
 * - it imports /app-start.js (./app-start.ts), which registers the worker and shows the update notice,
 *   once the page's own app runs and the browser is idle: after load on a page that starts its app by
 *   itself (a signed-in page), after the visitor's first interaction on a public page that waits for
 *   one (decision 041: `window.__firstInteraction`, server/http/first-interaction.ts), so that such a
 *   page fetches no script before a touch. A click on Install FixiT imports it too.
 * A constant string: a cached page allows it by its hash (decision 012), a rendered one by its nonce.
 * A classic script, so its names are kept inside a block. Every byte is on every page's first load
 * (tests/js-budget.test.ts), hence the short names.
 */
export const registerScript =
  '{let w=window,root=document.documentElement,prompt,start=()=>import("/app-start.js").catch(()=>0);' +
  'addEventListener("beforeinstallprompt",e=>{e.preventDefault();prompt=e;root.dataset.installable=""});' +
  'addEventListener("click",e=>{if(prompt&&e.target.closest?.("[data-install-prompt]")){prompt.prompt();prompt=0;delete root.dataset.installable;start()}});' +
  // An inline script in the document always runs before its load event, and a page's module script
  // (which sets __firstInteraction) has run by then.
  'addEventListener("load",()=>Promise.resolve(w.__firstInteraction).then(()=>(w.requestIdleCallback||setTimeout)(start)))}';
