/**
 * A signed-out visitor's public page loads no framework code until the visitor reaches for a part
 * that needs it (decision 041). These are pieces of the page's one inline module script (allowed by
 * the response's nonce, or by its hash on a cached page), used by the islands pages' start
 * (app/lib/islands/islands-scripts.tsx) and by React Router's rewritten script (./paint-first.ts).
 *
 * `firstInteraction` resolves on the first pointerdown, focus, key or click in scope (on an island
 * of an islands page; anywhere on a React Router page, whose whole document hydrates; never on a
 * popover or its toggle, such as the header's menu, which the browser opens and closes), at once if
 * the focus is already there (autofocus), or on a `fixit:start` event (the browser tests start a
 * page's app with it). The island the visitor reached for is marked `data-island-first`: it
 * hydrates before the others (app/islands.client.tsx). A mouse pointing at a link or a button in scope preloads the modules (a
 * download, nothing runs).
 *
 * The interaction that started the load is not lost:
 * - a focus, and keys typed into a field, are the browser's own: the field keeps them. Once React
 *   has hydrated a field typed into before, it gets an `input` event, so that a field React controls
 *   takes what it holds into its state (React would otherwise put its own, empty, value back on
 *   the next render);
 * - a click on a button React alone answers (the header's menu toggle, a tab) is held until React
 *   has hydrated that button, then clicked again, once. React marks each node it hydrates with a
 *   `__reactProps$…` key, which is what is waited for;
 * - a submit button posts its form as plain HTML, as without JavaScript, unless the form asks for
 *   the click to be held (`data-hold-submit`): the cookie banner, whose plain post reloads the page
 *   (and would wipe what the visitor types meanwhile), while its script saves in place. If React
 *   has not hydrated it within 10 s, the form posts after all;
 * - a link is followed, unless it asks for its click to be held (`data-hold-click`): the header's
 *   Back, a link to / whose script goes back in history instead. After 10 s it is followed.
 * A click with a modifier key or another button than the main one (a new tab) is the browser's.
 *
 * `preload()` must be defined before this code (the page's module preloads, added once).
 */
export function startOnFirstInteraction(scope: "islands" | "document"): string {
  // A popover and its toggle (the header's menu) are the browser's to answer: they start nothing.
  const inScope =
    scope === "islands"
      ? `const inScope = (node) => node instanceof Element && node.closest("[data-island]") !== null && !node.closest("[popovertarget], [popover]");`
      : `const inScope = (node) => node instanceof Element && !node.closest("[popovertarget], [popover]");`;
  return `${inScope}
let start;
const firstInteraction = new Promise((resolve) => { start = (target) => { if (target) target.closest("[data-island]")?.setAttribute("data-island-first", ""); start = () => {}; resolve(); }; });
for (const type of ["pointerdown", "focusin", "keydown", "click"]) document.addEventListener(type, (event) => { if (inScope(event.target)) start(event.target); }, { capture: true, passive: true });
document.addEventListener("fixit:start", () => start());
// The installable app's inline script (app/features/pwa/register-script.ts) waits for it too.
window.__firstInteraction = firstInteraction;
if (document.activeElement !== document.body && inScope(document.activeElement)) start(document.activeElement);
document.addEventListener("pointerover", (event) => { if (event.pointerType === "mouse" && inScope(event.target) && event.target.closest("a[href], button")) preload(); }, { passive: true });
const hydrated = (node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"));
const typedBefore = new Set();
document.addEventListener("input", (event) => {
  const field = event.target;
  if (!(field instanceof Element) || !field.matches("input, textarea, select") || !inScope(field) || hydrated(field) || typedBefore.has(field)) return;
  typedBefore.add(field);
  const tell = () => {
    if (!field.isConnected) return;
    if (!hydrated(field)) return void setTimeout(tell, 20);
    // React tracks the value it last saw; it must see this one as new.
    field._valueTracker?.setValue("");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (field.tagName === "SELECT") field.dispatchEvent(new Event("change", { bubbles: true }));
  };
  tell();
}, true);
const held = new Set();
document.addEventListener("click", (event) => {
  const control = event.target instanceof Element ? event.target.closest("button, a[data-hold-click]") : null;
  if (!control || !inScope(control) || hydrated(control)) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const form = control.type === "submit" ? control.form : null;
  if (form && !form.hasAttribute("data-hold-submit")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held.has(control)) return;
  held.add(control);
  const giveUpAt = Date.now() + 10000;
  const replay = () => {
    if (hydrated(control) || !control.isConnected || Date.now() > giveUpAt) {
      if (hydrated(control)) control.click();
      else if (form?.isConnected) form.requestSubmit(control);
      else if (control.isConnected && control.href) location.assign(control.href);
      held.delete(control);
      return;
    }
    setTimeout(replay, 20);
  };
  replay();
}, true);`;
}

/** The line after which a script's imports run only once the visitor has interacted (scripts/measure-js.mjs looks for it). */
export const awaitFirstInteraction = "await firstInteraction;";
