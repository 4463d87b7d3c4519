/** Every message the staff console shows, in one place. */
export const staffMessages = {
  forbidden: {
    title: "You don't have access to the staff console",
    text: "The staff console is for FixiT staff. If you should have access, ask an admin to give your account the staff role.",
  },
  adminOnly: {
    title: "Admins only",
    text: "This part of the staff console is for admins. Ask an admin if you need something from it.",
  },
  notFound: { title: "Not found", text: "There is no such record. It may have been deleted." },
  badRequest: { title: "That did not work", text: "The request was not understood. Please try again." },
  unreadable: { title: "That did not work", text: "The form could not be read. Please reload the page and try again." },
  saved: { title: "Saved", text: "Your changes are saved." },
} as const;

export type StaffActionResult = {
  ok: boolean;
  title: string;
  text: string;
  /** Field messages from the shared zod schema (400). */
  fieldErrors?: Record<string, string>;
};

/** Why a console action was refused; the route answers with the matching status (400, 403, 404, 409). */
export type StaffProblem = "invalid" | "forbidden" | "not-found" | "conflict";
/** What a console service decided: the result the page shows and, when refused, why. */
export type StaffOutcome = StaffActionResult & { problem?: StaffProblem };

export const done = (title: string, text: string): StaffOutcome => ({ ok: true, title, text });
export const refused = (problem: StaffProblem, title: string, text: string, fieldErrors?: Record<string, string>): StaffOutcome => ({
  ok: false,
  problem,
  title,
  text,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/** Flashes for the page a new post redirects to (a toast, and a status line without JavaScript). */
export const staffFlashes = {
  postCreated: { kind: "success", title: "Draft saved", text: "The post is saved as a draft. Publish it when it is ready." },
  postPublished: { kind: "success", title: "Post published", text: "VIP members can read it now." },
} as const;
