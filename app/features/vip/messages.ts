/** What the VIP pages say, in one place so the pages and the actions word things the same. */
export const vipMessages = {
  verified: { title: "VIP access verified!", text: "Welcome to FixiT VIP access!" },
  invalid: { title: "Invalid early access code", text: "Please check your VIP access code and try again." },
  error: { title: "Error", text: "Something went wrong. Please try again." },
  rateLimited: { title: "Too many attempts", text: "Too many attempts. Please wait a few minutes and try again." },
  /** A flash on the page a refused visitor lands on (My Account, or sign-in on the way there). */
  denied: { kind: "error", title: "Access Denied", text: "You need a valid early access code to view this page." },
  required: "Please enter your VIP access code.",
  submit: "Enter VIP Blog",
  busy: "Verifying VIP Access...",
  checking: "Checking your VIP access...",
  loadingPosts: "Loading exclusive content...",
} as const;
