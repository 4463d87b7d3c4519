/**
 * A one-read message carried across a redirect ("Password changed", "Access Denied"): set with the
 * redirect in a signed cookie (./flash.server.ts), read once by the root loader, shown as a toast
 * and as a status line in the page (so a browser without JavaScript sees it too).
 */
export type Flash = { kind: "success" | "error"; title: string; text: string };
/** A flash as the root loader hands it on; `id` tells one showing from the next. */
export type ShownFlash = Flash & { id: string };
