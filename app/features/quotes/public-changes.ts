/**
 * "What visitors see of fixers changed": a review left, replied to or hidden, or a fixer's services
 * changed. Pages built from that data (the service pages' top-rated fixers) are served from the
 * anonymous-HTML cache, so the composition root (app/composition-root.server.ts) makes one of these
 * per server, hands it to the features as `services.publicFixerData`, and drops those pages when it
 * signals (decision 023, "Public fixer data and the page cache"). Signalled after the change is committed.
 */
export type PublicFixerData = {
  changed(): void;
  onChange(listener: () => void): () => void;
};

export function createPublicFixerData(): PublicFixerData {
  const listeners = new Set<() => void>();
  return {
    changed() {
      for (const listener of listeners) {
        try {
          listener();
        } catch {
          // A listener's failure must not turn a committed change into an error for its author.
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
