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
  saved: { title: "Saved", text: "Your changes are saved." },
} as const;

export type StaffActionResult = {
  ok: boolean;
  title: string;
  text: string;
  /** Field messages from the shared zod schema (400). */
  fieldErrors?: Record<string, string>;
};

/** Results carried across a redirect as ?notice=<key> (a toast, and a status line without JavaScript). */
export const staffNotices = {
  "post-created": { title: "Draft saved", text: "The post is saved as a draft. Publish it when it is ready." },
  "post-published": { title: "Post published", text: "VIP members can read it now." },
  "post-deleted": { title: "Post deleted", text: "The post is gone from the VIP blog." },
} as const;
export type StaffNoticeKey = keyof typeof staffNotices;

export function noticeFrom(url: string): { title: string; text: string } | null {
  const key = new URL(url).searchParams.get("notice");
  return key && Object.hasOwn(staffNotices, key) ? staffNotices[key as StaffNoticeKey] : null;
}
