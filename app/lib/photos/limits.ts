/**
 * Photos people add to a form (a job, a message, a job marked done): what a page needs to render
 * the picker, without any server code. The pipeline that checks and stores them is ./photos.server.ts.
 */

/** The form field every photo picker sends its files in. */
export const PHOTO_FIELD = "photos";
/** What a photo field's picker offers (the server checks the content, whatever the name says). */
export const photoAccept = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";
/** One photo's upload, at most (the stored copy is re-encoded, usually much smaller). */
export const photoMaxBytes = 10 * 1024 * 1024;
