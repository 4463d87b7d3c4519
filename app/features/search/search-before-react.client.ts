import { searchIndex, type SearchEntry } from "~/content/search-index";
import { filterSearchEntries } from "~/features/search/filter";

/**
 * The site search's answer before React has loaded (decision 041). On an islands page the search
 * box is the browser's own until React has hydrated it: the letter a visitor types lands at once,
 * and this module (no React: the index, the filter and a few DOM calls, ~4 KB gz) shows the results
 * for it at once, while React loads behind. It draws into the slot the SiteSearch component leaves
 * for it (`[data-search-before-react]`, content React never hydrates), with the same look and roles
 * as React's list, and steps aside once React has hydrated the box and shows its own results.
 * The page's islands script imports it when the visitor first reaches for the search
 * (app/lib/islands/islands-scripts.tsx).
 */

const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith("__reactProps$"));

function attach(root: HTMLElement) {
  const input = root.querySelector<HTMLInputElement>('input[role="combobox"]');
  const slot = root.querySelector<HTMLElement>("[data-search-before-react]");
  if (!input || !slot || hydrated(input) || root.dataset.searchBeforeReact === "attached") return;
  root.dataset.searchBeforeReact = "attached";
  const listId = `${input.id}-before-react`;
  const reactListId = input.getAttribute("aria-controls");
  let results: SearchEntry[] = [];
  let active = -1;

  const show = () => {
    const query = input.value;
    results = filterSearchEntries(searchIndex, query);
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (!query.trim()) {
      slot.replaceChildren();
      input.setAttribute("aria-expanded", "false");
      return;
    }
    const popup = document.createElement("div");
    popup.className = "absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-overlay";
    if (results.length === 0) {
      popup.innerHTML = `<div role="status" class="px-4 py-5 text-center"><p class="font-medium">No results found</p></div>`;
    } else {
      const list = document.createElement("ul");
      list.id = listId;
      list.setAttribute("role", "listbox");
      list.setAttribute("aria-label", "Search results");
      list.className = "max-h-[min(26rem,60dvh)] overflow-y-auto py-1";
      results.forEach((entry, index) => {
        const option = document.createElement("li");
        option.id = `${listId}-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.className = "flex cursor-pointer items-start gap-3 px-4 py-2.5";
        const text = document.createElement("span");
        text.className = "min-w-0 flex-1";
        const title = Object.assign(document.createElement("span"), { className: "block truncate font-medium", textContent: entry.title });
        const description = Object.assign(document.createElement("span"), { className: "block truncate text-small text-muted-foreground", textContent: entry.description });
        const category = Object.assign(document.createElement("span"), {
          className: "mt-0.5 shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground",
          textContent: entry.category,
        });
        text.append(title, description);
        option.append(text, category);
        // The box keeps the focus: a tap on an option chooses it.
        option.addEventListener("pointerdown", (event) => event.preventDefault());
        option.addEventListener("click", () => location.assign(entry.href));
        list.append(option);
      });
      popup.append(list);
    }
    slot.replaceChildren(popup);
    input.setAttribute("aria-controls", listId);
    input.setAttribute("aria-expanded", "true");
  };

  const setActive = (next: number) => {
    active = next;
    slot.querySelectorAll('[role="option"]').forEach((option, index) => {
      option.setAttribute("aria-selected", String(index === active));
      option.classList.toggle("bg-secondary", index === active);
    });
    input.setAttribute("aria-activedescendant", `${listId}-${active}`);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (hydrated(input)) return;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !slot.childElementCount) show();
    const count = results.length;
    if (event.key === "ArrowDown" && count) setActive((active + 1) % count);
    else if (event.key === "ArrowUp" && count) setActive(active <= 0 ? count - 1 : active - 1);
    // The search form has nowhere to post: Enter goes to a result, or does nothing.
    else if (event.key === "Enter") {
      if (count && slot.childElementCount) location.assign(results[Math.max(active, 0)]!.href);
    } else if (event.key === "Escape") {
      slot.replaceChildren();
      input.setAttribute("aria-expanded", "false");
    } else return;
    event.preventDefault();
  };

  // React has hydrated the box: its own list takes over once it shows (the islands script tells React what was typed).
  let handingOver = false;
  const handOver = () => {
    if (handingOver) return;
    handingOver = true;
    input.removeEventListener("input", onInput);
    input.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDownOutside);
    const giveUpAt = Date.now() + 3_000;
    const stepAside = () => {
      const reactAnswered = reactListId && document.getElementById(reactListId)?.childElementCount;
      if (!reactAnswered && input.getAttribute("aria-expanded") === "true" && Date.now() < giveUpAt && slot.childElementCount) return void setTimeout(stepAside, 20);
      slot.replaceChildren();
      if (reactListId) input.setAttribute("aria-controls", reactListId);
      if (!reactAnswered) input.setAttribute("aria-expanded", "false");
    };
    stepAside();
  };
  const onInput = () => (hydrated(input) ? handOver() : show());
  const onPointerDownOutside = (event: PointerEvent) => {
    if (hydrated(input) || root.contains(event.target as Node)) return;
    slot.replaceChildren();
    input.setAttribute("aria-expanded", "false");
  };
  document.addEventListener("pointerdown", onPointerDownOutside);
  input.addEventListener("input", onInput);
  input.addEventListener("keydown", onKeyDown);
  // Typed before this module arrived.
  if (input.value) show();
  const watch = () => (hydrated(input) ? handOver() : setTimeout(watch, 50));
  watch();
}

for (const root of document.querySelectorAll<HTMLElement>("[data-site-search]")) attach(root);
