/**
 * The job form's pointer to the emergency form (/request → /emergency, decision 081): its own tiny
 * module, so /request loads these few words and not the emergency form's copy.
 */
export const emergencyFormPath = "/emergency";

export const jobFormPointer = {
  text: "An emergency with plumbing, electrics or a repair that cannot wait?",
  link: "Ask for help now: see who is on call near you",
} as const;
