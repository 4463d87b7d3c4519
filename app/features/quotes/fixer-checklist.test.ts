import { describe, expect, it } from "vitest";
import { fixerChecklist } from "./fixer-checklist";

describe("fixerChecklist", () => {
  it("lists every step as to do for a fixer just approved with nothing set", () => {
    const steps = fixerChecklist({ services: [], areas: [], bio: "  ", quotesSent: 0 });
    expect(steps.map((s) => [s.id, s.done])).toEqual([
      ["services", false],
      ["areas", false],
      ["bio", false],
      ["quote", false],
    ]);
  });

  it("marks each step done from the profile", () => {
    const steps = fixerChecklist({ services: ["plumbing"], areas: ["SW1"], bio: "Gas Safe plumber", quotesSent: 2 });
    expect(steps.every((s) => s.done)).toBe(true);
    expect(fixerChecklist({ services: ["plumbing"], areas: [], bio: "", quotesSent: 0 }).filter((s) => !s.done).map((s) => s.id)).toEqual(["areas", "bio", "quote"]);
  });
});
