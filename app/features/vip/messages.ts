/** What the VIP pages say: the spec's words where it gives them (001 §8). */
export const vipMessages = {
  verified: { title: "VIP access verified!", text: "Welcome to FixiT VIP access!" },
  invalid: { title: "Invalid early access code", text: "Please check your VIP access code and try again." },
  error: { title: "Error", text: "Something went wrong. Please try again." },
  rateLimited: { title: "Too many attempts", text: "Too many attempts. Please wait a few minutes and try again." },
  required: "Please enter your VIP access code.",
  submit: "Enter VIP Blog",
  busy: "Verifying VIP Access...",
  checking: "Checking your VIP access...",
  loadingPosts: "Loading exclusive content...",
} as const;
