/**
 * "What visitors see of fixers changed": a review left, replied to or hidden, or a fixer's services
 * changed. Pages built from that data (the service pages' top-rated fixers) are served from the
 * anonymous-HTML cache, so the composition root (server/app.ts) listens here and drops them
 * (decision 023, "Public fixer data and the page cache"). Called after the change is committed.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onPublicFixerDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publicFixerDataChanged(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // A listener's failure must not turn a committed change into an error for its author.
    }
  }
}
