import type { MetaDescriptor } from "react-router";

/** Every console page: its title, and never indexed (the server also sends X-Robots-Tag and no-store). */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Staff console · FixiT` }, { name: "robots", content: "noindex, nofollow" }];
}
