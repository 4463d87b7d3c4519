/** What My Account says after each action. */
export const accountMessages = {
  profileSaved: { title: "Profile updated", text: "Your name and phone number have been saved." },
  passwordChanged: { title: "Password changed", text: "Your password has been changed and your other devices have been signed out." },
  passwordFailed: { title: "Password Change Failed", text: "" },
  wrongPassword: { title: "", text: "Your current password is not correct." },
  deleteFailed: { title: "Account Deletion Failed", text: "" },
  deletePasswordRequired: { title: "", text: "Please enter your password to confirm." },
} as const;
