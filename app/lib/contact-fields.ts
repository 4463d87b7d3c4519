/**
 * What an email or phone field shows and bounds before anything is parsed. Kept apart from the
 * parsing rules (./email.ts, ./phone.ts) so that a form renders its fields without loading them:
 * the rules reach the browser with the form's schema, after the page has loaded.
 */
export const EMAIL_MAX = 254;

export const PHONE_EXAMPLE = "07700 900123";
export const PHONE_HINT = `e.g. ${PHONE_EXAMPLE} or +44 7700 900123`;
/** Longest text accepted in a phone field before it is parsed. */
export const PHONE_INPUT_MAX = 30;
