/** The bubble appears after 2 s (not in the way of the first look at the page) and nudges every 30 s. */
export const chatWidgetTimings = { appearAfterMs: 2000, nudgeEveryMs: 30_000, nudgeForMs: 1000 } as const;
