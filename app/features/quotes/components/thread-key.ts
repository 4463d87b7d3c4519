/**
 * A thread's message form is keyed by the last message the viewer sent: once a message is sent
 * (the page's data then has it) the box starts empty again, so nothing invites a double send; a
 * refused message leaves the key, and the text, as they were.
 */
export const lastSentKey = (messages: readonly { id: number; fromMe: boolean }[]) => `sent-${messages.findLast((m) => m.fromMe)?.id ?? 0}`;
