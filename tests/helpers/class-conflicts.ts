import { extendTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge taught our theme (app/app.css: the type scale and shadows), used only by tests to
 * spot elements whose classes fight over one CSS property — which one wins would then depend on
 * the order of Tailwind's stylesheet, not on the markup (decision 007).
 */
const merge = extendTailwindMerge({
  extend: {
    theme: { text: ["display", "h1", "h2", "h3", "h4", "body", "small"], shadow: ["card", "raised", "overlay"] },
  },
  // Tailwind 4: a text-* size only supplies a default line height, which leading-* overrides — not a conflict.
  override: { conflictingClassGroups: { "font-size": [] } },
});

/** The classes of one class attribute that another class in it overrides; [] when there is no conflict. */
export function conflictingClasses(classAttribute: string): string[] {
  const classes = [...new Set(classAttribute.split(/\s+/).filter(Boolean))];
  const kept = new Set(merge(classes.join(" ")).split(" "));
  return classes.filter((c) => !kept.has(c));
}

const unescapeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Every class attribute in an HTML document that holds conflicting classes. */
export function classConflictsIn(html: string): { classes: string; overridden: string[] }[] {
  const found: { classes: string; overridden: string[] }[] = [];
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const classes = unescapeAttribute(match[1]!);
    const overridden = conflictingClasses(classes);
    if (overridden.length > 0) found.push({ classes, overridden });
  }
  return found;
}
