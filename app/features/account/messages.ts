/** What My Account says after each action. */
export const accountMessages = {
  profileSaved: { title: "Profile updated", text: "Your name and phone number have been saved." },
  /** A flash on My Account after the redirect that brings the new session cookie. */
  passwordChanged: { kind: "success", title: "Password changed", text: "Your password has been changed and your other devices have been signed out." },
  passwordFailed: { title: "Password Change Failed", text: "" },
  wrongPassword: { title: "", text: "Your current password is not correct." },
  /** A flash on the home page: the session is gone, so the message travels in its own cookie. */
  accountDeleted: { kind: "success", title: "Account deleted", text: "Your account and its data have been deleted." },
  deleteFailed: { title: "Account Deletion Failed", text: "" },
  deletePasswordRequired: { title: "", text: "Please enter your password to confirm." },
} as const;
