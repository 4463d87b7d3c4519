/**
 * What a new fixer still has to do before jobs reach them, computed from their profile: the /fixer
 * dashboard greets them with it until every step is done. Jobs are matched on services and areas,
 * so a fixer without either receives none.
 */
export type FixerStepId = "services" | "areas" | "bio" | "quote";
export type FixerStep = { id: FixerStepId; label: string; hint: string; href: string; done: boolean };

export function fixerChecklist(profile: { services: readonly string[]; areas: readonly string[]; bio: string; quotesSent: number }): FixerStep[] {
  return [
    { id: "services", label: "Choose the services you offer", hint: "Jobs are matched on them.", href: "#coverage", done: profile.services.length > 0 },
    { id: "areas", label: "Set the postcode areas you cover", hint: "Until you set them, no job reaches you.", href: "#areas", done: profile.areas.length > 0 },
    { id: "bio", label: "Write a few lines about you", hint: "Customers read them on your public profile.", href: "#bio", done: profile.bio.trim().length > 0 },
    { id: "quote", label: "Send your first quote", hint: "Open a job for you and quote for it.", href: "#jobs", done: profile.quotesSent > 0 },
  ];
}
