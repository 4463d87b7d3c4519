/** What My Account says after each action. */
export const accountMessages = {
  profileSaved: { title: "Profile updated", text: "Your name and phone number have been saved." },
  passwordChanged: { title: "Password changed", text: "Your password has been changed and your other devices have been signed out." },
  passwordFailed: { title: "Password Change Failed", text: "" },
  wrongPassword: { title: "", text: "Your current password is not correct." },
  deleteFailed: { title: "Account Deletion Failed", text: "" },
  deletePasswordRequired: { title: "", text: "Please enter your password to confirm." },
} as const;

/**
 * Messages another page can send a visitor to My Account with: /account?notice=<key>. Shown as a
 * toast and a status line; unknown keys are ignored.
 */
export const accountNotices = {
  "vip-denied": { title: "Access Denied", text: "You need a valid early access code to view this page." },
} as const;

export type AccountNoticeKey = keyof typeof accountNotices;

export function accountNoticePath(key: AccountNoticeKey): string {
  return `/account?notice=${key}`;
}

/** The notice a query value names, or null for anything else. */
export function accountNotice(value: string | null): (typeof accountNotices)[AccountNoticeKey] | null {
  return value !== null && Object.hasOwn(accountNotices, value) ? accountNotices[value as AccountNoticeKey] : null;
}

/**
 * The notice carried by a sign-in redirect to My Account (/auth?from=/account?notice=…), so a
 * signed-out visitor sent to My Account still reads why.
 */
export function accountNoticeInReturnPath(from: string): (typeof accountNotices)[AccountNoticeKey] | null {
  const [path, query = ""] = from.split("?", 2);
  return path === "/account" ? accountNotice(new URLSearchParams(query).get("notice")) : null;
}
